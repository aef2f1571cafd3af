/**
 * The records of the chosen region, models, run and period: one GET /verification per model, in parallel, merged in
 * the order the models were picked. A new choice cancels the requests of the previous one; `attempt` asks again.
 */
import { useEffect, useState } from 'react';
import type { RegionId } from '../../../common/regions/types.ts';
import { fetchVerification, type VerificationRow, type VerificationRun } from '../../api/verification.ts';

export type RowsState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; rows: VerificationRow[] } | { status: 'error'; error: unknown };

export interface RowsChoice {
  models: readonly string[];
  run: VerificationRun;
  from: string;
  to: string;
  region: RegionId;
  /** False while the choice cannot be asked for (a bad period). */
  valid: boolean;
}

export function useVerificationRows({ models, run, from, to, region, valid }: RowsChoice, attempt: number): RowsState {
  const key = valid && models.length > 0 ? JSON.stringify([models, run, from, to, region, attempt]) : null;
  const [answer, setAnswer] = useState<{ key: string; state: RowsState } | null>(null);
  useEffect(() => {
    if (key === null) return;
    const [ids, r, f, to_, g] = JSON.parse(key) as [string[], VerificationRun, string, string, RegionId];
    const controller = new AbortController();
    Promise.all(ids.map((model_id) => fetchVerification({ model_id, run: r, from: f, to: to_, region: g }, { signal: controller.signal }))).then(
      (lists) => {
        if (!controller.signal.aborted) setAnswer({ key, state: { status: 'ready', rows: lists.flat() } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key]);
  if (key === null) return { status: 'idle' };
  return answer?.key === key ? answer.state : { status: 'loading' };
}
