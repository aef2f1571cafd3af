/** A job as the API shows it (jobs/job.ts). */
import { JOB_KINDS, JOB_STATUSES } from '../../../../common/api-types/jobs.ts';

const timestamp = { type: ['string', 'null'] } as const;

export const jobSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: [...JOB_KINDS] },
    status: { type: 'string', enum: [...JOB_STATUSES] },
    progress: { type: 'number' },
    message: { type: ['string', 'null'] },
    result: { type: ['object', 'null'], additionalProperties: true },
    request: { type: 'object', additionalProperties: true },
    user_id: { type: ['integer', 'null'] },
    /** Who asked (the account's username); null for a deleted account or a job the server started itself. */
    username: { type: ['string', 'null'] },
    created_at: { type: 'string' },
    started_at: timestamp,
    finished_at: timestamp,
  },
  required: ['id', 'kind', 'status', 'progress', 'message', 'result', 'request', 'user_id', 'created_at'],
} as const;

/** 202 reply of the endpoints that start a job. */
export const startedJobSchema = {
  type: 'object',
  properties: { job_id: { type: 'integer' }, message: { type: 'string' } },
  required: ['job_id'],
} as const;
