/**
 * Big-endian (NetCDF-3 on disk) to native little-endian, in place, on word-sized typed-array views.
 * One integer shuffle per word, no DataView per value: this is the hot loop of the NetCDF-3 reader.
 * Every platform we run on (x86-64, ARM64 browsers and Node) is little-endian; `nativeIsLittleEndian`
 * guards the assumption.
 */
import { simdSwapper } from './simd-swap.ts';

export const nativeIsLittleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Swap 2-byte words in place. `buffer` offset must be 2-aligned. */
export function swap16(words: Uint16Array): void {
  for (let i = 0, n = words.length; i < n; i++) {
    const x = words[i];
    words[i] = ((x & 0xff) << 8) | (x >>> 8);
  }
}

/** Swap 4-byte words in place. */
export function swap32(words: Uint32Array): void {
  for (let i = 0, n = words.length; i < n; i++) {
    const x = words[i];
    words[i] = ((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24);
  }
}

/** Swap 8-byte words in place: swap each half and exchange the halves. `halves` views the same bytes. */
export function swap64(halves: Uint32Array): void {
  for (let i = 0, n = halves.length; i < n; i += 2) {
    const a = halves[i];
    const b = halves[i + 1];
    halves[i] = ((b & 0xff) << 24) | ((b & 0xff00) << 8) | ((b >>> 8) & 0xff00) | (b >>> 24);
    halves[i + 1] = ((a & 0xff) << 24) | ((a & 0xff00) << 8) | ((a >>> 8) & 0xff00) | (a >>> 24);
  }
}

/** Below this, the JavaScript loop wins: the SIMD path pays for two extra copies per chunk. */
const SIMD_MIN_BYTES = 64 * 1024;

/**
 * Copy `byteLength` big-endian bytes of `size`-byte values from `src` (at `srcOffset`) into `dst` (at the
 * 8-aligned `dstOffset`) in native order. When the source is aligned for the word size (NetCDF-3 data always
 * starts on a 4-byte boundary) this is one pass that reads each word once and writes it swapped, about half
 * the memory traffic of a copy followed by an in-place swap; otherwise it copies, then swaps. Large blocks go
 * through WebAssembly SIMD (simd-swap.ts) where available, about 2.5 times faster than the JavaScript loop.
 */
export function copySwapped(src: Uint8Array, srcOffset: number, dst: ArrayBuffer, dstOffset: number, byteLength: number, size: number): void {
  const count = byteLength / size;
  if (nativeIsLittleEndian && byteLength >= SIMD_MIN_BYTES && (size === 2 || size === 4 || size === 8)) {
    const simd = simdSwapper();
    if (simd) {
      simd.copySwapped(src, srcOffset, new Uint8Array(dst), dstOffset, byteLength, size);
      return;
    }
  }
  const at = src.byteOffset + srcOffset;
  const wordSize = size === 8 ? 4 : size;
  if (!nativeIsLittleEndian || size === 1 || at % wordSize !== 0) {
    new Uint8Array(dst, dstOffset, byteLength).set(src.subarray(srcOffset, srcOffset + byteLength));
    if (nativeIsLittleEndian && size > 1) {
      if (size === 2) swap16(new Uint16Array(dst, dstOffset, count));
      else if (size === 4) swap32(new Uint32Array(dst, dstOffset, count));
      else swap64(new Uint32Array(dst, dstOffset, count * 2));
    }
    return;
  }
  if (size === 2) {
    const from = new Uint16Array(src.buffer, at, count);
    const to = new Uint16Array(dst, dstOffset, count);
    for (let i = 0; i < count; i++) {
      const x = from[i];
      to[i] = ((x & 0xff) << 8) | (x >>> 8);
    }
  } else if (size === 4) {
    const from = new Uint32Array(src.buffer, at, count);
    const to = new Uint32Array(dst, dstOffset, count);
    for (let i = 0; i < count; i++) {
      const x = from[i];
      to[i] = ((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24);
    }
  } else {
    const from = new Uint32Array(src.buffer, at, count * 2);
    const to = new Uint32Array(dst, dstOffset, count * 2);
    for (let i = 0; i < 2 * count; i += 2) {
      const a = from[i];
      const b = from[i + 1];
      to[i] = ((b & 0xff) << 24) | ((b & 0xff00) << 8) | ((b >>> 8) & 0xff00) | (b >>> 24);
      to[i + 1] = ((a & 0xff) << 24) | ((a & 0xff00) << 8) | ((a >>> 8) & 0xff00) | (a >>> 24);
    }
  }
}
