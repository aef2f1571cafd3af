/**
 * The dates a model can start from in a region: those with an analysis there (GET /analysis/info, `region` named
 * for the whole Arctic only), newest first. Asked again whenever the region changes; an answer for a region the
 * form has left is dropped.
 */
import { useCallback, useEffect, useState } from 'react';
import type { RegionId } from '../../../common/regions/types.ts';
import { fetchAnalysisInfo } from '../../api/analysis.ts';
import type { LoadState } from '../../loading/use-load.ts';

export function useAnalysisDates(region: RegionId): { state: LoadState<string[]>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const key = `${region}|${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; state: LoadState<string[]> } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchAnalysisInfo({ signal: controller.signal }, region).then(
      (info) => {
        if (!controller.signal.aborted) setAnswer({ key, state: { status: 'ready', data: [...info.available_dates].sort().reverse() } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key, region]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: answer?.key === key ? answer.state : { status: 'loading' }, retry };
}
