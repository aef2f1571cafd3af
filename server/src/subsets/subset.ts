/**
 * Subsets of a NetCDF-3 forecast or analysis file: some of its variables at some of its lead times, as a valid,
 * smaller NetCDF-3 file with the same dimensions, coordinates, variable names and attributes, so any NetCDF
 * reader opens it as it opens the full file. A ship
 * behind a 256 kbit/s link asks for the one slice its view needs before the whole file.
 *
 * - `time` keeps its name and holds only the chosen leads (hours), in the order of the full file;
 *   `latitude`, `longitude` and every variable without the time dimension that was asked for are copied.
 * - Leads are chosen by their value in hours (the worker's `leadTimes`, e.g. 24, 48, 72), not by index.
 * - Packing (`pack: 'int16'`): float variables that carry `_QuantizeBitRoundNumberOfSignificantBits` are stored
 *   as CF-packed shorts (`scale_factor`, `add_offset`, `_FillValue = -32768`) with a step no coarser than twice
 *   the bit-rounding error at the largest value, so unpacking errs by no more than bit rounding already did.
 *   See bench/README.md (bytes per slice) for why this is the default.
 * - Stride (`stride: 2`, the previews): the two horizontal dimensions (the last two of each field asked
 *   for) keep indices 0, 2, 4, … (length ceil(n/2)) in every variable that has them, the latitude and longitude
 *   coordinates (1-D or 2-D) included; the values are those of the full file at [..., ::2, ::2], packed like any
 *   subset; global `subset_stride` and a `history` line say what was done. A ship's switch draws this first.
 *
 * Attribute types: the decoder reports attribute values without their NetCDF type, so they are written back
 * as the NUG requires: `_FillValue`, `missing_value`, `valid_*` in the variable's type, the quantize count
 * as int, other numbers as double and text as text.
 */
import { leadTimes, timeDimension } from '../../../netcdf/time-axis.ts';
import { Nc3Dataset } from '../../../netcdf/nc3/reader.ts';
import type { AttributeValue, RawData, VariableInfo } from '../../../netcdf/types.ts';
import { SubsetError, type SubsetSelection } from '../../../common/forecast-file/subset-query.ts';
import { encodeNetcdf3, type NcAttributeValue, type NcData, type NcType, type NcVariable } from '../../../netcdf/nc3/writer.ts';
import { bboxWindow } from './bbox-window.ts';

export type Packing = 'float' | 'int16';

// The query's selection and its parser live with the worker's builder (common/forecast-file/subset-query.ts).
export { selectionKey, SubsetError, type SubsetSelection } from '../../../common/forecast-file/subset-query.ts';

const QUANTIZE_ATTRIBUTE = '_QuantizeBitRoundNumberOfSignificantBits';
const SAME_TYPE_ATTRIBUTES = new Set(['_FillValue', 'missing_value', 'valid_min', 'valid_max', 'valid_range', 'actual_range']);
const NC3_TYPES = new Set<string>(['byte', 'char', 'short', 'int', 'float', 'double']);

/** The packed fill value and the range of packed data values (int16 minus the fill). */
const PACKED_FILL = -32768;
const PACKED_MAX = 32767;

function attributeFor(name: string, value: AttributeValue, variableType: NcType | null): NcAttributeValue | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || (Array.isArray(value) && value.some((v) => typeof v !== 'number'))) return undefined;
  const numbers = typeof value === 'number' ? [value] : (value as number[]);
  let type: NcType = 'double';
  if (name === QUANTIZE_ATTRIBUTE) type = 'int';
  else if (variableType && SAME_TYPE_ATTRIBUTES.has(name)) type = variableType;
  switch (type) {
    case 'byte':
      return Int8Array.from(numbers);
    case 'short':
      return Int16Array.from(numbers);
    case 'int':
      return Int32Array.from(numbers);
    case 'float':
      return Float32Array.from(numbers);
    case 'char':
      return String.fromCharCode(...numbers);
    default:
      return numbers.length === 1 ? numbers[0] : numbers;
  }
}

function attributesFor(source: Record<string, AttributeValue>, variableType: NcType | null): Record<string, NcAttributeValue> {
  const out: Record<string, NcAttributeValue> = {};
  for (const [name, value] of Object.entries(source)) {
    const converted = attributeFor(name, value, variableType);
    if (converted !== undefined) out[name] = converted;
  }
  return out;
}

function rawData(raw: RawData): NcData {
  if (Array.isArray(raw)) throw new SubsetError('string variables cannot be subset');
  if (raw instanceof Uint8Array || raw instanceof Int8Array || raw instanceof Int16Array || raw instanceof Int32Array) return raw;
  if (raw instanceof Float32Array || raw instanceof Float64Array) return raw;
  throw new SubsetError('a NetCDF-3 file holds no such type');
}

function concat<T extends Float32Array | Int8Array | Uint8Array | Int16Array | Int32Array | Float64Array>(parts: T[]): T {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const Ctor = parts[0].constructor as new (n: number) => T;
  const out = new Ctor(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part as never, offset);
    offset += part.length;
  }
  return out;
}

/** The largest error bit rounding to `keepbits` allows for values up to `maxAbs` (half a unit in the last place). */
export function bitRoundError(maxAbs: number, keepbits: number): number {
  if (!(maxAbs > 0)) return 0;
  return 2 ** (Math.floor(Math.log2(maxAbs)) - keepbits - 1);
}

export interface PackedValues {
  data: Int16Array;
  scale: number;
  offset: number;
}

/**
 * CF-pack float values (NaN = missing) into shorts: step = twice the bit-rounding error at the largest
 * magnitude (so the packing error ≤ bit rounding's), made coarser only if the range does not fit 65535 steps.
 * scale and offset are float32 values, as the unpacked type is float.
 */
export function packInt16(values: Float32Array, keepbits: number): PackedValues {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const data = new Int16Array(values.length).fill(PACKED_FILL);
  if (!(min <= max)) return { data, scale: 1, offset: 0 };
  const maxAbs = Math.max(Math.abs(min), Math.abs(max));
  let scale = Math.fround(2 * bitRoundError(maxAbs, keepbits) || 1);
  const steps = 2 * PACKED_MAX - 1; // -32767..32766: one spare step for float rounding of the offset
  if ((max - min) / scale > steps) scale = Math.fround((max - min) / steps);
  // Centre the range on zero in packed units; an offset that is a whole number of steps keeps zero exact when
  // the range allows it.
  const offset = Math.fround(Math.round((min + max) / 2 / scale) * scale);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isNaN(v)) continue;
    const packed = Math.round((v - offset) / scale);
    data[i] = Math.max(-PACKED_MAX, Math.min(PACKED_MAX, packed));
  }
  return { data, scale, offset };
}

function variableOrThrow(dataset: Nc3Dataset, name: string): VariableInfo {
  const info = dataset.variables.find((v) => v.name === name);
  if (!info) {
    const names = dataset.variables.filter((v) => v.shape.length >= 2).map((v) => v.name);
    throw new SubsetError(`unknown variable ${JSON.stringify(name)}; this file has ${names.join(', ')}`);
  }
  return info;
}

/** Build the subset of a NetCDF-3 file's bytes. Throws SubsetError for an unknown variable or lead. */
export function subsetFile(bytes: Uint8Array, selection: SubsetSelection, pack: Packing = 'int16'): Uint8Array {
  const dataset = new Nc3Dataset(bytes);
  const timeDim = timeDimension(dataset);
  const hours = leadTimes(dataset);
  let indices = hours.map((_, i) => i);
  if (selection.leads) {
    const unknown = selection.leads.filter((h) => !hours.includes(h));
    if (unknown.length > 0) {
      throw new SubsetError(`unknown lead ${unknown.join(', ')}; this file has leads ${hours.join(', ') || 'none'} (hours)`);
    }
    indices = indices.filter((i) => selection.leads!.includes(hours[i]));
  }
  const coordinates = new Set(dataset.variables.filter((v) => v.shape.length === 1 && v.dimensions[0] === v.name).map((v) => v.name));
  const wanted = selection.variables
    ? selection.variables.map((name) => variableOrThrow(dataset, name))
    : dataset.variables.filter((v) => !coordinates.has(v.name));
  for (const v of wanted) {
    if (coordinates.has(v.name)) throw new SubsetError(`${v.name} is a coordinate; it comes with every subset`);
  }
  // A field's grid mapping (CF `grid_mapping`: a projected region's `crs`) comes with it: with the x/y axes it places
  // every cell. Its 2-D latitude/longitude (CF `coordinates`) come with a bbox window only: over the whole grid they
  // are 17 of the 22 MB of one field at one lead of the whole Arctic, and hardly compress (a slow link's budget).
  const named = (attribute: string) =>
    wanted.flatMap((v) => (typeof v.attributes[attribute] === 'string' ? (v.attributes[attribute] as string).split(/\s+/) : []));
  const auxiliaries = [...named('grid_mapping'), ...(selection.bbox && !selection.axesOnly ? named('coordinates') : [])];
  const keep = new Set([...coordinates, ...wanted.map((v) => v.name), ...auxiliaries.filter((name) => dataset.variables.some((v) => v.name === name))]);
  // A field naming coordinates the subset leaves out names none (a CF reader would look for them).
  const dropsCoordinates = (v: VariableInfo) => typeof v.attributes.coordinates === 'string' && !v.attributes.coordinates.split(/\s+/).every((name) => keep.has(name));
  const kept = dataset.variables.filter((v) => keep.has(v.name));
  for (const v of kept) {
    if (!NC3_TYPES.has(v.type)) throw new SubsetError(`variable ${v.name} holds ${v.type} values, which a subset cannot carry`);
  }
  const usedDims = new Set(kept.flatMap((v) => v.dimensions));
  const stride = selection.stride ?? 1;
  if (!Number.isInteger(stride) || stride < 1) throw new SubsetError(`stride must be a whole number ≥ 1, got ${stride}`);
  // The horizontal dimensions (the last two of each field asked for) are the ones a stride thins.
  const horizontal = new Set(stride === 1 ? [] : wanted.filter((v) => v.shape.length >= 2).flatMap((v) => v.dimensions.slice(-2)));
  if (stride > 1 && horizontal.size === 0) throw new SubsetError('a stride needs a variable of two or more dimensions');
  // A bbox: the window of rows and columns covering it (bbox-window.ts), cut before any stride.
  const window = selection.bbox ? bboxWindow(dataset, selection.bbox) : null;
  const cropped = new Map<string, readonly [number, number]>(window ? [[window.dimensions[0], window.rows], [window.dimensions[1], window.columns]] : []);
  const dimensions = dataset.dimensions
    .filter((d) => usedDims.has(d.name))
    .map((d) => {
      const size = cropped.get(d.name)?.[1] ?? d.size;
      return { name: d.name, size: d.name === timeDim ? indices.length : horizontal.has(d.name) ? Math.ceil(size / stride) : size };
    });
  /** The variable's data cut to the window and thinned along the horizontal dimensions (`shape` with the chosen leads). */
  const thin = <T extends Thinnable>(v: VariableInfo, data: T, alongTime: boolean): T => {
    let shape = v.shape.map((n, k) => (k === 0 && alongTime ? indices.length : n));
    const ranges = v.dimensions.map((name) => cropped.get(name) ?? null);
    if (ranges.some(Boolean)) {
      data = crop(data, shape, ranges);
      shape = shape.map((n, k) => ranges[k]?.[1] ?? n);
    }
    const along = v.dimensions.map((name) => horizontal.has(name));
    if (!along.some(Boolean)) return data;
    return decimate(data, shape, along, stride);
  };

  const variables: NcVariable[] = kept.map((v) => {
    const type = v.type as NcType;
    const attributes = attributesFor(v.attributes, type);
    if (dropsCoordinates(v)) delete attributes.coordinates;
    const alongTime = timeDim !== null && v.dimensions[0] === timeDim;
    const keepbits = v.attributes[QUANTIZE_ATTRIBUTE];
    if (pack === 'int16' && type === 'float' && typeof keepbits === 'number' && v.shape.length >= 2) {
      const all = alongTime ? concat(indices.map((i) => dataset.read(v.name, i) as Float32Array)) : (dataset.read(v.name) as Float32Array);
      const values = thin(v, all, alongTime);
      const packed = packInt16(values, keepbits);
      attributes._FillValue = Int16Array.of(PACKED_FILL);
      attributes.scale_factor = Float32Array.of(packed.scale);
      attributes.add_offset = Float32Array.of(packed.offset);
      for (const name of ['missing_value', 'valid_min', 'valid_max', 'valid_range']) delete attributes[name];
      return { name: v.name, type: 'short', dimensions: v.dimensions, attributes, data: packed.data };
    }
    let data: NcData;
    if (!alongTime) data = rawData(dataset.readRaw(v.name));
    else if (v.shape.length === 1) data = Array.from(indices, (i) => Number((dataset.readRaw(v.name, i) as ArrayLike<number>)[0]));
    else data = concat(indices.map((i) => rawData(dataset.readRaw(v.name, i)) as Float32Array));
    if (typeof data !== 'string') data = thin(v, data, alongTime);
    if (type === 'char' && data instanceof Uint8Array) data = new TextDecoder('latin1').decode(data);
    return { name: v.name, type, dimensions: v.dimensions, attributes, data };
  });
  const format = dataset.format === 'classic' ? 'classic' : '64bit-offset';
  if (dataset.format === 'cdf5' || dataset.format === 'netcdf4') throw new SubsetError(`subsets of ${dataset.format} files are not supported`);
  const attributes = attributesFor(dataset.attributes, null);
  if (window) {
    // Where the window lies in the full grid, so a reader can place it (its own coordinates say so too).
    attributes.subset_bbox = selection.bbox!.join(',');
    attributes.subset_window_start = Int32Array.of(window.rows[0], window.columns[0]);
    const note = `subset: rows ${window.rows[0]}…${window.rows[0] + window.rows[1] - 1} of ${window.dimensions[0]}, columns ${window.columns[0]}…${window.columns[0] + window.columns[1] - 1} of ${window.dimensions[1]}, covering the box ${selection.bbox!.join(',')} (west,south,east,north)`;
    attributes.history = typeof attributes.history === 'string' && attributes.history !== '' ? `${attributes.history}\n${note}` : note;
  }
  if (stride > 1) {
    // Say what was done (CF: `history` lists what made the file), without a time so a rebuild is the same file.
    const note = `subset: indices 0, ${stride}, ${2 * stride}, … only along ${[...horizontal].join(', ')} (subset_stride = ${stride}), a preview of the full subset`;
    attributes.history = typeof attributes.history === 'string' && attributes.history !== '' ? `${attributes.history}\n${note}` : note;
    attributes.subset_stride = Int32Array.of(stride);
  }
  return encodeNetcdf3({ format, dimensions, attributes, variables });
}

type Thinnable = Exclude<NcData, string>;

/** The part of row-major `data` of `shape` given per axis as [start, count] (null: the whole axis). */
export function crop<T extends Thinnable>(data: T, shape: readonly number[], ranges: readonly (readonly [number, number] | null)[]): T {
  const rank = shape.length;
  const outShape = shape.map((n, k) => ranges[k]?.[1] ?? n);
  const total = outShape.reduce((a, b) => a * b, 1);
  const out = (Array.isArray(data) ? new Array<number>(total) : new (data.constructor as new (n: number) => T)(total)) as T;
  const strides = new Array<number>(rank);
  let size = 1;
  for (let k = rank - 1; k >= 0; k--) {
    strides[k] = size;
    size *= shape[k];
  }
  const lastCount = outShape[rank - 1];
  const rows = total / lastCount;
  const index = new Array<number>(Math.max(0, rank - 1)).fill(0);
  for (let r = 0; r < rows; r++) {
    // Rows of the last axis are contiguous: copy each at once.
    let offset = (ranges[rank - 1]?.[0] ?? 0) * strides[rank - 1];
    for (let k = 0; k < rank - 1; k++) offset += (index[k] + (ranges[k]?.[0] ?? 0)) * strides[k];
    for (let i = 0; i < lastCount; i++) out[r * lastCount + i] = data[offset + i];
    for (let k = rank - 2; k >= 0; k--) {
      if (++index[k] < outShape[k]) break;
      index[k] = 0;
    }
  }
  return out;
}

/**
 * Every `stride`-th index (0, stride, 2·stride, …) along the axes marked in `along` of row-major `data` of
 * `shape`; the other axes whole. The result has the same element type.
 */
export function decimate<T extends Thinnable>(data: T, shape: readonly number[], along: readonly boolean[], stride: number): T {
  const rank = shape.length;
  const outShape = shape.map((n, k) => (along[k] ? Math.ceil(n / stride) : n));
  const total = outShape.reduce((a, b) => a * b, 1);
  const out = (Array.isArray(data) ? new Array<number>(total) : new (data.constructor as new (n: number) => T)(total)) as T;
  // Input elements skipped by one step of each output index.
  const step = new Array<number>(rank);
  let size = 1;
  for (let k = rank - 1; k >= 0; k--) {
    step[k] = size * (along[k] ? stride : 1);
    size *= shape[k];
  }
  const index = new Array<number>(rank).fill(0);
  let offset = 0;
  for (let o = 0; o < total; o++) {
    out[o] = data[offset];
    // Next output index, last axis fastest; `offset` follows it.
    for (let k = rank - 1; k >= 0; k--) {
      offset += step[k];
      if (++index[k] < outShape[k]) break;
      offset -= step[k] * index[k];
      index[k] = 0;
    }
  }
  return out;
}
