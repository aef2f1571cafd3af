/** The NetCDF decoder's public surface: open bytes, read variables, typed errors, statistics. */
export { openNetcdf, detectKind } from './open-netcdf.ts';
export { Nc3Dataset } from './nc3/reader.ts';
export { planUnpack, applyUnpack, castsSafely, defaultFillValues } from './cf-unpack.ts';
export { summarize, finiteRange, type VariableStats } from './stats.ts';
export {
  NetcdfError,
  NetcdfFormatError,
  NetcdfTruncatedError,
  UnsupportedFeatureError,
  NetcdfNotFoundError,
} from './errors.ts';
export type { NetcdfDataset, RawData, UnpackedData, NcTypeName } from './types.ts';
export { numericTypes } from './types.ts';
