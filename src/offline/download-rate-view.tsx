/**
 * The speed of the file download under way, and its time left when the total is known, so that a navigator on a
 * slow link knows whether to wait.
 */
import { useState } from 'react';
import { ru } from '../i18n/ru.ts';
import { estimateRate } from './download-rate.ts';

export function DownloadRate({ loaded, total }: { loaded: number; total: number | null }) {
  // When this download started: the view is mounted with the progress bar of one file (ms).
  const [started] = useState(() => performance.now());
  // eslint-disable-next-line react-hooks/purity -- the elapsed time is what this view shows; it re-renders with each progress report
  const { bytesPerSecond, secondsLeft } = estimateRate(loaded, total, performance.now() - started);
  if (bytesPerSecond === null) return null;
  const parts = [ru.offline.rate((bytesPerSecond / 1024).toFixed(0))];
  if (secondsLeft !== null) parts.push(ru.offline.timeLeft(secondsLeft));
  return (
    <span className="forecast-sidebar__note" data-testid="download-rate">
      {parts.join(', ')}
    </span>
  );
}
