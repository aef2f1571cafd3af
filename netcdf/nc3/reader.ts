/**
 * NetCDF-3 data reader over the whole file's bytes. A read copies only the requested variable (or one
 * slab of it along the first dimension, e.g. one lead time) into a fresh aligned buffer, swapping bytes to
 * native order on the way with word-sized typed arrays (byte-swap.ts); nothing else in the file is decoded.
 * Masking and unpacking (cf-unpack.ts) then work in place on that buffer.
 */
import { applyUnpack, planUnpack } from '../cf-unpack.ts';
import { copySwapped } from '../byte-swap.ts';
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

  /** The variable's values (or one slab) in a new buffer, already in native byte order. */
  private readNative(v: Nc3Variable, index?: number): { buffer: ArrayBuffer; count: number } {
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
      copySwapped(this.bytes, start, buffer, 0, slab, size);
      return { buffer, count: slab / size };
    }
    if (!v.isRecord) {
      const buffer = new ArrayBuffer(v.sliceBytes);
      copySwapped(this.bytes, v.begin, buffer, 0, v.sliceBytes, size);
      return { buffer, count: v.sliceBytes / size };
    }
    const total = v.sliceBytes * numRecords;
    const buffer = new ArrayBuffer(total);
    for (let r = 0; r < numRecords; r++) {
      copySwapped(this.bytes, v.begin + r * recordStride, buffer, r * v.sliceBytes, v.sliceBytes, size);
    }
    return { buffer, count: total / size };
  }

  readRaw(name: string, index?: number): RawData {
    const v = this.entry(name);
    const { buffer, count } = this.readNative(v, index);
    return typedView(v, buffer, count);
  }

  read(name: string, index?: number): UnpackedData {
    const v = this.entry(name);
    if (!numericTypes.has(v.type)) throw new NetcdfFormatError(`variable ${name} holds ${v.type} values, not numbers`);
    const plan = planUnpack(v.type, v.attributes);
    const { buffer, count } = this.readNative(v, index);
    return applyUnpack(typedView(v, buffer, count) as NumericArray, plan, true);
  }

  close(): void {
    // Nothing held beyond the bytes, which the caller owns.
  }
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
