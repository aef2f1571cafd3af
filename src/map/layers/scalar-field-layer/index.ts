export { ScalarFieldLayer, VALID_CELL_ALPHA, type FieldValues, type ScalarFieldLayerProps } from './scalar-field-layer.ts';
export { createGridMesh, gridExtent, MERCATOR_MAX_LATITUDE } from './grid-mesh.ts';
