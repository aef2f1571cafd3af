/**
 * Under the scorecard: how good 'Вероятность льда' (all models' forecasts of a date together) was over the period,
 * as the mean spatial probability score per lead (SPS = Σ A·(P − O)², km², lower is better; from
 * GET /verification/summary), with the number of dates and the mean number of members.
 */
import { useEffect, useState } from 'react';
import type { RegionId } from '../../../common/regions/types.ts';
import { fetchVerificationSummary, type VerificationSummaryReply } from '../../api/verification.ts';
import { ru } from '../../i18n/ru.ts';
import { decimal } from './verification-format.ts';

const t = ru.verification;

export interface SpsLine {
  lead_hours: number;
  dates: number;
  sps_km2: number;
  members: number;
}

/** Per lead (ascending): the mean SPS and the mean number of members over the dates scored. */
function spsByLead(sps: VerificationSummaryReply['sps']): SpsLine[] {
  const byLead = new Map<number, { n: number; sps: number; members: number }>();
  for (const row of sps) {
    const sum = byLead.get(row.lead_hours) ?? { n: 0, sps: 0, members: 0 };
    sum.n++;
    sum.sps += row.sps_km2;
    sum.members += row.members;
    byLead.set(row.lead_hours, sum);
  }
  return [...byLead.entries()]
    .sort(([a], [b]) => a - b)
    .map(([lead_hours, sum]) => ({ lead_hours, dates: sum.n, sps_km2: sum.sps / sum.n, members: sum.members / sum.n }));
}

export function EnsembleSps({ from, to, region }: { from: string; to: string; region: RegionId }) {
  const key = `${from}|${to}|${region}`;
  const [answer, setAnswer] = useState<{ key: string; lines: SpsLine[] } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchVerificationSummary({ from, to, region }, { signal: controller.signal }).then(
      (reply) => {
        if (!controller.signal.aborted) setAnswer({ key, lines: spsByLead(reply.sps) });
      },
      // The scorecard stands without it: a failed summary only leaves this line out.
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('Verification summary unavailable:', error);
      },
    );
    return () => controller.abort();
  }, [key, from, to, region]);
  const lines = answer?.key === key ? answer.lines : [];
  if (lines.length === 0) return null;
  return (
    <p className="muted" data-testid="ensemble-sps">
      {t.spsTitle}:{' '}
      {lines.map((line) => t.spsLine(line.lead_hours, decimal(line.sps_km2 / 1000, 1), line.dates, decimal(line.members, 1))).join('; ')}
    </p>
  );
}
