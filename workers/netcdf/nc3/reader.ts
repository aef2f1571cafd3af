/**
 * NetCDF-3 data reader over the whole file's bytes. A read copies only the requested variable (or one
 * slab of it along the first dimension, e.g. one lead time) into a fresh aligned buffer and byte-swaps
 * it in place with word-sized typed arrays; nothing else in the file is decoded.
 */
import { applyUnpack, planUnpack } from '../cf-unpack.ts';
import { nativeIsLittleEndian, swapInPlace } from '../byte-swap.ts';
import { NetcdfFormatError, NetcdfNotFoundError } from '../errors.ts';
import type { NetcdfDataset, NumericArray, RawData, UnpackedData, VariableInfo } from '../types.ts';
import { numericTypes } from '../types.ts';
import { parseNc3Header, type Nc3Header, type Nc3Variable } from './header.ts';

export class Nc3Dataset implements NetcdfDataset {
  readonly format;
  readonly byteLength: number;
  readonly dimensions;
  readonly variables: VariableInfo[];
  readonly attributes;
  private readonly header: Nc3Header;
  private readonly byName = new Map<string, Nc3Variable>();

  constructor(private readonly bytes: Uint8Array) {
    this.header = parseNc3Header(bytes);
    this.format = this.header.format;
    this.byteLength = bytes.byteLength;
    this.dimensions = this.header.dimensions.map((d) => ({ ...d }));
    this.attributes = this.header.attributes;
    this.variables = this.header.variables.map((v) => ({
      name: v.name,
      dimensions: v.dimensions,
      shape: v.shape,
      type: v.type,
      attributes: v.attributes,
    }));
    for (const v of this.header.variables) this.byName.set(v.name, v);
  }

  variable(name: string): VariableInfo {
    const info = this.variables.find((v) => v.name === name);
    if (!info) throw new NetcdfNotFoundError(`no variable "${name}" in this file`);
    return info;
  }

  private entry(name: string): Nc3Variable {
    const v = this.byName.get(name);
    if (!v) throw new NetcdfNotFoundError(`no variable "${name}" in this file`);
    return v;
  }

  /** Copy the variable's bytes (big-endian) into a new buffer; returns the buffer and the value count. */
  private copyBytes(v: Nc3Variable, index?: number): { buffer: ArrayBuffer; count: number } {
    const { numRecords, recordStride } = this.header;
    const size = v.elementSize;
    if (index !== undefined) {
      const first = v.shape[0];
      if (v.shape.length === 0 || !Number.isInteger(index) || index < 0 || index >= first) {
        throw new NetcdfNotFoundError(`index ${index} is outside the first dimension of ${v.name} (size ${first ?? 0})`);
      }
      const slab = v.isRecord ? v.sliceBytes : v.sliceBytes / first;
      const start = v.isRecord ? v.begin + index * recordStride : v.begin + index * slab;
      const buffer = new ArrayBuffer(slab);
      new Uint8Array(buffer).set(this.bytes.subarray(start, start + slab));
      return { buffer, count: slab / size };
    }
    if (!v.isRecord) {
      const buffer = new ArrayBuffer(v.sliceBytes);
      new Uint8Array(buffer).set(this.bytes.subarray(v.begin, v.begin + v.sliceBytes));
      return { buffer, count: v.sliceBytes / size };
    }
    const total = v.sliceBytes * numRecords;
    const buffer = new ArrayBuffer(total);
    const target = new Uint8Array(buffer);
    for (let r = 0; r < numRecords; r++) {
      const start = v.begin + r * recordStride;
      target.set(this.bytes.subarray(start, start + v.sliceBytes), r * v.sliceBytes);
    }
    return { buffer, count: total / size };
  }

  readRaw(name: string, index?: number): RawData {
    const v = this.entry(name);
    const { buffer, count } = this.copyBytes(v, index);
    swapInPlace(buffer, v.elementSize, count);
    return typedView(v, buffer, count);
  }

  read(name: string, index?: number): UnpackedData {
    const v = this.entry(name);
    if (!numericTypes.has(v.type)) throw new NetcdfFormatError(`variable ${name} holds ${v.type} values, not numbers`);
    const plan = planUnpack(v.type, v.attributes);
    const { buffer, count } = this.copyBytes(v, index);
    // Forecast fields are float32 with at most a fill value: swap and mask in one pass over the words.
    if (
      nativeIsLittleEndian &&
      v.type === 'float' &&
      !plan.applyScale &&
      plan.missing.length <= 1 &&
      plan.validMin === null &&
      plan.validMax === null
    ) {
      return swapMaskFloat32(buffer, count, plan.missing.length ? plan.missing[0] : NaN);
    }
    swapInPlace(buffer, v.elementSize, count);
    return applyUnpack(typedView(v, buffer, count) as NumericArray, plan, true);
  }

  close(): void {
    // Nothing held beyond the bytes, which the caller owns.
  }
}

/** Byte-swap 4-byte words and replace values equal to `fill` with NaN, in one pass. */
function swapMaskFloat32(buffer: ArrayBuffer, count: number, fill: number): Float32Array {
  const words = new Uint32Array(buffer, 0, count);
  const floats = new Float32Array(buffer, 0, count);
  if (Number.isNaN(fill)) {
    // A NaN fill needs no masking: NaN cells stay NaN.
    swapInPlace(buffer, 4, count);
    return floats;
  }
  const f = Math.fround(fill);
  for (let i = 0; i < count; i++) {
    const x = words[i];
    words[i] = ((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24);
    if (floats[i] === f) floats[i] = NaN;
  }
  return floats;
}

function typedView(v: Nc3Variable, buffer: ArrayBuffer, count: number): NumericArray {
  switch (v.type) {
    case 'byte':
      return new Int8Array(buffer, 0, count);
    case 'char':
    case 'ubyte':
      return new Uint8Array(buffer, 0, count);
    case 'short':
      return new Int16Array(buffer, 0, count);
    case 'ushort':
      return new Uint16Array(buffer, 0, count);
    case 'int':
      return new Int32Array(buffer, 0, count);
    case 'uint':
      return new Uint32Array(buffer, 0, count);
    case 'float':
      return new Float32Array(buffer, 0, count);
    case 'double':
      return new Float64Array(buffer, 0, count);
    case 'int64':
      return new BigInt64Array(buffer, 0, count);
    case 'uint64':
      return new BigUint64Array(buffer, 0, count);
    default:
      throw new NetcdfFormatError(`variable ${v.name} has type ${v.type}, which NetCDF-3 cannot hold`);
  }
}

export function openNc3(bytes: Uint8Array): Nc3Dataset {
  return new Nc3Dataset(bytes);
}
