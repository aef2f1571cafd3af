/**
 * A fast non-cryptographic hash of coordinate arrays, to name a grid: two files on the same grid share the
 * hash and so the cached mapping. 2 × 32-bit FNV-1a-style lanes over the float64 bits (collisions between
 * different real grids are not a practical concern at 64 bits).
 */
export class GridHasher {
  private h1 = 0x811c9dc5;
  private h2 = 0x01000193 ^ 0x5bd1e995;

  text(value: string): this {
    for (let i = 0; i < value.length; i++) this.word(value.charCodeAt(i));
    return this.word(0xffff);
  }

  numbers(values: ArrayLike<number>): this {
    const f64 = values instanceof Float64Array ? values : Float64Array.from(values);
    const words = new Uint32Array(f64.buffer, f64.byteOffset, f64.length * 2);
    for (let i = 0; i < words.length; i++) this.word(words[i]);
    return this.word(values.length);
  }

  hex(): string {
    return (this.h1 >>> 0).toString(16).padStart(8, '0') + (this.h2 >>> 0).toString(16).padStart(8, '0');
  }

  private word(w: number): this {
    this.h1 = Math.imul(this.h1 ^ w, 0x01000193);
    this.h2 = Math.imul(this.h2 ^ w, 0x5bd1e995);
    this.h2 ^= this.h2 >>> 15;
    return this;
  }
}
