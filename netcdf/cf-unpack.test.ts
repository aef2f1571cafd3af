import { describe, expect, it } from 'vitest';
import { applyUnpack, castsSafely, planUnpack } from './cf-unpack.ts';
import { copySwapped, nativeIsLittleEndian, swap16, swap32, swap64 } from './byte-swap.ts';
import { simdSwapper } from './simd-swap.ts';

/** The plain reference for copySwapped: swap `count` `size`-byte values in place, from byte 0 of `buffer`. */
function swapInPlace(buffer: ArrayBuffer, size: number, count: number): void {
  if (!nativeIsLittleEndian || size === 1 || count === 0) return;
  if (size === 2) swap16(new Uint16Array(buffer, 0, count));
  else if (size === 4) swap32(new Uint32Array(buffer, 0, count));
  else swap64(new Uint32Array(buffer, 0, count * 2));
}

const unpack = (values: number[], type: 'short' | 'float' | 'byte', attrs: Record<string, number | string | number[]>) => {
  const raw = type === 'short' ? Int16Array.from(values) : type === 'byte' ? Int8Array.from(values) : Float32Array.from(values);
  return Array.from(applyUnpack(raw, planUnpack(type, attrs)));
};

describe('CF unpacking as netCDF4-python', () => {
  it('applies scale_factor and add_offset after masking _FillValue', () => {
    expect(unpack([0, 100, -32767], 'short', { scale_factor: 0.5, add_offset: 10, _FillValue: -32767 })).toEqual([10, 60, NaN]);
  });

  it('masks the default fill value when there is no _FillValue', () => {
    expect(unpack([1, -32767], 'short', {})).toEqual([1, NaN]);
    expect(unpack([1, 9.969209968386869e36], 'float', {})).toEqual([1, NaN]);
  });

  it('masks missing_value (several), valid_min/valid_max and valid_range', () => {
    expect(unpack([1, 2, 3, 4], 'short', { missing_value: [2, 3] })).toEqual([1, NaN, NaN, 4]);
    expect(unpack([-10000, 0, 100, 101], 'short', { valid_min: 0, valid_max: 100 })).toEqual([NaN, 0, 100, NaN]);
    expect(unpack([-1, 0, 5, 6], 'short', { valid_range: [0, 5], valid_min: -5 })).toEqual([NaN, 0, 5, NaN]);
  });

  it('reinterprets _Unsigned = "true" integers, and their fill value', () => {
    expect(unpack([-1, 1, -2], 'byte', { _Unsigned: 'true', _FillValue: -2 })).toEqual([255, 1, NaN]);
    expect(unpack([-1, 1], 'byte', { _Unsigned: 'false' })).toEqual([-1, 1]);
  });

  it('ignores attributes that do not convert safely to the variable type', () => {
    expect(castsSafely(1e20, 'float')).toBe(false); // a double fill value on a float variable
    expect(castsSafely(0.5, 'short')).toBe(false);
    expect(castsSafely('-999', 'short')).toBe(false);
    expect(castsSafely(-999, 'float')).toBe(true);
    expect(unpack([0.5, -999], 'short', { missing_value: 0.5 })).toEqual([0, -999]);
  });

  it('gives Float64Array for doubles and 32-bit integers, Float32Array otherwise', () => {
    expect(applyUnpack(Float64Array.of(1), planUnpack('double', {}))).toBeInstanceOf(Float64Array);
    expect(applyUnpack(Int32Array.of(1), planUnpack('int', {}))).toBeInstanceOf(Float64Array);
    expect(applyUnpack(Int16Array.of(1), planUnpack('short', { scale_factor: 0.01 }))).toBeInstanceOf(Float32Array);
  });
});

describe('byte swap', () => {
  it('turns big-endian 2, 4 and 8-byte values into native ones', () => {
    const be = new DataView(new ArrayBuffer(8));
    be.setInt16(0, -2);
    swapInPlace(be.buffer, 2, 1);
    expect(new Int16Array(be.buffer, 0, 1)[0]).toBe(-2);
    be.setFloat32(0, 3.25);
    swapInPlace(be.buffer, 4, 1);
    expect(new Float32Array(be.buffer, 0, 1)[0]).toBe(3.25);
    be.setFloat64(0, -1234.5678);
    swapInPlace(be.buffer, 8, 1);
    expect(new Float64Array(be.buffer)[0]).toBe(-1234.5678);
  });

  it('copies and swaps in one pass from aligned and unaligned sources alike', () => {
    for (const shift of [0, 1, 2, 4]) {
      const src = new Uint8Array(shift + 24);
      const be = new DataView(src.buffer, shift);
      [1.5, -2.25, 1e30].forEach((x, i) => be.setFloat64(i * 8, x));
      const doubles = new ArrayBuffer(24);
      copySwapped(src, shift, doubles, 0, 24, 8);
      expect(Array.from(new Float64Array(doubles))).toEqual([1.5, -2.25, 1e30]);
      [7.5, -1, 3, 0.25, 9, -8].forEach((x, i) => be.setFloat32(i * 4, x));
      const floats = new ArrayBuffer(24);
      copySwapped(src, shift, floats, 0, 24, 4);
      expect(Array.from(new Float32Array(floats))).toEqual([7.5, -1, 3, 0.25, 9, -8]);
      be.setInt16(0, -300);
      const shorts = new ArrayBuffer(2);
      copySwapped(src, shift, shorts, 0, 2, 2);
      expect(new Int16Array(shorts)[0]).toBe(-300);
    }
  });

  it('swaps large blocks through WebAssembly SIMD exactly as the word loop does', () => {
    expect(simdSwapper()).not.toBeNull(); // Node 20 and Chromium have WebAssembly SIMD
    const length = 300_000 * 8 + 8; // several 256 KiB chunks and a tail shorter than 16 bytes
    const src = new Uint8Array(length + 4);
    for (let i = 0; i < src.length; i++) src[i] = (i * 37 + 11) & 0xff;
    for (const size of [2, 4, 8]) {
      const viaCopy = new ArrayBuffer(length);
      copySwapped(src, 4, viaCopy, 0, length, size);
      const reference = src.slice(4, 4 + length).buffer;
      swapInPlace(reference, size, length / size);
      const got = new Uint8Array(viaCopy);
      const want = new Uint8Array(reference);
      const firstDifference = got.findIndex((b, i) => b !== want[i]);
      expect(firstDifference, `size ${size}`).toBe(-1);
    }
  });
});
