/**
 * The subset answer of the /hist routes: `variables=a,b` and/or `lead=24,48` (hours) turn the reply
 * into a smaller NetCDF-3 file of just those slices, kept on disk as brotli 11 and gzip 9 copies with its own ETag
 * (subsets/subset-store.ts), sent with the same caching, range and encoding rules as the full file: a client
 * taking neither encoding, or asking for a range (of the identity bytes), gets the `.gz` inflated.
 * `stride=2` with both of them answers a preview: every 2nd cell in latitude and longitude (subsets/subset.ts).
 * An unknown variable or lead, a stride other than 1 or 2 (or one without `variables` and `lead`), or a file
 * that cannot be subset, is a 422 with a `detail` saying which.
 *
 * A subset whose copies are not made yet is never waited for: it is cut now and sent in a quick encoding
 * (subsets/fast-encoding.ts; its own ETag), and its brotli 11 copy is put first in the warmer's queue. A
 * preview puts its full subset right behind it (the worker asks for that next).
 */
import { createReadStream, statSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NetcdfFormatError } from '../../../../netcdf/errors.ts';
import { parseSubsetQuery as parseQuery, SubsetError, type SubsetSelection } from '../../../../common/forecast-file/subset-query.ts';
import { quickCompress, quickTag } from '../../subsets/fast-encoding.ts';
import { subsetForRequest, subsetName, type SubsetForRequest } from '../../subsets/subset-store.ts';
import type { Encoding } from '../../archive/file-store.ts';
import { HttpError } from '../../http-error.ts';
import { CACHE_CONTROL, chooseEncoding, etagMatches, NETCDF_TYPE, parseRange } from './send-netcdf.ts';

/** The selection of a query, null for the whole file; malformed lists → 422. */
export function parseSubsetQuery(query: { variables?: string; lead?: string; stride?: string; bbox?: string; coordinates?: string }): SubsetSelection | null {
  try {
    return parseQuery(query);
  } catch (error) {
    if (error instanceof SubsetError) throw new HttpError(422, error.message);
    throw error;
  }
}

async function findSubset(path: string, etag: string, selection: SubsetSelection, encoding: Encoding | null): Promise<SubsetForRequest> {
  try {
    return await subsetForRequest(path, etag, selection, encoding);
  } catch (error) {
    if (error instanceof SubsetError) throw new HttpError(422, error.message);
    if (error instanceof NetcdfFormatError) throw new HttpError(422, `this file cannot be subset (${error.message}); ask for the whole file`);
    throw error;
  }
}

/** Conditional requests against the representation's validators: true when 304 Not Modified is the answer. */
function notModified(request: FastifyRequest, tag: string, modified: Date | null): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return etagMatches(ifNoneMatch, tag);
  const since = request.headers['if-modified-since'];
  return modified !== null && since !== undefined && Date.parse(since) >= modified.getTime();
}

/** Identity bytes, whole or the one range asked for (If-Range: only while the client's copy is this one). */
function sendIdentity(request: FastifyRequest, reply: FastifyReply, bytes: Uint8Array, tag: string, modified: Date | null): FastifyReply {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rawIfRange = request.headers['if-range'];
  const ifRange = Array.isArray(rawIfRange) ? rawIfRange[0] : rawIfRange;
  const rangeAllowed = !ifRange || etagMatches(ifRange, tag) || (modified !== null && Date.parse(ifRange) >= modified.getTime());
  const wanted = rangeAllowed ? parseRange(request.headers.range, body.length) : null;
  if (wanted === 'invalid') {
    return reply.code(416).header('content-range', `bytes */${body.length}`).type('application/json').send({ detail: 'Range Not Satisfiable' });
  }
  if (!wanted) return reply.header('content-length', body.length).send(body);
  const [start, end] = wanted;
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${body.length}`)
    .header('content-length', end - start + 1)
    .send(body.subarray(start, end + 1));
}

export async function sendSubset(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  etag: string,
  downloadName: string,
  selection: SubsetSelection,
): Promise<FastifyReply> {
  // Ranges are of the identity bytes, so a request with Range gets identity.
  const encoding = request.headers.range ? null : chooseEncoding(request.headers['accept-encoding']);
  const subset = await findSubset(path, etag, selection, encoding);
  if (subset.damage) request.log.error({ path: subset.path, damage: subset.damage }, 'subset copy damaged on disk: made again');
  const name = subsetName(downloadName, selection);
  if (!subset.complete) {
    // Its brotli 11 copy for the next client first of all (the file's other subsets behind it with SUBSET_WARM);
    // for a preview, its full subset too, which the worker asks for right after it (workers/forecast/preview.ts).
    const alone = !request.server.config.subsetWarm;
    if ((selection.stride ?? 1) !== 1) request.server.subsetWarmer.warm(path, etag, { first: { variables: selection.variables, leads: selection.leads }, alone });
    request.server.subsetWarmer.warm(path, etag, { first: selection, front: true, alone });
  }
  // Each representation has its own strong validator: the copies' `-br`/`-gzip`, a quick encoding's `-br4`/`-gzip1`.
  const suffix = encoding && (subset.complete ? encoding : quickTag(encoding));
  const tag = suffix ? subset.etag.replace(/"$/, `-${suffix}"`) : subset.etag;
  reply
    .header('content-type', NETCDF_TYPE)
    .header('cache-control', CACHE_CONTROL)
    .header('etag', tag)
    .header('vary', 'Accept-Encoding')
    .header('accept-ranges', 'bytes')
    .header('content-disposition', `inline; filename="${name}"`);
  if (subset.modified) reply.header('last-modified', subset.modified.toUTCString());
  if (notModified(request, tag, subset.modified)) return reply.code(304).send();
  if (!encoding) return sendIdentity(request, reply, subset.bytes!, tag, subset.modified);
  reply.header('content-encoding', encoding);
  if (subset.copy) return reply.header('content-length', statSync(subset.copy).size).send(createReadStream(subset.copy));
  const body = quickCompress(subset.bytes!, encoding);
  return reply.header('content-length', body.length).send(body);
}
