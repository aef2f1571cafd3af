export { ScalarFieldLayer, type ScalarFieldLayerProps } from './scalar-field-layer.ts';
