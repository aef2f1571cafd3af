/**
 * DISK_RESERVE: the daily cycle starts a date's work only while at least this much is free on DATA_DIR's disk. A
 * date's files take about 70 MB (more with generated models); the reserve keeps room for them, the database, the
 * compressed copies and subsets requests make, so that a full disk stops the cycle before it stops the server.
 */
import { formatBytesRu } from '../../../common/format-bytes.ts';
import { diskSpace } from './disk-space.ts';
import { DISK_FULL_PREFIX } from './disk-full.ts';

/** The Russian reason the cycle gives for not starting `date`, or null when enough is free. */
export function reserveShortfall(dataDir: string, reserveBytes: number, date: string): string | null {
  if (reserveBytes <= 0) return null;
  const { freeBytes } = diskSpace(dataDir);
  if (freeBytes >= reserveBytes) return null;
  return (
    `${DISK_FULL_PREFIX}свободно ${formatBytesRu(freeBytes)}, меньше запаса DISK_RESERVE (${formatBytesRu(reserveBytes)}); ` +
    `дата ${date} не обрабатывается: освободите место в DATA_DIR, и следующий запуск цикла её обработает`
  );
}
