/** JSON schemas of the verification replies (common/api-types/verification.ts is the same contract in TypeScript). */
import { SCORE_FIELDS, VERIFICATION_RUNS } from '../../../../common/api-types/verification.ts';
import { regionQueryProperty } from '../regions/region-query.ts';

const number = { type: 'number' } as const;
const nullableNumber = { type: ['number', 'null'] } as const;
const NOT_NULL = new Set(['n_cells', 'iiee_km2', 'iiee_over_km2', 'iiee_under_km2', 'edge_length_km']);
const scoreProperties = Object.fromEntries(SCORE_FIELDS.map((field) => [field, field === 'n_cells' ? { type: 'integer' } : NOT_NULL.has(field) ? number : nullableNumber]));

const date = { type: 'string', format: 'date' } as const;
const run = { type: 'string', enum: [...VERIFICATION_RUNS] } as const;

const truth = {
  type: 'object',
  description:
    "What the record was scored against: an analysis (source = its dataset id, label as written in the file) or an ice chart of the valid date (source = 'chart:{id}', label = the chart's service); demo = the synthetic demo analysis.",
  properties: { source: { type: 'string' }, label: { type: 'string' }, demo: { type: 'boolean' } },
  required: ['source', 'label', 'demo'],
} as const;

const rowProperties = {
  date,
  lead_hours: { type: 'integer' },
  valid_date: date,
  model_id: { type: 'string' },
  run,
  truth,
  ...scoreProperties,
};

const verificationRow = {
  type: 'object',
  properties: rowProperties,
  required: Object.keys(rowProperties),
} as const;

export const verificationReply = {
  type: 'object',
  properties: { rows: { type: 'array', items: verificationRow } },
  required: ['rows'],
} as const;

const meanFields = SCORE_FIELDS.filter((field) => field !== 'n_cells');
const summaryRowProperties = {
  model_id: { type: 'string' },
  run,
  lead_hours: { type: 'integer' },
  records: { type: 'integer' },
  ...Object.fromEntries(meanFields.map((field) => [field, nullableNumber])),
  beats_persistence_share: nullableNumber,
};

const spsRowProperties = {
  date,
  lead_hours: { type: 'integer' },
  valid_date: date,
  members: { type: 'integer' },
  sps_km2: number,
};

const chartSummaryRowProperties = { service: { type: 'string', description: "the charts' service as stored ('ААНИИ', 'NIC', …)" }, ...summaryRowProperties };

export const summaryReply = {
  type: 'object',
  properties: {
    from: date,
    to: date,
    rows: { type: 'array', description: 'means of the records against the analyses', items: { type: 'object', properties: summaryRowProperties, required: Object.keys(summaryRowProperties) } },
    sps: { type: 'array', items: { type: 'object', properties: spsRowProperties, required: Object.keys(spsRowProperties) } },
    charts: {
      type: 'array',
      description: "means of the records against the ice charts (truth 'chart:{id}'), per service, model, run and lead; concentration and thickness scores are null",
      items: { type: 'object', properties: chartSummaryRowProperties, required: Object.keys(chartSummaryRowProperties) },
    },
  },
  required: ['from', 'to', 'rows', 'sps', 'charts'],
} as const;

/** The query of both routes (dates checked by the handler, so the reply names the parameter). */
export const periodQuery = {
  type: 'object',
  properties: {
    from: { type: 'string', maxLength: 32, description: 'YYYY-MM-DD, first start date (default: 29 days before `to`)' },
    to: { type: 'string', maxLength: 32, description: 'YYYY-MM-DD, last start date (default: today, UTC)' },
    ...regionQueryProperty,
  },
} as const;

export const rowsQuery = {
  type: 'object',
  properties: {
    model_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'default: the default model' },
    run: { type: 'string', maxLength: 32, description: "'forecast' (default) or 'assim_forecast'" },
    ...periodQuery.properties,
  },
} as const;
