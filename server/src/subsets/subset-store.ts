/**
 * Subset files on disk: written once into a folder beside the full file
 *   forecast-data/forecast/model_2/2026-11-21.nc.parts/<tag>.nc (+ .nc.br, .nc.gz)
 * where <tag> hashes the full file's ETag and the canonical selection, so a rebuilt file never meets an old
 * subset. The compressed copies are made at their highest levels (brotli 11, gzip 9): a subset is small,
 * written once and read by every ship that opens that date; the `.gz`, written last, marks the three complete.
 *
 * A request never waits for those: a subset not complete on disk is cut at once (tens of ms, `subsetForRequest`),
 * its identity bytes written, and answered in a quick encoding (fast-encoding.ts); the brotli 11 and gzip 9 copies
 * are made by the warmer (`subsetOnDisk(…, background)`, subset-warmer.ts) for the next client. Concurrent
 * requests share one cut, and the warmer one compression.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { isDiskFull } from '../disk/disk-full.ts';
import { writeCopyAtomic, writeFileAtomic } from '../archive/file-store.ts';
import { selectionKey, subsetFile, type SubsetSelection } from './subset.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The folder of a file's subsets (beside the file it was cut from). */
export const partsDir = (path: string): string => `${path}.parts`;

/** Cuts under way (identity bytes), by target path, shared by concurrent requests and the warmer. */
const cutting = new Map<string, Promise<Uint8Array>>();
/** brotli 11 + gzip 9 under way, by target path. */
const compressing = new Map<string, Promise<void>>();
/** Subsets a request is waiting for (not the background's): the warmer starts nothing while any is cut. */
let foregroundBuilds = 0;
let idleWaiters: Array<() => void> = [];

/** Resolves once no request is waiting for a subset to be cut (at once if none is). */
export function foregroundIdle(): Promise<void> {
  if (foregroundBuilds === 0) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.push(resolve));
}

export interface SubsetOnDisk {
  /** The identity file (its .br and .gz beside it when `complete`). */
  path: string;
  /** A strong validator of its own, derived from the full file's. */
  etag: string;
}

export interface SubsetForRequest extends SubsetOnDisk {
  /** The .br and .gz copies are on disk: send it as any file. Otherwise `bytes` are its identity bytes. */
  complete: boolean;
  bytes: Uint8Array | null;
  /** The identity file is on disk (false only when a full disk kept it from being written: send `bytes`). */
  written: boolean;
}

function where(path: string, etag: string, selection: SubsetSelection): SubsetOnDisk {
  const tag = createHash('sha256').update(`${etag}\u0000${selectionKey(selection)}`).digest('hex').slice(0, 20);
  return { path: `${partsDir(path)}/${tag}.nc`, etag: `"${etag.replace(/^W\//, '').replace(/^"|"$/g, '')}-${tag.slice(0, 12)}"` };
}

const isComplete = (target: string) => existsSync(`${target}.gz`);

/** The identity bytes of a subset: from disk when written, else cut from the full file (and written). */
function cut(path: string, target: string, selection: SubsetSelection): Promise<Uint8Array> {
  let job = cutting.get(target);
  if (!job) {
    job = (async () => {
      if (existsSync(target)) return new Uint8Array(readFileSync(target));
      // Checked and built synchronously: tens of ms for a slice of a 30 MB file.
      const bytes = subsetFile(readFileSync(path), selection);
      try {
        writeFileAtomic(target, bytes);
      } catch (error) {
        // A full disk: the cut is still answered, from memory (`written` false), and cut again next time.
        if (!isDiskFull(error)) throw error;
      }
      return bytes;
    })().finally(() => cutting.delete(target));
    cutting.set(target, job);
  }
  return job;
}

/**
 * For a waiting request: the subset complete on disk, or its identity bytes cut now (never a compression).
 * Throws SubsetError for a bad selection.
 */
export async function subsetForRequest(path: string, etag: string, selection: SubsetSelection): Promise<SubsetForRequest> {
  const found = where(path, etag, selection);
  if (isComplete(found.path)) return { ...found, complete: true, bytes: null, written: true };
  foregroundBuilds += 1;
  try {
    const bytes = await cut(path, found.path, selection);
    return { ...found, complete: false, bytes, written: existsSync(found.path) };
  } finally {
    foregroundBuilds -= 1;
    if (foregroundBuilds === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}

/** The subset complete on disk (identity, brotli 11, gzip 9), made if it is not: the warmer's work. */
export async function subsetOnDisk(path: string, etag: string, selection: SubsetSelection): Promise<SubsetOnDisk> {
  const found = where(path, etag, selection);
  const target = found.path;
  if (isComplete(target)) return found;
  let job = compressing.get(target);
  if (!job) {
    job = (async () => {
      const bytes = await cut(path, target, selection);
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
      // With their checksum records, as the full files' copies (archive/copy-checksum.ts): checked before sending.
      writeCopyAtomic(`${target}.br`, br);
      writeCopyAtomic(`${target}.gz`, gz);
    })().finally(() => compressing.delete(target));
    compressing.set(target, job);
  }
  await job;
  return found;
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
