/**
 * Big-endian (NetCDF-3 on disk) to native little-endian, in place, on word-sized typed-array views.
 * One integer shuffle per word, no DataView per value: this is the hot loop of the NetCDF-3 reader.
 * Every platform we run on (x86-64, ARM64 browsers and Node) is little-endian; `nativeIsLittleEndian`
 * guards the assumption.
 */

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

/** Swap `count` elements of `size` bytes (1, 2, 4 or 8) starting at byte 0 of an aligned buffer. */
export function swapInPlace(buffer: ArrayBuffer, size: number, count: number): void {
  if (!nativeIsLittleEndian || size === 1 || count === 0) return;
  if (size === 2) swap16(new Uint16Array(buffer, 0, count));
  else if (size === 4) swap32(new Uint32Array(buffer, 0, count));
  else if (size === 8) swap64(new Uint32Array(buffer, 0, count * 2));
  else throw new RangeError(`cannot byte-swap ${size}-byte values`);
}
