/**
 * What an opened NetCDF file looks like to the rest of the decoder, whichever format it came from.
 */
export type NetcdfFormat = 'classic' | '64bit-offset' | 'cdf5' | 'netcdf4';

export type AttributeValue = string | number | bigint | number[] | string[];

export interface DimensionInfo {
  name: string;
  size: number;
  unlimited: boolean;
}

export interface VariableInfo {
  /** 'name' at the root, 'group/name' inside NetCDF-4 groups. */
  name: string;
  dimensions: string[];
  shape: number[];
  /** NetCDF type name: byte, char, short, int, float, double, ubyte, ushort, uint, int64, uint64, string. */
  type: string;
  attributes: Record<string, AttributeValue>;
}

/** NetCDF's atomic type names; 'char' holds text, 'string' NetCDF-4 variable-length strings. */
export type NcTypeName =
  | 'byte'
  | 'char'
  | 'short'
  | 'int'
  | 'float'
  | 'double'
  | 'ubyte'
  | 'ushort'
  | 'uint'
  | 'int64'
  | 'uint64'
  | 'string';

export type NumericArray =
  | Int8Array
  | Uint8Array
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array
  | BigUint64Array;

/** Values as stored, in native byte order: a typed array for numbers and chars, strings for NC_STRING. */
export type RawData = NumericArray | string[];

/** Unpacked values (scale/offset applied, missing values as NaN). */
export type UnpackedData = Float32Array | Float64Array;

export interface NetcdfDataset {
  readonly format: NetcdfFormat;
  readonly byteLength: number;
  readonly dimensions: DimensionInfo[];
  readonly variables: VariableInfo[];
  readonly attributes: Record<string, AttributeValue>;
  /** The variable's description; throws NetcdfNotFoundError when absent. */
  variable(name: string): VariableInfo;
  /**
   * Raw stored values of a variable; with `index`, only the slab at that index of its first dimension
   * (one record / lead time), read without touching the rest of the file.
   */
  readRaw(name: string, index?: number): RawData;
  /** Like readRaw, unpacked and masked as netCDF4-python does (see cf-unpack.ts). Numeric variables only. */
  read(name: string, index?: number): UnpackedData;
  /** Releases what the reader holds (the HDF5 file in the wasm heap). Idempotent. */
  close(): void;
}

export const numericTypes: ReadonlySet<string> = new Set([
  'byte',
  'short',
  'int',
  'float',
  'double',
  'ubyte',
  'ushort',
  'uint',
  'int64',
  'uint64',
]);
