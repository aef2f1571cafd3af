/**
 * NetCDF-3 header parser for CDF-1 (classic), CDF-2 (64-bit offset) and CDF-5 (64-bit data), following
 * Unidata's "NetCDF Classic and 64-bit Offset Format" and PnetCDF's CDF-5 specification. All numbers are
 * big-endian. Every read is bounds-checked and every count is checked against the bytes left, so a
 * corrupt header gives a typed error instead of a huge allocation or a long loop.
 */
import { NetcdfFormatError, NetcdfTruncatedError } from '../errors.ts';
import type { AttributeValue, NcTypeName, NetcdfFormat } from '../types.ts';
import { NC_ATTRIBUTE, NC_DIMENSION, NC_TYPES, NC_VARIABLE, padTo4 } from './format.ts';

export interface Nc3Dimension {
  name: string;
  /** 0 in the header means unlimited: the size is then the number of records. */
  size: number;
  unlimited: boolean;
}

export interface Nc3Variable {
  name: string;
  dimIds: number[];
  dimensions: string[];
  shape: number[];
  type: NcTypeName;
  /** Bytes per value (1, 2, 4 or 8). */
  elementSize: number;
  attributes: Record<string, AttributeValue>;
  /** Byte offset of the data (of the first record for record variables). */
  begin: number;
  isRecord: boolean;
  /** Bytes of one record (record variables) or of the whole variable (fixed ones), unpadded. */
  sliceBytes: number;
}

export interface Nc3Header {
  format: NetcdfFormat;
  version: 1 | 2 | 5;
  numRecords: number;
  /** Distance in bytes between consecutive records. */
  recordStride: number;
  dimensions: Nc3Dimension[];
  attributes: Record<string, AttributeValue>;
  variables: Nc3Variable[];
  headerEnd: number;
}


/** numrecs value meaning "being written, count them from the file size" (streaming). */
const STREAMING_32 = 0xffffffff;

class Cursor {
  offset = 0;
  private readonly view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly wide: boolean,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remaining(): number {
    return this.bytes.byteLength - this.offset;
  }

  need(n: number, what: string): void {
    if (n > this.remaining) {
      throw new NetcdfTruncatedError(
        `header truncated: ${what} needs ${n} bytes at offset ${this.offset}, file has ${this.bytes.byteLength} bytes`,
      );
    }
  }

  u32(what: string): number {
    this.need(4, what);
    const v = this.view.getUint32(this.offset);
    this.offset += 4;
    return v;
  }

  /** A 64-bit unsigned count or offset; above 2^53 it cannot address anything we can hold. */
  u64(what: string): number {
    this.need(8, what);
    const v = this.view.getBigUint64(this.offset);
    this.offset += 8;
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new NetcdfFormatError(`${what} is absurdly large (${v})`);
    return Number(v);
  }

  /** NON_NEG: 4 bytes in CDF-1/2, 8 bytes in CDF-5. */
  count(what: string): number {
    return this.wide ? this.u64(what) : this.u32(what);
  }

  /** A count of items each taking at least `minBytes`: must fit in what is left. */
  items(what: string, minBytes: number): number {
    const n = this.count(what);
    if (n * minBytes > this.remaining) {
      throw new NetcdfTruncatedError(`header truncated: ${n} ${what} cannot fit in the ${this.remaining} bytes left`);
    }
    return n;
  }

  name(what: string): string {
    const length = this.count(`${what} name length`);
    const padded = padTo4(length);
    this.need(padded, `${what} name`);
    // Some writers count a terminating NUL in the length (netcdf-c's nctest writes "yy\0"): cut there.
    let raw = this.bytes.subarray(this.offset, this.offset + length);
    const nul = raw.indexOf(0);
    if (nul >= 0) raw = raw.subarray(0, nul);
    const text = new TextDecoder('utf-8').decode(raw);
    this.offset += padded;
    return text;
  }

  slice(n: number, what: string): Uint8Array {
    this.need(n, what);
    const out = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }
}

function typeOf(code: number, version: number, where: string): readonly [NcTypeName, number] {
  const entry = NC_TYPES[code];
  if (!entry || (code > 6 && version !== 5)) {
    throw new NetcdfFormatError(`unknown NetCDF type code ${code} for ${where}`);
  }
  return entry;
}

/** Attribute values: char → string; one number → number; several → number[]; 64-bit ints → bigint when alone. */
function decodeValues(bytes: Uint8Array, type: NcTypeName, n: number): AttributeValue {
  if (type === 'char') {
    // Only the n stated bytes: the padding after them is not always NUL (nansat's arctic.nc pads with '0').
    const text = bytes.subarray(0, n);
    const end = text.indexOf(0);
    return new TextDecoder('utf-8').decode(end >= 0 ? text.subarray(0, end) : text);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values: number[] = [];
  let big: bigint | null = null;
  for (let i = 0; i < n; i++) {
    switch (type) {
      case 'byte':
        values.push(view.getInt8(i));
        break;
      case 'ubyte':
        values.push(view.getUint8(i));
        break;
      case 'short':
        values.push(view.getInt16(i * 2));
        break;
      case 'ushort':
        values.push(view.getUint16(i * 2));
        break;
      case 'int':
        values.push(view.getInt32(i * 4));
        break;
      case 'uint':
        values.push(view.getUint32(i * 4));
        break;
      case 'float':
        values.push(view.getFloat32(i * 4));
        break;
      case 'double':
        values.push(view.getFloat64(i * 8));
        break;
      case 'int64':
        big = view.getBigInt64(i * 8);
        values.push(Number(big));
        break;
      case 'uint64':
        big = view.getBigUint64(i * 8);
        values.push(Number(big));
        break;
      default:
        throw new NetcdfFormatError(`attribute of type ${type} in a NetCDF-3 file`);
    }
  }
  if (n === 1) return big !== null && !Number.isSafeInteger(values[0]) ? big : values[0];
  return values;
}

function readAttributes(c: Cursor, version: number, where: string): Record<string, AttributeValue> {
  const tag = c.u32(`${where} attribute tag`);
  const n = c.items(`${where} attributes`, 12);
  if (tag === 0 && n === 0) return {};
  if (tag !== NC_ATTRIBUTE) throw new NetcdfFormatError(`expected an attribute list for ${where}, found tag ${tag}`);
  const out: Record<string, AttributeValue> = {};
  for (let i = 0; i < n; i++) {
    const name = c.name(`${where} attribute ${i}`);
    const [type, size] = typeOf(c.u32(`attribute ${name} type`), version, `attribute ${where}:${name}`);
    const count = c.count(`attribute ${name} length`);
    const bytes = c.slice(padTo4(count * size), `attribute ${where}:${name} values`);
    out[name] = decodeValues(bytes, type, count);
  }
  return out;
}

export function parseNc3Header(bytes: Uint8Array): Nc3Header {
  if (bytes.byteLength < 4 || bytes[0] !== 0x43 || bytes[1] !== 0x44 || bytes[2] !== 0x46) {
    throw new NetcdfFormatError('not a NetCDF-3 file (magic bytes are not "CDF")');
  }
  const version = bytes[3];
  if (version !== 1 && version !== 2 && version !== 5) {
    throw new NetcdfFormatError(`unknown NetCDF-3 version byte ${version} (expected 1, 2 or 5)`);
  }
  const format: NetcdfFormat = version === 1 ? 'classic' : version === 2 ? '64bit-offset' : 'cdf5';
  const c = new Cursor(bytes, version === 5);
  c.offset = 4;
  const rawRecords = version === 5 ? Number(readU64Loose(c)) : c.u32('number of records');
  const streaming = version === 5 ? rawRecords === -1 : rawRecords === STREAMING_32;

  // Dimensions
  const dimensions: Nc3Dimension[] = [];
  {
    const tag = c.u32('dimension tag');
    const n = c.items('dimensions', 8);
    if (!(tag === 0 && n === 0)) {
      if (tag !== NC_DIMENSION) throw new NetcdfFormatError(`expected the dimension list, found tag ${tag}`);
      for (let i = 0; i < n; i++) {
        const name = c.name(`dimension ${i}`);
        const size = c.count(`dimension ${name} size`);
        dimensions.push({ name, size, unlimited: size === 0 });
      }
    }
  }
  const unlimitedCount = dimensions.filter((d) => d.unlimited).length;
  if (unlimitedCount > 1) {
    throw new NetcdfFormatError(`${unlimitedCount} unlimited dimensions; NetCDF-3 allows at most one`);
  }

  const attributes = readAttributes(c, version, 'global');

  // Variables
  const variables: Nc3Variable[] = [];
  {
    const tag = c.u32('variable tag');
    const n = c.items('variables', 24);
    if (!(tag === 0 && n === 0)) {
      if (tag !== NC_VARIABLE) throw new NetcdfFormatError(`expected the variable list, found tag ${tag}`);
      for (let i = 0; i < n; i++) {
        const name = c.name(`variable ${i}`);
        const rank = c.items(`dimensions of ${name}`, version === 5 ? 8 : 4);
        const dimIds: number[] = [];
        for (let d = 0; d < rank; d++) {
          const id = c.count(`dimension id of ${name}`);
          if (id >= dimensions.length) throw new NetcdfFormatError(`variable ${name} uses dimension id ${id}, file has ${dimensions.length}`);
          dimIds.push(id);
        }
        const attrs = readAttributes(c, version, name);
        const [type, elementSize] = typeOf(c.u32(`type of ${name}`), version, `variable ${name}`);
        c.count(`vsize of ${name}`); // recomputed below: vsize saturates for variables over 4 GiB
        const begin = version === 1 ? c.u32(`begin of ${name}`) : c.u64(`begin of ${name}`);
        const isRecord = rank > 0 && dimensions[dimIds[0]].unlimited;
        for (let d = 1; d < rank; d++) {
          if (dimensions[dimIds[d]].unlimited) {
            throw new NetcdfFormatError(`variable ${name}: the unlimited dimension must come first`);
          }
        }
        let slice = elementSize;
        for (let d = isRecord ? 1 : 0; d < rank; d++) slice *= dimensions[dimIds[d]].size;
        if (!Number.isSafeInteger(slice)) throw new NetcdfFormatError(`variable ${name} is absurdly large`);
        variables.push({
          name,
          dimIds,
          dimensions: dimIds.map((id) => dimensions[id].name),
          shape: [],
          type,
          elementSize,
          attributes: attrs,
          begin,
          isRecord,
          sliceBytes: slice,
        });
      }
    }
  }
  const headerEnd = c.offset;

  // Record layout: each record holds every record variable's slab, each padded to 4 bytes, except
  // when there is exactly one record variable (then no padding).
  const recordVars = variables.filter((v) => v.isRecord);
  const recordStride =
    recordVars.length === 1 ? recordVars[0].sliceBytes : recordVars.reduce((s, v) => s + padTo4(v.sliceBytes), 0);
  let numRecords = streaming ? 0 : rawRecords;
  if (streaming && recordVars.length > 0 && recordStride > 0) {
    const firstBegin = Math.min(...recordVars.map((v) => v.begin));
    numRecords = Math.max(0, Math.floor((bytes.byteLength - firstBegin) / recordStride));
  }
  if (numRecords < 0) throw new NetcdfFormatError(`negative number of records (${numRecords})`);

  for (const d of dimensions) if (d.unlimited) d.size = numRecords;
  for (const v of variables) {
    v.shape = v.dimIds.map((id) => dimensions[id].size);
    if (v.begin < headerEnd && v.sliceBytes > 0 && (!v.isRecord || numRecords > 0)) {
      throw new NetcdfFormatError(`variable ${v.name} data begins at byte ${v.begin}, inside the header (ends at ${headerEnd})`);
    }
    const last = v.isRecord ? v.begin + Math.max(0, numRecords - 1) * recordStride + (numRecords > 0 ? v.sliceBytes : 0) : v.begin + v.sliceBytes;
    if (!Number.isSafeInteger(last)) throw new NetcdfFormatError(`variable ${v.name} is absurdly large`);
    if (last > bytes.byteLength) {
      throw new NetcdfTruncatedError(
        `file truncated: variable ${v.name} needs bytes up to ${last}, file has ${bytes.byteLength} bytes`,
      );
    }
  }
  return { format, version, numRecords, recordStride, dimensions, attributes, variables, headerEnd };
}

/** CDF-5 numrecs is a signed 64-bit value; -1 means streaming. */
function readU64Loose(c: Cursor): bigint {
  c.need(8, 'number of records');
  const view = new DataView(new ArrayBuffer(8));
  const bytes = c.slice(8, 'number of records');
  new Uint8Array(view.buffer).set(bytes);
  const v = view.getBigInt64(0);
  if (v < -1n || v > BigInt(Number.MAX_SAFE_INTEGER)) throw new NetcdfFormatError(`absurd number of records (${v})`);
  return v;
}
