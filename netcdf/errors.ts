/**
 * The decoder's typed errors. Every failure to read a file ends in one of these, so callers (the worker,
 * ncstats, the map page) can tell a corrupt file from an unsupported one and show a clear message.
 * They cross the worker boundary as {name, message}; `name` is the class name.
 */

export class NetcdfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Not a NetCDF/HDF5 file, or its header contradicts itself (bad magic, unknown type, bad offsets). */
export class NetcdfFormatError extends NetcdfError {}

/** The header or the data points past the end of the bytes we have. */
export class NetcdfTruncatedError extends NetcdfError {}

/** A valid file using something this decoder cannot read (an HDF5 filter like SZIP, a compound type...). */
export class UnsupportedFeatureError extends NetcdfError {}

/** A variable, group or lead index the file does not have. */
export class NetcdfNotFoundError extends NetcdfError {}

/** Names of the error classes above, for code that only sees {name, message} (the worker's caller). */
export const netcdfErrorNames = [
  'NetcdfError',
  'NetcdfFormatError',
  'NetcdfTruncatedError',
  'UnsupportedFeatureError',
  'NetcdfNotFoundError',
] as const;

export type NetcdfErrorName = (typeof netcdfErrorNames)[number];
