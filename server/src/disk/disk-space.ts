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
