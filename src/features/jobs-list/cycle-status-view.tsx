import { useEffect, useState } from 'react';
import { formatBytesRu as formatBytes } from '../../../common/format-bytes.ts';
import { fetchCycleStatus, type CycleStatus } from '../../api/cycle.ts';
import { ru } from '../../i18n/ru.ts';
import { formatWhen } from './describe-job.ts';

const t = ru.cycle;
/** The cycle changes at most every few minutes (a retry, a tick); the jobs table shows the run in progress. */
const CYCLE_POLL_MS = 30_000;

function headline(status: CycleStatus): string {
  if (status.schedule === 'off' && !status.next_run) return t.off;
  return status.next_run ? t.next(formatWhen(status.next_run)) : t.nothingPlanned;
}

/** The top of the 'Задания' page: when the daily cycle runs next, and how each date of its window stands. */
export function CycleStatusView() {
  const [status, setStatus] = useState<CycleStatus | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await fetchCycleStatus({ signal: controller.signal });
        if (!controller.signal.aborted) setStatus(next);
      } catch {
        // The jobs list below reports a broken link; this panel just keeps what it showed.
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void poll(), CYCLE_POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  if (!status) return null;
  const retention = status.last_retention;
  return (
    <section className="cycle-status" aria-label={t.title}>
      <p className="cycle-status__next">{headline(status)}</p>
      <p className="cycle-status__facts">
        {[
          t.schedule(status.schedule),
          status.last_run ? t.lastRun(formatWhen(status.last_run)) : t.never,
          t.disk(formatBytes(status.disk_bytes)),
          t.free(formatBytes(status.disk_free_bytes), formatBytes(status.disk_total_bytes)),
          t.retain(status.retain_days),
          ...(retention && retention.dates.length ? [t.retired(retention.dates.length, formatBytes(retention.bytes))] : []),
        ].join(' · ')}
      </p>
      {status.disk_free_bytes < status.disk_reserve_bytes && (
        <p className="cycle-status__low-space job-error" role="alert">
          {t.lowSpace(formatBytes(status.disk_free_bytes), formatBytes(status.disk_reserve_bytes))}
        </p>
      )}
      <table className="cycle-status__dates">
        <thead>
          <tr>
            <th scope="col">{t.date}</th>
            <th scope="col">{t.status}</th>
            <th scope="col">{t.analysis}</th>
            <th scope="col">{t.forecasts}</th>
            <th scope="col">{t.verification}</th>
            <th scope="col">{t.message}</th>
          </tr>
        </thead>
        <tbody>
          {status.dates.map((date) => (
            <tr key={date.date} data-cycle-date={date.date} data-cycle-status={date.status}>
              <td>{date.date}</td>
              <td>{t.statuses[date.status] ?? date.status}</td>
              <td>{date.analysis ? t.yes : t.no}</td>
              <td>{date.forecasts}</td>
              <td>{date.verification ? t.yes : t.no}</td>
              <td className={date.status === 'failed' ? 'job-error' : undefined}>{date.message ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
