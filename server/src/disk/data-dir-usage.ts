/**
 * DATA_DIR's size as a kept figure. Walking every file under DATA_DIR costs a stat per file (thousands with
 * subsets and compressed copies), and 'Задания' asks every 30 s per open page: so the walk runs at most once per
 * `maxAgeMs`, off the request (the caller gets the last figure while a fresh one is counted), and at once after
 * something changed the folder (a job ended, retention ran: `changed()`). Only the very first call waits for a walk.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Bytes of every file below `dir` (what `du --apparent-size` counts); files vanishing meanwhile count 0. */
export async function walkBytes(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir, { recursive: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const name of names) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info?.isFile()) total += info.size;
  }
  return total;
}

export interface DataDirUsageOptions {
  /** A figure older than this is counted again in the background, ms (default 5 minutes). */
  maxAgeMs?: number;
  /** How the folder is counted (tests count the walks). */
  walk?: (dir: string) => Promise<number>;
  now?: () => number;
}

export class DataDirUsage {
  private figure: { bytes: number; at: number } | null = null;
  private walking: Promise<number> | null = null;
  /** `changed()` calls so far, and how many of them the kept figure has seen (counted after them). */
  private changes = 0;
  private counted = 0;
  private readonly maxAgeMs: number;
  private readonly walk: (dir: string) => Promise<number>;
  private readonly now: () => number;

  constructor(
    private readonly dataDir: string,
    options: DataDirUsageOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.walk = options.walk ?? walkBytes;
    this.now = options.now ?? Date.now;
  }

  /**
   * The kept figure; counted now the first time and after `changed()` (that count started at the change, so it is
   * mostly done by then); a figure older than `maxAgeMs` is recounted in the background.
   */
  async bytes(): Promise<number> {
    // Twice at most: a walk already under way may have started before the last change.
    for (let round = 0; round < 2 && (!this.figure || this.counted < this.changes); round++) await this.count();
    if (this.now() - this.figure!.at > this.maxAgeMs) void this.count().catch(() => undefined);
    return this.figure!.bytes;
  }

  /** Something wrote or removed files: count again now; the next caller gets the new figure. */
  changed(): void {
    this.changes++;
    void this.count().catch(() => undefined);
  }

  /** One walk at a time: callers during a walk share it; a change during it starts another after it. */
  count(): Promise<number> {
    if (this.walking) return this.walking;
    const seen = this.changes;
    this.walking = this.walk(this.dataDir)
      .then((bytes) => {
        this.figure = { bytes, at: this.now() };
        this.counted = seen;
        return bytes;
      })
      .finally(() => {
        this.walking = null;
        if (this.counted < this.changes) void this.count().catch(() => undefined);
      });
    return this.walking;
  }
}
