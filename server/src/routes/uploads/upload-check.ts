/**
 * What can be told about an upload before a job is started, from its first bytes and, for files small enough
 * to open on the request's thread, its header: not NetCDF, no sea-ice variable, no usable time step → 422.
 * Larger files are checked by the job (which fails with the same messages).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { detectKind, NetcdfError, openNetcdf } from '../../../../netcdf/index.ts';
import { HttpError } from '../../http-error.ts';
import { isRussianFailure } from '../../ingest/failure.ts';
import { ingestReasonsRu } from '../../ingest/to-ice-state.ts';
import type { NetcdfDataset } from '../../../../netcdf/types.ts';
import type { Upload } from './receive-upload.ts';

/** Files up to this size are opened here to check their header (bytes; h5wasm needs the whole file). */
const HEADER_CHECK_MAX_BYTES = 64 * 1024 * 1024;

export async function checkUpload(upload: Upload, check: (dataset: NetcdfDataset) => void): Promise<void> {
  const head = new Uint8Array(8);
  const fd = openSync(upload.path, 'r');
  try {
    readSync(fd, head, 0, 8, 0);
  } finally {
    closeSync(fd);
  }
  if (detectKind(head) === 'unknown') {
    throw new HttpError(422, ingestReasonsRu.notNetcdf(upload.originalName, 'он не начинается с сигнатуры NetCDF-3 (CDF) или NetCDF-4/HDF5'));
  }
  if (upload.bytes > HEADER_CHECK_MAX_BYTES) return;
  const buffer = await readFile(upload.path);
  let dataset: NetcdfDataset;
  try {
    dataset = await openNetcdf(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
  } catch (error) {
    if (error instanceof NetcdfError) throw new HttpError(422, ingestReasonsRu.notNetcdf(upload.originalName, error.message));
    throw error;
  }
  try {
    check(dataset);
  } catch (error) {
    if (isRussianFailure(error)) throw new HttpError(422, (error as Error).message);
    throw error;
  } finally {
    dataset.close();
  }
}
