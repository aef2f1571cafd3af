export { PolarisLayer, type PolarisLayerProps } from './polaris-layer.ts';
export { CATEGORY_COLOURS, type Rgb } from './polaris-colours.ts';
