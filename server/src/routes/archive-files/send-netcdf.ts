/**
 * Sending a forecast file: conditional requests (ETag / If-None-Match, Last-Modified / If-Modified-Since → 304),
 * a single byte range (206, or 416 when it cannot be satisfied), and gzip or brotli when the client accepts
 * them, from copies compressed once and kept beside the file, each checked against its checksum record before it is
 * sent (archive/file-store.ts, archive/copy-checksum.ts).
 *
 * Ranges apply to the file's bytes: a request with Range gets the identity encoding, which is what a client
 * resuming or sampling a download wants. Files never change once written, hence `immutable`; `private` because
 * they need a signed-in user.
 */
import { createReadStream, statSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDiskFull } from '../../disk/disk-full.ts';
import { compressedCopy, type Encoding } from '../../archive/file-store.ts';
import { NO_SUM } from '../../archive/copy-checksum.ts';

export const NETCDF_TYPE = 'application/x-netcdf';
export const CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** The encoding to send: br before gzip when both are accepted (q > 0); null for identity. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  const br = quality('br');
  const gzip = quality('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** Parse one `bytes=` range against a size: [start, end] inclusive, 'invalid' (416), or null (ignore, send all). */
export function parseRange(header: string | undefined, size: number): [number, number] | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // several ranges or another unit: answer with the whole file
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
    if (to !== '' && Number(to) < start) return null; // syntactically invalid: ignore the header
  }
  if (start >= size) return 'invalid';
  return [start, end];
}

export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/** Send `path` (a file of the archive) with the caching, range and encoding rules above. */
export async function sendNetcdf(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  etag: string,
  downloadName: string,
): Promise<FastifyReply> {
  const stat = statSync(path);
  const range = request.headers.range;
  const encoding = range ? null : chooseEncoding(request.headers['accept-encoding']);
  // Each representation has its own strong validator.
  const tag = encoding ? etag.replace(/"$/, `-${encoding}"`) : etag;
  const lastModified = new Date(Math.floor(stat.mtimeMs / 1000) * 1000);
  reply
    .header('content-type', NETCDF_TYPE)
    .header('cache-control', CACHE_CONTROL)
    .header('etag', tag)
    .header('last-modified', lastModified.toUTCString())
    .header('vary', 'Accept-Encoding')
    .header('accept-ranges', 'bytes')
    .header('content-disposition', `inline; filename="${downloadName}"`);

  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  const notModified = ifNoneMatch
    ? etagMatches(ifNoneMatch, tag)
    : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= lastModified.getTime();
  if (notModified) return reply.code(304).send();

  if (encoding) {
    // A copy damaged on disk is made again from the file (checked by the caller), never sent cut.
    const remade = (damage: string) =>
      damage === NO_SUM
        ? request.log.warn({ path, encoding }, 'compressed copy without its checksum record: made again')
        : request.log.error({ path, encoding, damage }, 'compressed copy damaged on disk: made again');
    const copy = await compressedCopy(path, encoding, remade).catch((error: unknown) => {
      // No room for the compressed copy (a full disk): the file itself is still good, sent as it is.
      if (!isDiskFull(error)) throw error;
      request.log.warn({ err: error, path }, 'no space for a compressed copy: sent uncompressed');
      return null;
    });
    if (copy) {
      const size = statSync(copy).size;
      return reply.header('content-encoding', encoding).header('content-length', size).send(createReadStream(copy));
    }
    reply.header('etag', etag);
  }

  // If-Range: a range only when the client's copy is still this one.
  const rawIfRange = request.headers['if-range'];
  const ifRange = Array.isArray(rawIfRange) ? rawIfRange[0] : rawIfRange;
  const rangeAllowed = !ifRange || etagMatches(ifRange, etag) || Date.parse(ifRange) >= lastModified.getTime();
  const wanted = rangeAllowed ? parseRange(range, stat.size) : null;
  if (wanted === 'invalid') {
    return reply.code(416).header('content-range', `bytes */${stat.size}`).type('application/json').send({ detail: 'Range Not Satisfiable' });
  }
  if (wanted) {
    const [start, end] = wanted;
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${stat.size}`)
      .header('content-length', end - start + 1)
      .send(createReadStream(path, { start, end }));
  }
  return reply.header('content-length', stat.size).send(createReadStream(path));
}
