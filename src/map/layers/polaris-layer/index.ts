export { PolarisLayer, type PolarisLayerProps } from './polaris-layer.ts';
export { CATEGORY_COLOURS, cssColour, type Rgb } from './polaris-colours.ts';
export { classUniforms } from './polaris-uniforms.ts';
