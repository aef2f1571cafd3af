export { ScalarFieldLayer, VALID_CELL_ALPHA, type FieldValues, type ScalarFieldLayerProps } from './scalar-field-layer.ts';
