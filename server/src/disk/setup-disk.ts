/**
 * `app.disk`: the disk that holds DATA_DIR as the server sees it — free and total space (statfs, each call: a
 * system call, cheap), DATA_DIR's size (a kept figure, data-dir-usage.ts) and the reserve the daily cycle keeps
 * (`DISK_RESERVE`). `/api/v1/cycle` shows these; so may the metrics.
 */
import type { FastifyInstance } from 'fastify';
import { DataDirUsage } from './data-dir-usage.ts';
import { diskSpace, type DiskSpace } from './disk-space.ts';

declare module 'fastify' {
  interface FastifyInstance {
    disk: DataDisk;
  }
}

export interface DiskFigures {
  /** Bytes this server may still write on DATA_DIR's file system. */
  free_bytes: number;
  /** Size of that file system, bytes. */
  total_bytes: number;
  /** Bytes of every file under DATA_DIR (the database, forecast files, copies, subsets), as last counted. */
  data_bytes: number;
  /** DISK_RESERVE: below this much free space the daily cycle starts no date. */
  reserve_bytes: number;
}

export class DataDisk {
  readonly usage: DataDirUsage;

  constructor(
    readonly dataDir: string,
    readonly reserveBytes: number,
    usage?: DataDirUsage,
  ) {
    this.usage = usage ?? new DataDirUsage(dataDir);
  }

  space(): DiskSpace {
    return diskSpace(this.dataDir);
  }

  async figures(): Promise<DiskFigures> {
    const { freeBytes, totalBytes } = this.space();
    return { free_bytes: freeBytes, total_bytes: totalBytes, data_bytes: await this.usage.bytes(), reserve_bytes: this.reserveBytes };
  }

  /** Files were written or removed (a job ended, retention ran): DATA_DIR's size is counted again. */
  changed(): void {
    this.usage.changed();
  }
}

export function setupDisk(app: FastifyInstance): void {
  app.decorate('disk', new DataDisk(app.config.dataDir, app.config.diskReserveBytes));
}
