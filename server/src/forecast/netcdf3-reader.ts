/**
 * A small NetCDF-3 (classic and 64-bit offset) reader for the server's own files: the models start from the
 * +24h state of the previous forecast and from archived analyses, which the server wrote itself.
 * The browser has its own, complete decoder (workers/netcdf/); this one reads headers and whole variables.
 */
import { swap32, type NcType } from './netcdf3-writer.ts';

const LITTLE_ENDIAN_HOST = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

export class NetcdfReadError extends Error {
  override name = 'NetcdfReadError';
}

export interface NcHeaderDimension {
  name: string;
  size: number;
  unlimited: boolean;
}

export type NcReadAttribute = string | number[];

export interface NcHeaderVariable {
  name: string;
  dimensions: string[];
  type: NcType;
  attributes: Record<string, NcReadAttribute>;
  /** Byte offset of the data (first record for record variables). */
  begin: number;
  /** Values per record (record variables) or in total. */
  sliceCount: number;
  isRecord: boolean;
}

export interface NcHeader {
  format: 'classic' | '64bit-offset';
  numRecords: number;
  recordSize: number;
  dimensions: NcHeaderDimension[];
  attributes: Record<string, NcReadAttribute>;
  variables: NcHeaderVariable[];
}

const TYPES: Record<number, NcType> = { 1: 'byte', 2: 'char', 3: 'short', 4: 'int', 5: 'float', 6: 'double' };
const SIZE: Record<NcType, number> = { byte: 1, char: 1, short: 2, int: 4, float: 4, double: 8 };
const pad4 = (n: number): number => (n + 3) & ~3;
const decoder = new TextDecoder();

export function readHeader(bytes: Uint8Array): NcHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8 || bytes[0] !== 0x43 || bytes[1] !== 0x44 || bytes[2] !== 0x46) {
    throw new NetcdfReadError('not a NetCDF-3 file (no CDF signature)');
  }
  const version = bytes[3];
  if (version !== 1 && version !== 2) throw new NetcdfReadError(`unsupported NetCDF version byte ${version}`);
  let at = 4;
  const need = (n: number) => {
    if (at + n > bytes.length) throw new NetcdfReadError('truncated header');
  };
  const u32 = () => {
    need(4);
    const v = view.getUint32(at);
    at += 4;
    return v;
  };
  const name = () => {
    const length = u32();
    need(length);
    const text = decoder.decode(bytes.subarray(at, at + length));
    at += pad4(length);
    return text;
  };
  const attributes = (): Record<string, NcReadAttribute> => {
    const tag = u32();
    const count = u32();
    const out: Record<string, NcReadAttribute> = {};
    if (tag === 0) return out;
    for (let i = 0; i < count; i++) {
      const key = name();
      const type = TYPES[u32()];
      if (!type) throw new NetcdfReadError(`attribute ${key}: unknown type`);
      const n = u32();
      need(n * SIZE[type]);
      if (type === 'char') out[key] = decoder.decode(bytes.subarray(at, at + n));
      else out[key] = Array.from({ length: n }, (_, k) => readNumber(view, at + k * SIZE[type], type));
      at += pad4(n * SIZE[type]);
    }
    return out;
  };

  const numRecords = u32();
  const dimensions: NcHeaderDimension[] = [];
  u32(); // NC_DIMENSION or 0
  const dimCount = u32();
  for (let i = 0; i < dimCount; i++) {
    const dimName = name();
    const size = u32();
    dimensions.push({ name: dimName, size: size === 0 ? numRecords : size, unlimited: size === 0 });
  }
  const globals = attributes();
  u32(); // NC_VARIABLE or 0
  const varCount = u32();
  const variables: NcHeaderVariable[] = [];
  for (let i = 0; i < varCount; i++) {
    const varName = name();
    const rank = u32();
    const dimIds = Array.from({ length: rank }, () => u32());
    const attrs = attributes();
    const type = TYPES[u32()];
    if (!type) throw new NetcdfReadError(`variable ${varName}: unknown type`);
    u32(); // vsize
    let begin: number;
    if (version === 1) begin = u32();
    else {
      need(8);
      begin = Number(view.getBigUint64(at));
      at += 8;
    }
    const dims = dimIds.map((id) => {
      const d = dimensions[id];
      if (!d) throw new NetcdfReadError(`variable ${varName}: bad dimension id ${id}`);
      return d;
    });
    const isRecord = dims.length > 0 && dims[0].unlimited;
    const sliceCount = dims.slice(isRecord ? 1 : 0).reduce((n, d) => n * d.size, 1);
    variables.push({ name: varName, dimensions: dims.map((d) => d.name), type, attributes: attrs, begin, sliceCount, isRecord });
  }
  const recordVars = variables.filter((v) => v.isRecord);
  const recordSize =
    recordVars.length === 1
      ? recordVars[0].sliceCount * SIZE[recordVars[0].type]
      : recordVars.reduce((n, v) => n + pad4(v.sliceCount * SIZE[v.type]), 0);
  return { format: version === 1 ? 'classic' : '64bit-offset', numRecords, recordSize, dimensions, attributes: globals, variables };
}

function readNumber(view: DataView, at: number, type: NcType): number {
  switch (type) {
    case 'byte':
    case 'char':
      return view.getInt8(at);
    case 'short':
      return view.getInt16(at);
    case 'int':
      return view.getInt32(at);
    case 'float':
      return view.getFloat32(at);
    case 'double':
      return view.getFloat64(at);
  }
}

/** All values of a numeric variable (all records), as float32 (float) or float64 (other types). */
export function readVariable(bytes: Uint8Array, header: NcHeader, variableName: string): Float32Array | Float64Array {
  const v = header.variables.find((x) => x.name === variableName);
  if (!v) throw new NetcdfReadError(`no variable ${variableName}`);
  if (v.type === 'char') throw new NetcdfReadError(`variable ${variableName} is text`);
  const records = v.isRecord ? header.numRecords : 1;
  const step = v.isRecord ? header.recordSize : 0;
  const size = SIZE[v.type];
  const end = v.begin + step * (records - 1) + v.sliceCount * size;
  if (records > 0 && end > bytes.length) throw new NetcdfReadError(`variable ${variableName}: data past the end of the file`);
  if (v.type === 'float') {
    const out = new Float32Array(v.sliceCount * records);
    const outBytes = new Uint8Array(out.buffer);
    for (let r = 0; r < records; r++) {
      const start = v.begin + r * step;
      outBytes.set(bytes.subarray(start, start + v.sliceCount * 4), r * v.sliceCount * 4);
    }
    if (LITTLE_ENDIAN_HOST) swap32(new Uint32Array(out.buffer));
    return out;
  }
  const out = new Float64Array(v.sliceCount * records);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let r = 0; r < records; r++) {
    for (let i = 0; i < v.sliceCount; i++) out[r * v.sliceCount + i] = readNumber(view, v.begin + r * step + i * size, v.type);
  }
  return out;
}
