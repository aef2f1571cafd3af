/**
 * Files under DATA_DIR/forecast-data, laid out by kind, owner (model or dataset) and date:
 *   forecast-data/forecast/model_2/2026-11-21.nc
 *   forecast-data/assim_forecast/model_2/2026-11-21.nc
 *   forecast-data/analysis/demo_analysis/2026-11-21.nc
 * beside each, once asked for, its compressed copies `.nc.gz` and `.nc.br` (made once, then served as they are,
 * each checked against its record `.nc.br.sum` before use: copy-checksum.ts).
 * Names are checked against strict patterns and every resolved path is checked to stay inside the folder.
 * Files being written go to DATA_DIR/tmp first (then a rename, same file system): a crash leaves them there,
 * never beside the real files, and `removeStaleTemporaries` empties that folder at start.
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FileKind } from './forecast-file.ts';
import { FILES_DIR, TEMPORARY_DIR, temporaryFor } from './atomic-write.ts';
import { copyDamage, recordCopySum, writeSum } from './copy-checksum.ts';
import { sha256Of } from './checksums.ts';

export { FILES_DIR, TEMPORARY_DIR, writeFileAtomic } from './atomic-write.ts';

/**
 * At start, before anything writes: remove what interrupted writes left, in DATA_DIR/tmp and (from versions
 * that wrote temporaries beside the files) `*.tmp` under DATA_DIR/forecast-data. Returns the bytes freed.
 * `minAgeMs`: only temporaries not modified for that long (a DATA_DIR shared by several servers and workers:
 * another process may be writing one right now).
 */
export function removeStaleTemporaries(dataDir: string, minAgeMs = 0): { files: number; bytes: number } {
  const found: string[] = [];
  const temporaryDir = join(dataDir, TEMPORARY_DIR);
  if (existsSync(temporaryDir)) for (const name of readdirSync(temporaryDir)) found.push(join(temporaryDir, name));
  const filesDir = join(dataDir, FILES_DIR);
  if (existsSync(filesDir)) {
    for (const name of readdirSync(filesDir, { recursive: true, encoding: 'utf8' })) {
      if (name.endsWith('.tmp')) found.push(join(filesDir, name));
    }
  }
  let bytes = 0;
  let files = 0;
  for (const path of found) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (minAgeMs > 0 && (!stat || Date.now() - stat.mtimeMs < minAgeMs)) continue;
    bytes += stat?.size ?? 0;
    files++;
    rmSync(path, { recursive: true, force: true });
  }
  return { files, bytes };
}

/** 'YYYY-MM-DD' with a real calendar day. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Model and dataset ids: letters, digits, '_' and '-', up to 64. */
export const OWNER_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

class UnsafePathError extends Error {
  override name = 'UnsafePathError';
}

/** The '/'-separated path of a file relative to DATA_DIR. */
export function relativeFilePath(kind: FileKind, owner: string, date: string): string {
  if (!OWNER_PATTERN.test(owner)) throw new UnsafePathError(`bad owner id ${JSON.stringify(owner)}`);
  if (!isIsoDate(date)) throw new UnsafePathError(`bad date ${JSON.stringify(date)}`);
  return `${FILES_DIR}/${kind}/${owner}/${date}.nc`;
}

/** Absolute path of `rel` inside `dataDir`; throws if it would leave the forecast folder. */
export function resolveInside(dataDir: string, rel: string): string {
  const root = resolve(dataDir, FILES_DIR);
  const full = resolve(dataDir, rel);
  const inside = relative(root, full);
  if (inside === '' || inside.startsWith('..') || inside.split(sep).includes('..') || resolve(root, inside) !== full) {
    throw new UnsafePathError(`path outside the data folder: ${rel}`);
  }
  return full;
}

/** Write a compressed copy made in memory (a subset's) atomically, with its checksum record (copy-checksum.ts). */
export function writeCopyAtomic(copy: string, bytes: Uint8Array): void {
  mkdirSync(dirname(copy), { recursive: true });
  const temporary = temporaryFor(copy);
  try {
    writeFileSync(temporary, bytes);
    writeSum(copy, { bytes: bytes.length, sha256: sha256Of(bytes), mtime_ms: statSync(temporary).mtimeMs });
    renameSync(temporary, copy);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

export type Encoding = 'br' | 'gzip';

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const inFlight = new Map<string, Promise<string>>();

/**
 * The compressed copy of a file, made on first use (streamed through zlib off the event loop) and kept
 * beside it with its checksum record (copy-checksum.ts). Concurrent callers share one check or compression.
 * gzip level 6; brotli quality 5 with a 16 MiB window: about 1 s each for a 30 MB forecast, once. A copy found
 * damaged (truncated, rewritten, without its record) is told to `onDamaged` and made again from `path`, which
 * the caller has checked.
 */
export function compressedCopy(path: string, encoding: Encoding, onDamaged?: (damage: string) => void): Promise<string> {
  const target = path + SUFFIX[encoding];
  const running = inFlight.get(target);
  if (running) return running;
  const job = existingOrNewCopy(path, target, encoding, onDamaged).finally(() => inFlight.delete(target));
  inFlight.set(target, job);
  return job;
}

async function existingOrNewCopy(path: string, target: string, encoding: Encoding, onDamaged?: (damage: string) => void): Promise<string> {
  if (existsSync(target)) {
    const damage = await copyDamage(target);
    if (damage === null) return target;
    onDamaged?.(damage);
    rmSync(target, { force: true });
  }
  const temporary = temporaryFor(target);
  const compressor =
    encoding === 'gzip'
      ? createGzip({ level: 6 })
      : createBrotliCompress({
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 24 },
        });
  try {
    await pipeline(createReadStream(path), compressor, createWriteStream(temporary));
    await recordCopySum(temporary, target);
    renameSync(temporary, target);
    return target;
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
