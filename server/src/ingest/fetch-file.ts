/**
 * Getting a product's file of a date: an http(s) download streamed to a temporary file (progress in bytes,
 * abortable), a file from a path template, or the files of a `dir:` inbox whose names hold the date.
 * Every file comes back as bytes with its sha256, so provenance names exactly what was ingested.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DataNotYetError, IngestError } from './errors.ts';

export interface FetchedFile {
  /** The URL or absolute path it came from. */
  source: string;
  /** The file's own name (last path part of the URL or path). */
  name: string;
  bytes: Uint8Array;
  sha256: string;
}

/** Bytes read so far and the total when known (Content-Length), for the job's progress. */
export type ByteProgress = (loaded: number, total: number | null) => void;

/** Folder for downloads in progress, inside DATA_DIR (same file system, removed when done). */
export const INGEST_TMP_DIR = 'ingest-tmp';

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Read a local file (a path template's result, or an inbox file). */
export async function readLocalFile(path: string): Promise<FetchedFile> {
  let buffer: Buffer;
  try {
    buffer = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new DataNotYetError(`Файл не найден: ${path}`, { cause: error });
    throw new IngestError(`Не удалось прочитать файл ${path} (${code ?? (error as Error).message})`, { cause: error });
  }
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return { source: path, name: basename(path), bytes, sha256: sha256Of(bytes) };
}

/**
 * Download `url` into DATA_DIR/ingest-tmp (a unique name, removed afterwards), hashing as it streams.
 * A missing file (HTTP 404/410), another HTTP error or a network failure → IngestError in Russian.
 */
export async function downloadFile(url: string, dataDir: string, options: { signal?: AbortSignal; onProgress?: ByteProgress } = {}): Promise<FetchedFile> {
  let response: Response;
  try {
    response = await fetch(url, { signal: options.signal, redirect: 'follow' });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new IngestError(`Не удалось связаться с источником данных ${url}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`, {
      cause: error,
    });
  }
  if (response.status === 404 || response.status === 410) {
    await response.body?.cancel();
    throw new DataNotYetError(`Файл за эту дату не найден у источника (HTTP ${response.status}): ${url}`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new IngestError(`Источник данных ответил ошибкой HTTP ${response.status}: ${url}`);
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const dir = join(dataDir, INGEST_TMP_DIR);
  mkdirSync(dir, { recursive: true });
  const temporary = join(dir, `${randomUUID()}.download`);
  const hash = createHash('sha256');
  let loaded = 0;
  let lastReport = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      loaded += chunk.length;
      // Report about every MiB, not every chunk.
      if (loaded - lastReport >= 1 << 20) {
        lastReport = loaded;
        options.onProgress?.(loaded, total);
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), meter, createWriteStream(temporary), { signal: options.signal });
    options.onProgress?.(loaded, total);
    if (total !== null && loaded !== total) throw new IngestError(`Загрузка прервана: получено ${loaded} из ${total} байт (${url})`);
    const buffer = await readFile(temporary);
    const name = decodeURIComponent(basename(new URL(url).pathname)) || 'download.nc';
    return { source: url, name, bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), sha256: hash.digest('hex') };
  } catch (error) {
    if (error instanceof IngestError || options.signal?.aborted) throw error;
    throw new IngestError(`Загрузка прервана: ${(error as Error).message} (${url})`, { cause: error });
  } finally {
    rmSync(temporary, { force: true });
  }
}

const NETCDF_NAME = /\.(nc|nc4|netcdf|cdf)$/i;

/** NetCDF files of an inbox folder whose names hold the date as YYYYMMDD, YYYY-MM-DD or YYYY_MM_DD, sorted. */
export function inboxFiles(dir: string, date: string): string[] {
  const [yyyy, mm, dd] = date.split('-');
  const forms = [`${yyyy}${mm}${dd}`, `${yyyy}-${mm}-${dd}`, `${yyyy}_${mm}_${dd}`];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    throw new IngestError(`Папка источника анализов недоступна: ${dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { cause: error });
  }
  return names
    .filter((name) => NETCDF_NAME.test(name) && forms.some((form) => name.includes(form)))
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .sort();
}
