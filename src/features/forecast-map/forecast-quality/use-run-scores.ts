/**
 * The verification records of the map's model (the default one: the map shows it) for one region, start date and
 * run, all leads in one request (GET /verification?run=R&from=D&to=D, `&region=arctic` for the whole Arctic). A complete answer (every lead scored) is kept
 * per date and run, so stepping through leads or back to a date asks nothing again; an incomplete one (an analysis
 * still to come, a record still being computed) or a failure is asked for again when the date or run comes back.
 */
import { useEffect, useState } from 'react';
import { LEAD_HOURS } from '../forecast-variables.ts';
import { fetchVerification, type VerificationRow, type VerificationRun } from '../../../api/verification.ts';
import type { RegionId } from '../../../../common/regions/types.ts';
import { isChartTruth } from '../../verification/verification-format.ts';

export type RunScores = { status: 'loading' } | { status: 'ready'; rows: VerificationRow[] } | { status: 'error'; error: unknown };

const answers = new Map<string, VerificationRow[]>();
/** Answers kept: a few weeks of dates × two runs, a few kB each. */
const KEPT = 60;

/** `query` null: nothing to ask (no analysis yet for the valid date). */
export function useRunScores(query: { date: string; run: VerificationRun; region: RegionId } | null): RunScores | null {
  const key = query ? `${query.region}|${query.date}|${query.run}` : null;
  const [fetched, setFetched] = useState<{ key: string; scores: RunScores } | null>(null);
  useEffect(() => {
    if (key === null || answers.has(key)) return;
    const [region, date, run] = key.split('|') as [RegionId, string, VerificationRun];
    const controller = new AbortController();
    fetchVerification({ run, from: date, to: date, region }, { signal: controller.signal }).then(
      (rows) => {
        // Complete once every lead is scored against the analysis (records against a chart come beside them).
        if (rows.filter((row) => !isChartTruth(row.truth)).length >= LEAD_HOURS.length) answers.set(key, rows);
        while (answers.size > KEPT) answers.delete(answers.keys().next().value as string);
        if (!controller.signal.aborted) setFetched({ key, scores: { status: 'ready', rows } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFetched({ key, scores: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key]);
  if (key === null) return null;
  const kept = answers.get(key);
  if (kept) return { status: 'ready', rows: kept };
  return fetched?.key === key ? fetched.scores : { status: 'loading' };
}
