/**
 * Opens NetCDF bytes with the right reader, chosen by the magic bytes: "CDF\x01" / "CDF\x02" / "CDF\x05"
 * → our NetCDF-3 reader (classic, 64-bit offset, CDF-5); "\x89HDF\r\n\x1a\n" → NetCDF-4 through h5wasm.
 * NetCDF-3 is tried first, as the NetCDF specification's readers do.
 */
import { NetcdfFormatError, NetcdfTruncatedError } from './errors.ts';
import { Nc3Dataset } from './nc3/reader.ts';
import { openNc4 } from './nc4/reader.ts';
import type { NetcdfDataset } from './types.ts';

const HDF5_MAGIC = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];

export type FileKind = 'netcdf3' | 'hdf5' | 'unknown';

export function detectKind(bytes: Uint8Array): FileKind {
  if (bytes.length >= 4 && bytes[0] === 0x43 && bytes[1] === 0x44 && bytes[2] === 0x46) return 'netcdf3';
  if (bytes.length >= 8 && HDF5_MAGIC.every((b, i) => bytes[i] === b)) return 'hdf5';
  return 'unknown';
}

/** Open NetCDF-3 or NetCDF-4 bytes. The bytes must stay unchanged while the dataset is in use. */
export async function openNetcdf(bytes: Uint8Array): Promise<NetcdfDataset> {
  switch (detectKind(bytes)) {
    case 'netcdf3':
      return new Nc3Dataset(bytes);
    case 'hdf5':
      return openNc4(bytes);
    default: {
      if (bytes.length < 4) throw new NetcdfTruncatedError(`file too short (${bytes.length} bytes) to be NetCDF`);
      const head = Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
      throw new NetcdfFormatError(`not a NetCDF file: it starts with bytes ${head}, not "CDF" or the HDF5 signature`);
    }
  }
}
