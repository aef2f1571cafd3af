/**
 * Subsets on disk: each kept once, in the two encodings the server sends, in a folder beside the full file
 *   forecast-data/forecast/model_2/2026-11-21.nc.parts/<tag>.nc.br (+ .nc.gz, each with its `.sum` record)
 * where <tag> hashes the full file's ETag and the canonical selection, so a rebuilt file never meets an old
 * subset. The copies are made at their highest levels (brotli 11, gzip 9): a subset is small, written once and
 * read by every ship that opens that date; the `.gz`, written last, marks the subset complete.
 *
 * No identity copy: it was seven parts in eight of a warmed file's subsets (on a first start, 234 MB of identity
 * bytes beside 31 MB of copies; the whole Arctic's drift pair at one lead: 8.7 MB, 0.56 MB as gzip 9). Browsers
 * send `Accept-Encoding` with gzip (and br over https); the rare client that takes neither, or asks for a byte
 * range (ranges are of the identity bytes), gets the `.gz` inflated on the fly: 16 ms of one core for that
 * largest subset on a quiet core (up to 0.4 s at load average 23), 1.2 ms for a sector field, against 1.5–4 s to
 * cut and brotli it again.
 *
 * A request never waits for a compression: a subset not complete on disk is cut at once (tens of ms,
 * `subsetForRequest`) and answered in a quick encoding (fast-encoding.ts); the brotli 11 and gzip 9 copies are
 * made by the warmer (`subsetOnDisk`, subset-warmer.ts) for the next client, from the cut kept in memory
 * meanwhile. Concurrent requests share one cut, and the warmer one compression.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';
import { writeCopyAtomic, type Encoding } from '../archive/file-store.ts';
import { copyDamage, COPY_SUFFIXES } from '../archive/copy-checksum.ts';
import { selectionKey, subsetFile, type SubsetSelection } from './subset.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The folder of a file's subsets (beside the file it was cut from). */
export const partsDir = (path: string): string => `${path}.parts`;

/** Cuts under way (identity bytes), by subset path, shared by concurrent requests and the warmer. */
const cutting = new Map<string, Promise<Uint8Array>>();
/**
 * Cuts answered but not yet compressed to disk, by subset path: the warmer compresses these bytes instead of
 * cutting again (a whole-Arctic subset is read from a 70 MB file). At most this many (the whole Arctic's drift
 * pair is 8.7 MB, so ≤ 70 MB held); the oldest goes first and is cut again if it is still wanted.
 */
const PENDING_CUTS = 8;
const pendingCuts = new Map<string, Uint8Array>();
/** brotli 11 + gzip 9 under way, by subset path. */
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
  /** The subset's path without an encoding's suffix: its copies are `${path}.br` and `${path}.gz`. */
  path: string;
  /** A strong validator of its own, derived from the full file's (its copies' add `-br`, `-gzip`). */
  etag: string;
}

export interface SubsetForRequest extends SubsetOnDisk {
  /** Its `.br` and `.gz` are on disk, checked. Otherwise `bytes` are its identity bytes, cut now. */
  complete: boolean;
  /** Complete, and an encoding asked for: the copy to send as it is. */
  copy: string | null;
  /** The identity bytes: cut now (not complete), or inflated from the `.gz` (complete, identity asked for). */
  bytes: Uint8Array | null;
  /** When the copies were made (complete), for Last-Modified. */
  modified: Date | null;
  /** What was wrong with a copy found damaged (both removed, the subset cut again and queued to be remade). */
  damage: string | null;
}

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

function where(path: string, etag: string, selection: SubsetSelection): SubsetOnDisk {
  const tag = createHash('sha256').update(`${etag}\u0000${selectionKey(selection)}`).digest('hex').slice(0, 20);
  return { path: `${partsDir(path)}/${tag}.nc`, etag: `"${etag.replace(/^W\//, '').replace(/^"|"$/g, '')}-${tag.slice(0, 12)}"` };
}

const isComplete = (target: string) => existsSync(`${target}.gz`);

/** Both copies and their records, so the subset is made again whole. */
const removeCopies = (target: string) => {
  for (const suffix of COPY_SUFFIXES) rmSync(target + suffix, { force: true });
};

/** The identity bytes of a subset: the cut kept since a request, else cut from the full file now. */
function cut(path: string, target: string, selection: SubsetSelection): Promise<Uint8Array> {
  const kept = pendingCuts.get(target);
  if (kept) return Promise.resolve(kept);
  let job = cutting.get(target);
  if (!job) {
    // Checked and built synchronously: tens of ms for a slice of a 30 MB file.
    job = (async () => subsetFile(readFileSync(path), selection))().finally(() => cutting.delete(target));
    cutting.set(target, job);
  }
  return job;
}

function keepCut(target: string, bytes: Uint8Array): void {
  pendingCuts.delete(target);
  pendingCuts.set(target, bytes);
  while (pendingCuts.size > PENDING_CUTS) pendingCuts.delete(pendingCuts.keys().next().value!);
}

/** A complete subset as asked: its checked copy, or its identity bytes inflated from the checked `.gz`. */
async function fromCopies(found: SubsetOnDisk, encoding: Encoding | null): Promise<SubsetForRequest | string> {
  const copy = `${found.path}${SUFFIX[encoding ?? 'gzip']}`;
  const damage = await copyDamage(copy);
  if (damage !== null) return damage;
  // HTTP dates are whole seconds.
  const modified = new Date(Math.floor(statSync(copy).mtimeMs / 1000) * 1000);
  if (encoding) return { ...found, complete: true, copy, bytes: null, modified, damage: null };
  return { ...found, complete: true, copy: null, bytes: new Uint8Array(gunzipSync(readFileSync(copy))), modified, damage: null };
}

/**
 * For a waiting request: the subset complete on disk in the encoding asked for (`null`: identity, inflated from
 * its `.gz`), or its identity bytes cut now (never a compression). Throws SubsetError for a bad selection.
 */
export async function subsetForRequest(path: string, etag: string, selection: SubsetSelection, encoding: Encoding | null): Promise<SubsetForRequest> {
  const found = where(path, etag, selection);
  let damage: string | null = null;
  if (isComplete(found.path)) {
    const ready = await fromCopies(found, encoding);
    if (typeof ready !== 'string') return ready;
    // A copy truncated, rewritten or gone: neither is trusted, both are made again (the route queues it first).
    damage = ready;
    removeCopies(found.path);
  }
  foregroundBuilds += 1;
  try {
    const bytes = await cut(path, found.path, selection);
    keepCut(found.path, bytes);
    return { ...found, complete: false, copy: null, bytes, modified: null, damage };
  } finally {
    foregroundBuilds -= 1;
    if (foregroundBuilds === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}

/** The subset complete on disk (brotli 11, gzip 9), made if it is not: the warmer's work. */
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
      // The .gz last: its presence means both are complete.
      // With their checksum records, as the full files' copies (archive/copy-checksum.ts): checked before sending.
      writeCopyAtomic(`${target}.br`, br);
      writeCopyAtomic(`${target}.gz`, gz);
      pendingCuts.delete(target);
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
  if (selection.bbox) parts.push('window');
  return `${stem}_${parts.join('_').replace(/[^A-Za-z0-9_.-]/g, '-').slice(0, 120)}.nc`;
}
