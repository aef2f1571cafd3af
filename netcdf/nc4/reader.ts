/**
 * NetCDF-4 (HDF5) through h5wasm: the file's bytes are written to h5wasm's in-memory file system and read
 * lazily, one dataset (or one slab along its first dimension) at a time. NetCDF-4 conventions on top of
 * HDF5: dimensions are dimension scales (datasets with CLASS = DIMENSION_SCALE; those whose NAME says
 * "not a netCDF variable" are dimensions only), groups become 'group/name', and netCDF's bookkeeping
 * attributes are hidden. Filters h5wasm lacks (SZIP, Blosc, Zstandard...) are refused by name before reading,
 * since HDF5 would otherwise fail deep inside the wasm.
 */
import { applyUnpack, planUnpack } from '../cf-unpack.ts';
import { NetcdfFormatError, NetcdfNotFoundError, UnsupportedFeatureError } from '../errors.ts';
import type {
  AttributeValue,
  DimensionInfo,
  NcTypeName,
  NetcdfDataset,
  NumericArray,
  RawData,
  UnpackedData,
  VariableInfo,
} from '../types.ts';
import { numericTypes } from '../types.ts';
import { loadH5wasm, type H5Runtime } from './h5wasm-loader.ts';
import { checkHdf5Length } from './superblock.ts';

type H5File = InstanceType<H5Runtime['h5']['File']>;
type H5Dataset = InstanceType<H5Runtime['h5']['Dataset']>;
type H5Group = InstanceType<H5Runtime['h5']['Group']>;

/** HDF5 filters built into h5wasm's libhdf5: deflate, shuffle, fletcher32, n-bit, scale-offset. */
const SUPPORTED_FILTERS = new Set([1, 2, 3, 5, 6]);
const FILTER_NAMES: Record<number, string> = {
  4: 'SZIP',
  307: 'bzip2',
  32000: 'LZF',
  32001: 'Blosc',
  32004: 'LZ4',
  32008: 'bitshuffle',
  32013: 'zfp',
  32015: 'Zstandard',
  32017: 'SZ',
};

/** Attributes that are HDF5/netCDF bookkeeping, not data description (netCDF-C hides them too). */
const HIDDEN_ATTRIBUTES = new Set([
  'CLASS',
  'NAME',
  'REFERENCE_LIST',
  'DIMENSION_LIST',
  '_Netcdf4Dimid',
  '_Netcdf4Coordinates',
  '_nc3_strict',
  '_NCProperties',
]);
const DIMENSION_ONLY = 'This is a netCDF dimension but not a netCDF variable';
/** H5S_UNLIMITED as h5wasm reports it in maxshape (2^64 − 1 rounded to a double). */
const UNLIMITED_LIMIT = 2 ** 63;

const H5T_INTEGER = 0;
const H5T_FLOAT = 1;
const H5T_STRING = 3;

interface Nc4Variable extends VariableInfo {
  path: string;
}

let fileCounter = 0;

class Nc4Dataset implements NetcdfDataset {
  readonly format = 'netcdf4' as const;
  readonly dimensions: DimensionInfo[] = [];
  readonly variables: Nc4Variable[] = [];
  readonly attributes: Record<string, AttributeValue>;
  private closed = false;

  private constructor(
    private readonly runtime: H5Runtime,
    private readonly file: H5File,
    private readonly fsPath: string,
    readonly byteLength: number,
  ) {
    this.attributes = readAttributes(file);
    this.walk(file, '');
    // An unlimited dimension's own scale may never have been written (length 0): like netCDF-C, take the
    // longest extent of the variables that use it.
    for (const dim of this.dimensions) {
      if (!dim.unlimited) continue;
      for (const v of this.variables) {
        v.dimensions.forEach((d, axis) => {
          if (d === dim.name) dim.size = Math.max(dim.size, v.shape[axis]);
        });
      }
    }
  }

  static async open(bytes: Uint8Array): Promise<Nc4Dataset> {
    checkHdf5Length(bytes);
    const runtime = await loadH5wasm();
    const fsPath = `/netcdf-${++fileCounter}.h5`;
    runtime.module.FS.writeFile(fsPath, bytes);
    let file: H5File | null = null;
    try {
      file = new runtime.h5.File(fsPath, 'r');
      // h5wasm returns an unusable handle instead of throwing for some corrupt files: probe it.
      file.keys();
      return new Nc4Dataset(runtime, file, fsPath, bytes.byteLength);
    } catch (error) {
      try {
        file?.close();
      } catch {
        // the handle was never valid
      }
      runtime.module.FS.unlink(fsPath);
      if (error instanceof NetcdfFormatError || error instanceof UnsupportedFeatureError) throw error;
      throw new NetcdfFormatError(`not a readable NetCDF-4/HDF5 file: ${messageOf(error)}`);
    }
  }

  private walk(group: H5Group, prefix: string): void {
    for (const key of group.keys()) {
      const entity = group.get(key);
      const name = prefix + key;
      if (entity instanceof this.runtime.h5.Group) {
        this.walk(entity, name + '/');
      } else if (entity instanceof this.runtime.h5.Dataset) {
        this.addDataset(entity, name);
      }
    }
  }

  private addDataset(ds: H5Dataset, name: string): void {
    const meta = ds.metadata;
    const shape = meta.shape ?? [];
    const attrNames = Object.keys(ds.attrs);
    const isScale = attrNames.includes('CLASS') && safeAttr(ds, 'CLASS') === 'DIMENSION_SCALE';
    if (isScale) {
      const unlimited = (meta.maxshape?.[0] ?? 0) >= UNLIMITED_LIMIT;
      this.dimensions.push({ name, size: shape[0] ?? 0, unlimited });
      const label = safeAttr(ds, 'NAME');
      if (typeof label === 'string' && label.startsWith(DIMENSION_ONLY)) return;
    }
    const dims: string[] = [];
    for (let axis = 0; axis < shape.length; axis++) {
      let dimName: string | null = null;
      if (isScale && axis === 0) dimName = name;
      else if (attrNames.includes('DIMENSION_LIST')) {
        try {
          const attached = ds.get_attached_scales(axis);
          if (attached.length > 0) dimName = attached[0].replace(/^\//, '');
        } catch {
          dimName = null;
        }
      }
      dims.push(dimName ?? this.phonyDimension(shape[axis]));
    }
    this.variables.push({
      name,
      path: '/' + name,
      dimensions: dims,
      shape,
      type: typeName(meta),
      attributes: readAttributes(ds),
    });
  }

  /** Axes without a dimension scale get netCDF-C's "phony_dim_N", one per distinct length. */
  private phonyDimension(size: number): string {
    const existing = this.dimensions.find((d) => d.name.startsWith('phony_dim_') && d.size === size);
    if (existing) return existing.name;
    const name = `phony_dim_${this.dimensions.filter((d) => d.name.startsWith('phony_dim_')).length}`;
    this.dimensions.push({ name, size, unlimited: false });
    return name;
  }

  variable(name: string): VariableInfo {
    return this.entry(name);
  }

  private entry(name: string): Nc4Variable {
    if (this.closed) throw new NetcdfNotFoundError('the file was closed');
    const v = this.variables.find((x) => x.name === name);
    if (!v) throw new NetcdfNotFoundError(`no variable "${name}" in this file`);
    return v;
  }

  readRaw(name: string, index?: number): RawData {
    const v = this.entry(name);
    const ds = this.file.get(v.path);
    if (!(ds instanceof this.runtime.h5.Dataset)) throw new NetcdfNotFoundError(`no variable "${name}" in this file`);
    checkReadable(v, ds);
    let value;
    try {
      if (index !== undefined) {
        if (v.shape.length === 0 || !Number.isInteger(index) || index < 0 || index >= v.shape[0]) {
          throw new NetcdfNotFoundError(`index ${index} is outside the first dimension of ${name} (size ${v.shape[0] ?? 0})`);
        }
        value = ds.slice([[index, index + 1]]);
      } else {
        value = ds.value;
      }
    } catch (error) {
      if (error instanceof NetcdfNotFoundError) throw error;
      throw new NetcdfFormatError(`cannot read variable ${name}: ${messageOf(error)}`);
    }
    if (value === null || value === undefined) return new Float64Array(0);
    if (ArrayBuffer.isView(value)) return value as NumericArray;
    if (typeof value === 'string') return [value];
    if (Array.isArray(value) && value.every((s) => typeof s === 'string')) return value as string[];
    if (typeof value === 'number' || typeof value === 'bigint') return scalarArray(value, v.type);
    throw new UnsupportedFeatureError(`variable ${name} has type ${v.type}, which this decoder does not read`);
  }

  read(name: string, index?: number): UnpackedData {
    const v = this.entry(name);
    if (v.type === 'float16') throw new UnsupportedFeatureError(`variable ${name} holds 16-bit floats, which this decoder does not read`);
    if (!numericTypes.has(v.type)) {
      throw new UnsupportedFeatureError(`variable ${name} holds ${v.type} values, not numbers`);
    }
    const raw = this.readRaw(name, index);
    if (!ArrayBuffer.isView(raw)) throw new NetcdfFormatError(`variable ${name} did not read as numbers`);
    return applyUnpack(raw, planUnpack(v.type as NcTypeName, v.attributes), true);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.file.close();
    } finally {
      this.runtime.module.FS.unlink(this.fsPath);
    }
  }
}

/** h5wasm hands scalars back as plain values: wrap them in the typed array of the variable's type. */
function scalarArray(value: number | bigint, type: string): NumericArray {
  if (type === 'uint64') return new BigUint64Array([BigInt(value)]);
  if (type === 'int64') return new BigInt64Array([BigInt(value)]);
  if (type === 'float') return new Float32Array([Number(value)]);
  return new Float64Array([Number(value)]);
}

function checkReadable(v: Nc4Variable, ds: H5Dataset): void {
  for (const filter of ds.filters) {
    if (!SUPPORTED_FILTERS.has(filter.id)) {
      const label = FILTER_NAMES[filter.id] ?? (filter.name || 'unknown');
      throw new UnsupportedFeatureError(
        `variable ${v.name} is compressed with the HDF5 filter ${label} (id ${filter.id}), which this decoder does not include; ` +
          'rewrite the file with deflate (e.g. nccopy -d 4)',
      );
    }
  }
  if (v.type === 'float16') throw new UnsupportedFeatureError(`variable ${v.name} holds 16-bit floats, which this decoder does not read`);
  if (!numericTypes.has(v.type) && v.type !== 'string' && v.type !== 'char') {
    throw new UnsupportedFeatureError(`variable ${v.name} has type ${v.type}, which this decoder does not read`);
  }
}

function typeName(meta: H5Dataset['metadata']): string {
  const signed = meta.signed;
  if (meta.enum_type) return 'enum';
  if (meta.type === H5T_INTEGER) {
    const byBytes: Record<number, [string, string]> = {
      1: ['byte', 'ubyte'],
      2: ['short', 'ushort'],
      4: ['int', 'uint'],
      8: ['int64', 'uint64'],
    };
    const pair = byBytes[meta.size];
    return pair ? (signed ? pair[0] : pair[1]) : `int${meta.size * 8}`;
  }
  if (meta.type === H5T_FLOAT) return meta.size === 4 ? 'float' : meta.size === 8 ? 'double' : `float${meta.size * 8}`;
  if (meta.type === H5T_STRING) return meta.vlen ? 'string' : 'char';
  if (meta.compound_type) return 'compound';
  if (meta.vlen_type) return 'vlen';
  if (meta.array_type) return 'array';
  return 'opaque';
}

function safeAttr(ds: H5Dataset, name: string): unknown {
  try {
    return ds.attrs[name]?.value;
  } catch {
    return undefined;
  }
}

/** Attribute values the way NetCDF users see them; values of types we cannot show (compound...) are left out. */
function readAttributes(entity: H5Group | H5Dataset): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  let attrs;
  try {
    attrs = entity.attrs;
  } catch {
    return out;
  }
  for (const name of Object.keys(attrs)) {
    if (HIDDEN_ATTRIBUTES.has(name)) continue;
    let value: unknown;
    try {
      value = attrs[name].value;
    } catch {
      continue;
    }
    const converted = convertAttribute(value);
    if (converted !== undefined) out[name] = converted;
  }
  return out;
}

function convertAttribute(value: unknown): AttributeValue | undefined {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const items = value as unknown as ArrayLike<number | bigint>;
    return items.length === 1 ? convertAttribute(items[0]) : Array.from(items, Number);
  }
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string')) return value.length === 1 ? value[0] : (value as string[]);
    if (value.every((v) => typeof v === 'number')) return value.length === 1 ? value[0] : (value as number[]);
  }
  return undefined;
}

/** HDF5 errors arrive as a whole error stack; the innermost entry ("...(): truncated file: ...") says most. */
function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const entries = [...text.matchAll(/\(\): ([^\n]+)/g)];
  return entries.length ? `HDF5: ${entries[entries.length - 1][1].trim()}` : text.split('\n')[0];
}

export function openNc4(bytes: Uint8Array): Promise<Nc4Dataset> {
  return Nc4Dataset.open(bytes);
}
