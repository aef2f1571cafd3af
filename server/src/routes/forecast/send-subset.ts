/**
 * The subset answer of the /hist routes (issue 13): `variables=a,b` and/or `lead=24,48` (hours) turn the reply
 * into a smaller NetCDF-3 file of just those slices, cached on disk with its own ETag and compressed copies
 * (forecast/subset-store.ts), sent with the same caching, range and encoding rules as the full file.
 * `stride=2` with both of them answers a preview: every 2nd cell in latitude and longitude (forecast/subset.ts).
 * An unknown variable or lead, a stride other than 1 or 2 (or one without `variables` and `lead`), or a file
 * that cannot be subset, is a 422 with a `detail` saying which. A preview starts making its full subset too.
 * The first subset of a file asked for starts warming its others (forecast/subset-warmer.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NetcdfFormatError } from '../../../../workers/netcdf/errors.ts';
import { subsetName, subsetOnDisk } from '../../forecast/subset-store.ts';
import { subsetWarmer } from '../../forecast/subset-warmer.ts';
import { parseSelection, SubsetError, type SubsetSelection } from '../../forecast/subset.ts';
import { HttpError } from '../../http-error.ts';
import { sendNetcdf } from './send-netcdf.ts';

/** The selection of a query, null for the whole file; malformed lists → 422. */
export function parseSubsetQuery(query: { variables?: string; lead?: string; stride?: string }): SubsetSelection | null {
  try {
    return parseSelection(query.variables, query.lead, query.stride);
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
  if ((selection.stride ?? 1) !== 1) {
    // The worker asks for a preview's full subset right after it (workers/forecast/preview.ts): start making
    // that one now, beside the preview, so it is on disk by then (brotli 11 of a full slice: 1.3–2.7 s).
    // A bad selection fails the preview below with its 422; here it is ignored.
    void subsetOnDisk(path, etag, { variables: selection.variables, leads: selection.leads }, true).catch(() => undefined);
  }
  let subset;
  try {
    subset = await subsetOnDisk(path, etag, selection);
  } catch (error) {
    if (error instanceof SubsetError) throw new HttpError(422, error.message);
    if (error instanceof NetcdfFormatError) throw new HttpError(422, `this file cannot be subset (${error.message}); ask for the whole file`);
    throw error;
  }
  // The file subsets: make the others a switch will ask for before they are asked for (background, once).
  if (request.server.config.subsetWarm) subsetWarmer.warm(path, etag);
  return sendNetcdf(request, reply, subset.path, subset.etag, subsetName(downloadName, selection));
}
