/** GET /api/v1/cycle (admin, superuser): the daily cycle's schedule, runs, disk use and the window's dates. */
import type { CycleStatus } from '../../common/api-types/cycle.ts';
import { apiJson, type RequestOptions } from './client.ts';

export type { CycleDateView, CycleStatus } from '../../common/api-types/cycle.ts';

export function fetchCycleStatus(options: Pick<RequestOptions, 'signal' | 'timeoutMs'> = {}): Promise<CycleStatus> {
  return apiJson<CycleStatus>('cycle', options);
}
