/**
 * A NetCDF-3 writer: classic (CDF-1) or 64-bit offset (CDF-2) files, built in memory.
 *
 * Layout (the NetCDF classic format specification): header = magic, numrecs, dimensions, global attributes,
 * variables (name, dimension ids, attributes, type, vsize, begin); then every fixed-size variable in order,
 * then the records (for each record, one slice of each record variable). All values are big-endian and every
 * header element is padded to 4 bytes, so every data section starts 4-byte aligned.
 *
 * Speed: float/int data are copied and byte-swapped in one pass by the reader's copySwapped (WebAssembly SIMD
 * for large blocks); the small double/short arrays go through a DataView. Tags, type codes and sizes are the
 * reader's (format.ts). Runs anywhere (server, worker, tests): no Node APIs.
 */
import { copySwapped } from '../byte-swap.ts';
import { NC_ATTRIBUTE, NC_DIMENSION, NC_TYPE_CODES, NC_TYPE_SIZES, NC_VARIABLE, padTo4 } from './format.ts';

export type NcType = 'byte' | 'char' | 'short' | 'int' | 'float' | 'double';

export type NcFormat = 'classic' | '64bit-offset';

/** Numeric attribute values carry their NetCDF type through the typed array class; plain numbers are doubles. */
export type NcAttributeValue = string | number | number[] | Int8Array | Int16Array | Int32Array | Float32Array | Float64Array;

export interface NcDimension {
  name: string;
  /** Length; ignored for the unlimited dimension, whose length is the number of records. */
  size: number;
  unlimited?: boolean;
}

export type NcData = Int8Array | Uint8Array | Int16Array | Int32Array | Float32Array | Float64Array | number[] | string;

export interface NcVariable {
  name: string;
  type: NcType;
  /** Dimension names, slowest varying first; the unlimited dimension, if used, must come first. */
  dimensions: string[];
  attributes?: Record<string, NcAttributeValue>;
  /** Row-major values, exactly as many as the product of the dimension lengths (chars: a string). */
  data: NcData;
}

export interface NcFile {
  format?: NcFormat;
  dimensions: NcDimension[];
  attributes?: Record<string, NcAttributeValue>;
  variables: NcVariable[];
}

export class NetcdfWriteError extends Error {
  override name = 'NetcdfWriteError';
}

const TYPE_CODE: Record<NcType, number> = NC_TYPE_CODES;
const TYPE_SIZE: Record<NcType, number> = NC_TYPE_SIZES;

const textEncoder = new TextEncoder();

const pad4 = padTo4;

interface EncodedAttribute {
  name: Uint8Array;
  type: NcType;
  count: number;
  /** Values already in big-endian bytes (unpadded). */
  bytes: Uint8Array;
}

function attributeType(value: NcAttributeValue): NcType {
  if (typeof value === 'string') return 'char';
  if (value instanceof Int8Array) return 'byte';
  if (value instanceof Int16Array) return 'short';
  if (value instanceof Int32Array) return 'int';
  if (value instanceof Float32Array) return 'float';
  return 'double';
}

function encodeAttribute(name: string, value: NcAttributeValue): EncodedAttribute {
  const type = attributeType(value);
  if (typeof value === 'string') {
    const bytes = textEncoder.encode(value);
    return { name: textEncoder.encode(name), type, count: bytes.length, bytes };
  }
  const values = typeof value === 'number' ? [value] : Array.from(value);
  const bytes = new Uint8Array(values.length * TYPE_SIZE[type]);
  writeNumbers(new DataView(bytes.buffer), 0, type, values);
  return { name: textEncoder.encode(name), type, count: values.length, bytes };
}

/** Big-endian numbers through a DataView: for attributes and small arrays only. */
function writeNumbers(view: DataView, offset: number, type: NcType, values: ArrayLike<number>): void {
  const size = TYPE_SIZE[type];
  for (let i = 0; i < values.length; i++) {
    const at = offset + i * size;
    const v = values[i];
    switch (type) {
      case 'byte':
      case 'char':
        view.setInt8(at, v);
        break;
      case 'short':
        view.setInt16(at, v);
        break;
      case 'int':
        view.setInt32(at, v);
        break;
      case 'float':
        view.setFloat32(at, v);
        break;
      case 'double':
        view.setFloat64(at, v);
        break;
    }
  }
}

function attributesSize(attributes: EncodedAttribute[]): number {
  // tag + count, or ABSENT (two zero words): 8 bytes either way
  let size = 8;
  for (const a of attributes) size += 4 + pad4(a.name.length) + 4 + 4 + pad4(a.bytes.length);
  return size;
}

interface PlannedVariable {
  source: NcVariable;
  name: Uint8Array;
  dimIds: number[];
  attributes: EncodedAttribute[];
  isRecord: boolean;
  /** Values in the whole variable (all records). */
  count: number;
  /** Bytes of one record's slice (record variables) or of the whole variable, before padding. */
  sliceBytes: number;
  vsize: number;
  begin: number;
}

/** Encode a whole file into one buffer. Throws NetcdfWriteError on inconsistent input. */
export function encodeNetcdf3(file: NcFile): Uint8Array {
  const format = file.format ?? '64bit-offset';
  const offsetSize = format === 'classic' ? 4 : 8;
  const dims = file.dimensions;
  const dimIndex = new Map<string, number>();
  let recordDim = -1;
  dims.forEach((d, i) => {
    if (dimIndex.has(d.name)) throw new NetcdfWriteError(`dimension ${d.name} is defined twice`);
    dimIndex.set(d.name, i);
    if (d.unlimited) {
      if (recordDim >= 0) throw new NetcdfWriteError('a NetCDF-3 file has at most one unlimited dimension');
      recordDim = i;
    }
  });

  // The number of records follows from the data of the first record variable.
  let numRecords = 0;
  let numRecordsKnown = false;
  const planned: PlannedVariable[] = file.variables.map((v) => {
    const dimIds = v.dimensions.map((name) => {
      const id = dimIndex.get(name);
      if (id === undefined) throw new NetcdfWriteError(`variable ${v.name} uses unknown dimension ${name}`);
      return id;
    });
    const isRecord = dimIds.length > 0 && dimIds[0] === recordDim;
    if (dimIds.slice(1).includes(recordDim)) {
      throw new NetcdfWriteError(`variable ${v.name}: the unlimited dimension must come first`);
    }
    const sliceCount = dimIds.slice(isRecord ? 1 : 0).reduce((n, id) => n * dims[id].size, 1);
    const length = typeof v.data === 'string' ? textEncoder.encode(v.data).length : v.data.length;
    let count = sliceCount;
    if (isRecord) {
      const records = sliceCount === 0 ? 0 : length / sliceCount;
      if (!Number.isInteger(records)) {
        throw new NetcdfWriteError(`variable ${v.name}: ${length} values is not a whole number of records`);
      }
      if (numRecordsKnown && records !== numRecords) {
        throw new NetcdfWriteError(`variable ${v.name} has ${records} records, another has ${numRecords}`);
      }
      numRecords = records;
      numRecordsKnown = true;
      count = length;
    } else if (length !== sliceCount) {
      throw new NetcdfWriteError(`variable ${v.name} needs ${sliceCount} values, got ${length}`);
    }
    const attributes = Object.entries(v.attributes ?? {}).map(([k, a]) => encodeAttribute(k, a));
    const sliceBytes = sliceCount * TYPE_SIZE[v.type];
    return { source: v, name: textEncoder.encode(v.name), dimIds, attributes, isRecord, count, sliceBytes, vsize: 0, begin: 0 };
  });
  const globals = Object.entries(file.attributes ?? {}).map(([k, a]) => encodeAttribute(k, a));

  // Header size.
  let headerSize = 4 + 4; // magic, numrecs
  headerSize += 8;
  for (const d of dims) headerSize += 4 + pad4(textEncoder.encode(d.name).length) + 4;
  headerSize += attributesSize(globals);
  headerSize += 8;
  for (const p of planned) {
    headerSize += 4 + pad4(p.name.length) + 4 + 4 * p.dimIds.length + attributesSize(p.attributes) + 4 + 4 + offsetSize;
  }

  // Data offsets: fixed-size variables first, then the record section.
  const recordVars = planned.filter((p) => p.isRecord);
  // With exactly one record variable the records are not padded (the specification's special case).
  const unpaddedRecords = recordVars.length === 1;
  let offset = headerSize;
  for (const p of planned) {
    if (p.isRecord) continue;
    p.vsize = pad4(p.sliceBytes);
    p.begin = offset;
    offset += p.vsize;
  }
  let recordSize = 0;
  for (const p of recordVars) {
    p.vsize = pad4(p.sliceBytes);
    p.begin = offset + recordSize;
    recordSize += unpaddedRecords ? p.sliceBytes : p.vsize;
  }
  const total = offset + recordSize * numRecords;
  if (format === 'classic' && planned.some((p) => p.begin > 0x7fffffff)) {
    throw new NetcdfWriteError('data offsets pass 2 GiB: use the 64-bit offset format');
  }

  const buffer = new ArrayBuffer(total);
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  let at = 0;
  const u32 = (n: number) => {
    view.setUint32(at, n);
    at += 4;
  };
  const name = (encoded: Uint8Array) => {
    u32(encoded.length);
    bytes.set(encoded, at);
    at += pad4(encoded.length);
  };
  const attributeList = (list: EncodedAttribute[]) => {
    if (list.length === 0) {
      u32(0);
      u32(0);
      return;
    }
    u32(NC_ATTRIBUTE);
    u32(list.length);
    for (const a of list) {
      name(a.name);
      u32(TYPE_CODE[a.type]);
      u32(a.count);
      bytes.set(a.bytes, at);
      at += pad4(a.bytes.length);
    }
  };

  bytes.set([0x43, 0x44, 0x46, format === 'classic' ? 1 : 2], 0); // 'CDF' + version
  at = 4;
  u32(numRecords);
  if (dims.length === 0) {
    u32(0);
    u32(0);
  } else {
    u32(NC_DIMENSION);
    u32(dims.length);
    for (const d of dims) {
      name(textEncoder.encode(d.name));
      u32(d.unlimited ? 0 : d.size);
    }
  }
  attributeList(globals);
  if (planned.length === 0) {
    u32(0);
    u32(0);
  } else {
    u32(NC_VARIABLE);
    u32(planned.length);
    for (const p of planned) {
      name(p.name);
      u32(p.dimIds.length);
      for (const id of p.dimIds) u32(id);
      attributeList(p.attributes);
      u32(TYPE_CODE[p.source.type]);
      // vsize is redundant for readers; it saturates for variables over 4 GiB.
      u32(Math.min(p.vsize, 0xffffffff));
      if (offsetSize === 4) u32(p.begin);
      else {
        view.setBigUint64(at, BigInt(p.begin));
        at += 8;
      }
    }
  }
  if (at !== headerSize) throw new Error(`header size mismatch: wrote ${at}, planned ${headerSize}`);

  for (const p of planned) {
    if (!p.isRecord) {
      writeData(bytes, view, p.begin, p.source, 0, p.count);
      continue;
    }
    const perRecord = p.count / Math.max(numRecords, 1);
    for (let r = 0; r < numRecords; r++) {
      writeData(bytes, view, p.begin + r * recordSize, p.source, r * perRecord, perRecord);
    }
  }
  return bytes;
}

/** Copy `count` values of a variable from index `from` to byte offset `at`, big-endian. */
function writeData(bytes: Uint8Array, view: DataView, at: number, v: NcVariable, from: number, count: number): void {
  const data = v.data;
  if (typeof data === 'string') {
    bytes.set(textEncoder.encode(data).subarray(from, from + count), at);
    return;
  }
  if ((v.type === 'float' || v.type === 'int') && (data instanceof Float32Array || data instanceof Int32Array)) {
    if ((v.type === 'float') !== (data instanceof Float32Array)) {
      throw new NetcdfWriteError(`variable ${v.name}: ${v.type} data must be a ${v.type === 'float' ? 'Float32Array' : 'Int32Array'}`);
    }
    // Typed arrays hold the host's byte order, NetCDF big-endian: the swap is its own inverse.
    const source = new Uint8Array(data.buffer, data.byteOffset + from * 4, count * 4);
    copySwapped(source, 0, bytes.buffer as ArrayBuffer, bytes.byteOffset + at, count * 4, 4);
    return;
  }
  if ((v.type === 'byte' || v.type === 'char') && (data instanceof Int8Array || data instanceof Uint8Array)) {
    bytes.set(new Uint8Array(data.buffer, data.byteOffset + from, count), at);
    return;
  }
  const values = ArrayBuffer.isView(data) ? (data as Float64Array).subarray(from, from + count) : data.slice(from, from + count);
  writeNumbers(view, at, v.type, values);
}
