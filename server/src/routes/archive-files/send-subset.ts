/**
 * The subset answer of the /hist routes: `variables=a,b` and/or `lead=24,48` (hours) turn the reply
 * into a smaller NetCDF-3 file of just those slices, cached on disk with its own ETag and compressed copies
 * (forecast/subset-store.ts), sent with the same caching, range and encoding rules as the full file.
 * `stride=2` with both of them answers a preview: every 2nd cell in latitude and longitude (forecast/subset.ts).
 * An unknown variable or lead, a stride other than 1 or 2 (or one without `variables` and `lead`), or a file
 * that cannot be subset, is a 422 with a `detail` saying which.
 *
 * A subset whose brotli 11 copy is not made yet is never waited for: it is cut now and sent in a quick encoding
 * (forecast/fast-encoding.ts; its own ETag), and its brotli 11 copy is put first in the warmer's queue. A
 * preview puts its full subset right behind it (the worker asks for that next).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NetcdfFormatError } from '../../../../netcdf/errors.ts';
import { parseSubsetQuery as parseQuery, SubsetError, type SubsetSelection } from '../../../../common/forecast-file/subset-query.ts';
import { quickCompress, quickTag } from '../../subsets/fast-encoding.ts';
import { subsetForRequest, subsetName } from '../../subsets/subset-store.ts';
import { HttpError } from '../../http-error.ts';
import { CACHE_CONTROL, chooseEncoding, etagMatches, NETCDF_TYPE, sendNetcdf } from './send-netcdf.ts';

/** The selection of a query, null for the whole file; malformed lists → 422. */
export function parseSubsetQuery(query: { variables?: string; lead?: string; stride?: string; bbox?: string; coordinates?: string }): SubsetSelection | null {
  try {
    return parseQuery(query);
  } catch (error) {
    if (error instanceof SubsetError) throw new HttpError(422, error.message);
    throw error;
  }
}

export async function sendSubset(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  etag: string,
  downloadName: string,
  selection: SubsetSelection,
): Promise<FastifyReply> {
  let subset;
  try {
    subset = await subsetForRequest(path, etag, selection);
  } catch (error) {
    if (error instanceof SubsetError) throw new HttpError(422, error.message);
    if (error instanceof NetcdfFormatError) throw new HttpError(422, `this file cannot be subset (${error.message}); ask for the whole file`);
    throw error;
  }
  const name = subsetName(downloadName, selection);
  const warm = request.server.config.subsetWarm;
  if (subset.complete) return sendNetcdf(request, reply, subset.path, subset.etag, name);
  // Its brotli 11 copy for the next client first of all (the file's other subsets behind it with SUBSET_WARM);
  // for a preview, its full subset too, which the worker asks for right after it (workers/forecast/preview.ts).
  if ((selection.stride ?? 1) !== 1) request.server.subsetWarmer.warm(path, etag, { first: { variables: selection.variables, leads: selection.leads }, alone: !warm });
  request.server.subsetWarmer.warm(path, etag, { first: selection, front: true, alone: !warm });
  const encoding = request.headers.range ? null : chooseEncoding(request.headers['accept-encoding']);
  // Identity (and ranges of it) from the file just written, as any file.
  if (!encoding && subset.written) return sendNetcdf(request, reply, subset.path, subset.etag, name);
  const tag = encoding ? subset.etag.replace(/"$/, `-${quickTag(encoding)}"`) : subset.etag;
  reply
    .header('content-type', NETCDF_TYPE)
    .header('cache-control', CACHE_CONTROL)
    .header('etag', tag)
    .header('vary', 'Accept-Encoding')
    .header('accept-ranges', 'bytes')
    .header('content-disposition', `inline; filename="${name}"`);
  if (etagMatches(request.headers['if-none-match'], tag)) return reply.code(304).send();
  // Not written (a full disk): the whole subset from memory, identity when so asked (no ranges of it).
  const body = encoding ? quickCompress(subset.bytes!, encoding) : Buffer.from(subset.bytes!);
  if (!encoding) return reply.header('content-length', body.length).send(body);
  return reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
}
