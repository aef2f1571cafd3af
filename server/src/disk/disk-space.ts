/**
 * Free and total space of the file system that holds DATA_DIR (statfs: what `df` shows). Free means what an
 * unprivileged process may still write (`bavail`, not `bfree`: ext4 keeps ~5 % for root).
 */
import { statfsSync } from 'node:fs';

export interface DiskSpace {
  /** Bytes this process may still write. */
  freeBytes: number;
  /** Size of the file system, bytes. */
  totalBytes: number;
}

export function diskSpace(dir: string): DiskSpace {
  const stats = statfsSync(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

/** '1,2 ГБ', '350 МБ': sizes in the server's Russian messages (binary units, as `df -h`). */
export function formatBytesRu(bytes: number): string {
  const units = ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 && unit > 0 ? 1 : 0;
  return `${value.toFixed(digits).replace('.', ',')} ${units[unit]}`;
}
