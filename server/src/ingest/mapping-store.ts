/**
 * Regridding mappings kept on disk, so that a product's next file (a job in a fresh worker thread, whose
 * in-memory cache starts empty) reuses the mapping built for the first one: about 2 s saved per EASE2 file
 * (bench/README.md). Files under DATA_DIR/regrid-cache, named by a hash of the source grid's hash, the method
 * and the target grid; written through a temporary name and a rename. A file that does not read back as the
 * mapping it should be (cut, from another version) is ignored and replaced.
 *
 * Layout: 4-byte little-endian header length, the header as JSON (method, stride, sizes, counts, the key), then
 * the index (Int32, little-endian) and weight (Float32) arrays.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildMapping, type RegridMapping, type RegridMethod, type SourceGrid, type TargetGrid } from '../../../common/regrid/index.ts';

export const MAPPING_DIR = 'regrid-cache';
const VERSION = 1;

interface Header {
  version: number;
  key: string;
  method: RegridMethod;
  stride: 1 | 4;
  sourceHash: string;
  sourceSize: number;
  footprintCount: number;
  target: RegridMapping['target'];
  length: number;
}

// A lat/lon target keeps the key it always had (mappings saved before regions are still found); a planar one is
// named by its plane and axes.
const targetText = (t: TargetGrid): string =>
  'proj4' in t ? [t.proj4, t.x0, t.dx, t.nx, t.y0, t.dy, t.ny].join(',') : [t.lon0, t.dlon, t.nlon, t.lat0, t.dlat, t.nlat].join(',');

const keyOf = (source: SourceGrid, target: TargetGrid, method: RegridMethod) => `${source.hash}|${method}|${targetText(target)}`;

const littleEndian = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

function read(path: string, key: string): RegridMapping | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return null;
  }
  try {
    const headerLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8')) as Header;
    if (header.version !== VERSION || header.key !== key || !littleEndian) return null;
    const start = 4 + headerLength;
    const byteLength = header.length * 4;
    if (bytes.byteLength !== start + 2 * byteLength) return null;
    // Copies into fresh aligned buffers (the file's offsets need not be multiples of 4).
    const index = new Int32Array(header.length);
    new Uint8Array(index.buffer).set(bytes.subarray(start, start + byteLength));
    const weight = new Float32Array(header.length);
    new Uint8Array(weight.buffer).set(bytes.subarray(start + byteLength, start + 2 * byteLength));
    return {
      method: header.method,
      target: header.target,
      sourceHash: header.sourceHash,
      sourceSize: header.sourceSize,
      stride: header.stride,
      index,
      weight,
      footprintCount: header.footprintCount,
    };
  } catch {
    return null;
  }
}

function write(path: string, key: string, mapping: RegridMapping): void {
  const header: Header = {
    version: VERSION,
    key,
    method: mapping.method,
    stride: mapping.stride,
    sourceHash: mapping.sourceHash,
    sourceSize: mapping.sourceSize,
    footprintCount: mapping.footprintCount,
    target: mapping.target,
    length: mapping.index.length,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.byteLength, 0);
  const temporary = `${path}.${randomUUID()}.tmp`;
  const index = Buffer.from(mapping.index.buffer, mapping.index.byteOffset, mapping.index.byteLength);
  const weight = Buffer.from(mapping.weight.buffer, mapping.weight.byteOffset, mapping.weight.byteLength);
  try {
    writeFileSync(temporary, Buffer.concat([length, json, index, weight]));
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * The mapping from `source` onto `target`: from DATA_DIR's cache when a good copy is there, else built (and
 * the in-memory cache of common/regrid used) and saved. Saving is best effort: a full disk only costs time later.
 */
export function storedMapping(dataDir: string, source: SourceGrid, target: TargetGrid, method: RegridMethod): { mapping: RegridMapping; fromDisk: boolean } {
  if (!littleEndian) return { mapping: buildMapping(source, target, method), fromDisk: false };
  const key = keyOf(source, target, method);
  const dir = join(dataDir, MAPPING_DIR);
  const path = join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.bin`);
  const stored = read(path, key);
  if (stored) {
    // Its modification time says when it was last used: retention removes mappings no product uses any more.
    try {
      utimesSync(path, new Date(), new Date());
    } catch {
      // A read-only cache still serves.
    }
    return { mapping: stored, fromDisk: true };
  }
  const mapping = buildMapping(source, target, method);
  try {
    mkdirSync(dir, { recursive: true });
    write(path, key, mapping);
  } catch {
    // Not saved: the next job builds it again.
  }
  return { mapping, fromDisk: false };
}
