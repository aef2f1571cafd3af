/**
 * The NetCDF-3 format's tables, shared by the reader (header.ts) and the writer (writer.ts): header tags,
 * type codes with their sizes (the NetCDF classic format specification; codes 7..11 exist only in CDF-5), and
 * the 4-byte padding of every header element and data section.
 */
import type { NcTypeName } from '../types.ts';

export const NC_DIMENSION = 0x0a;
export const NC_VARIABLE = 0x0b;
export const NC_ATTRIBUTE = 0x0c;

/** Type code → (name, bytes per value). */
export const NC_TYPES: Readonly<Record<number, readonly [NcTypeName, number]>> = {
  1: ['byte', 1],
  2: ['char', 1],
  3: ['short', 2],
  4: ['int', 4],
  5: ['float', 4],
  6: ['double', 8],
  7: ['ubyte', 1],
  8: ['ushort', 2],
  9: ['uint', 4],
  10: ['int64', 8],
  11: ['uint64', 8],
};

/** Type name → code (the inverse of NC_TYPES). */
export const NC_TYPE_CODES = Object.fromEntries(Object.entries(NC_TYPES).map(([code, [name]]) => [name, Number(code)])) as Record<NcTypeName, number>;

/** Type name → bytes per value. */
export const NC_TYPE_SIZES = Object.fromEntries(Object.values(NC_TYPES).map(([name, size]) => [name, size])) as Record<NcTypeName, number>;

/** `n` rounded up to a multiple of 4 (arithmetic, not bit operations: a corrupt header's sizes exceed 2^31). */
export function padTo4(n: number): number {
  return n + ((4 - (n % 4)) % 4);
}
