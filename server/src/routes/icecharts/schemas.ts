/** JSON schemas of /api/v1/icecharts (the OpenAPI document is made from them). */

const bbox = { type: 'array', items: { type: 'number' }, minItems: 4, maxItems: 4, description: '[west, south, east, north], degrees; west > east across 180°' } as const;

export const chartSummarySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    source: { type: 'string' },
    valid_time: { type: 'string', description: 'ISO 8601 UTC' },
    polygons: { type: 'integer' },
    bbox,
    imported_at: { type: 'string' },
  },
  required: ['id', 'source', 'valid_time', 'polygons', 'bbox', 'imported_at'],
} as const;

export const chartListSchema = {
  type: 'object',
  properties: { charts: { type: 'array', items: chartSummarySchema } },
  required: ['charts'],
} as const;

export const chartListQuery = {
  type: 'object',
  properties: {
    from: { type: 'string', maxLength: 40, description: 'ISO 8601 date or time: charts valid at or after it' },
    to: { type: 'string', maxLength: 40, description: 'ISO 8601 date or time: charts valid at or before it (a date: its whole day)' },
  },
  additionalProperties: false,
} as const;

export const chartParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;

export const chartQuery = {
  type: 'object',
  properties: {
    tolerance_km: { type: 'number', minimum: 0, maximum: 50, default: 0, description: 'simplify polygon outlines to this many km (no polygon is dropped); 0: as stored' },
  },
  additionalProperties: false,
} as const;

export const chartCollectionSchema = {
  type: 'object',
  description:
    'GeoJSON FeatureCollection in EPSG:4326 (polygons cut at ±180°), with `chart` (the summary) and `tolerance_km`. Each feature\'s properties: id, poly_type, ct [lo, hi] tenths, ct_meaning, stages [{conc, stage, code, name, polaris, form}], fast_ice, area_km2, raw (the SIGRID-3 codes as written). Brotli or gzip as accepted, ETag',
  properties: {
    type: { type: 'string', enum: ['FeatureCollection'] },
    chart: chartSummarySchema,
    tolerance_km: { type: 'number' },
    features: { type: 'array', items: { type: 'object' } },
  },
} as const;
