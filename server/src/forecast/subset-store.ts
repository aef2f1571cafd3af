/**
 * Subset files on disk (issue 13): written once, on first request, into a folder beside the full file
 *   forecast-data/forecast/model_2/2026-11-21.nc.parts/<tag>.nc (+ .nc.br, .nc.gz)
 * where <tag> hashes the full file's ETag and the canonical selection, so a rebuilt file never meets an old
 * subset. Both compressed copies are made at once at their highest levels (brotli 11, gzip 9): a subset is
 * small, written once and read by every ship that opens that date. Concurrent requests share one write.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { writeFileAtomic } from './file-store.ts';
import { selectionKey, subsetFile, type SubsetSelection } from './subset.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The folder of a file's subsets (beside the file it was cut from). */
export const partsDir = (path: string): string => `${path}.parts`;

const inFlight = new Map<string, Promise<void>>();
/** Subsets a request is waiting for (not the background's): the warmer starts nothing while any is made. */
let foregroundBuilds = 0;
let idleWaiters: Array<() => void> = [];

/** Resolves once no request is waiting for a subset to be made (at once if none is). */
export function foregroundIdle(): Promise<void> {
  if (foregroundBuilds === 0) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.push(resolve));
}

export interface SubsetOnDisk {
  path: string;
  /** A strong validator of its own, derived from the full file's. */
  etag: string;
}

/**
 * The subset's file, made (with its .br and .gz copies) on first use. Throws SubsetError for a bad selection.
 * `background`: made by the warmer (subset-warmer.ts), not for a waiting request.
 */
export async function subsetOnDisk(path: string, etag: string, selection: SubsetSelection, background = false): Promise<SubsetOnDisk> {
  const tag = createHash('sha256').update(`${etag}\u0000${selectionKey(selection)}`).digest('hex').slice(0, 20);
  const target = `${partsDir(path)}/${tag}.nc`;
  const subsetEtag = `"${etag.replace(/^W\//, '').replace(/^"|"$/g, '')}-${tag.slice(0, 12)}"`;
  if (existsSync(`${target}.gz`)) return { path: target, etag: subsetEtag };
  let job = inFlight.get(target);
  if (!job) {
    job = (async () => {
      // The subset is checked and built synchronously (tens of ms); compression runs on libuv's pool.
      const bytes = subsetFile(readFileSync(path), selection);
      const [br, gz] = await Promise.all([
        brotliAsync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_LGWIN]: 24,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      // The .gz last: its presence means the three are complete.
      writeFileAtomic(target, bytes);
      writeFileAtomic(`${target}.br`, br);
      writeFileAtomic(`${target}.gz`, gz);
    })().finally(() => inFlight.delete(target));
    inFlight.set(target, job);
  }
  if (background) {
    await job;
  } else {
    foregroundBuilds += 1;
    try {
      await job;
    } finally {
      foregroundBuilds -= 1;
      if (foregroundBuilds === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    }
  }
  return { path: target, etag: subsetEtag };
}

/**
 * The download name of a subset: the full file's name with the selection, e.g.
 * forecast_model_2_2026-11-21_sithick_GLORYS_24h.nc, and `_stride2` for a preview.
 */
export function subsetName(fullName: string, selection: SubsetSelection): string {
  const stem = basename(fullName, '.nc');
  const parts = [...(selection.variables ?? []), ...(selection.leads ?? []).map((h) => `${h}h`)];
  if ((selection.stride ?? 1) !== 1) parts.push(`stride${selection.stride}`);
  return `${stem}_${parts.join('_').replace(/[^A-Za-z0-9_.-]/g, '-').slice(0, 120)}.nc`;
}
