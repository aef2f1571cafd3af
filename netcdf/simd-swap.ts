/**
 * Byte swapping with WebAssembly SIMD: a tiny module, assembled here byte by byte, whose functions reverse
 * the bytes of every 2-, 4- or 8-byte word in a block of its memory with one i8x16.swizzle per 16 bytes.
 * Data goes through in chunks that stay in the CPU cache: copy in, swap, copy out. That beats the
 * JavaScript word loop several times over on large variables. Where WebAssembly SIMD is missing the module
 * does not compile and `simdSwapper()` returns null (callers fall back to byte-swap.ts).
 */

/** Bytes per chunk: fits a core's L2 cache with room to spare. */
const CHUNK_BYTES = 256 * 1024;

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

function section(id: number, content: number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}

function name(text: string): number[] {
  return [text.length, ...Array.from(text, (c) => c.charCodeAt(0))];
}

/** swapN(ptr, bytes): for each 16-byte block in [ptr, ptr + bytes), permute its bytes by `mask`. */
function swapFunctionBody(mask: number[]): number[] {
  const code = [
    0x01, 0x01, 0x7f, // one local i32: $end
    0x20, 0x00, 0x20, 0x01, 0x6a, 0x21, 0x02, // $end = $ptr + $bytes
    0x02, 0x40, // block
    0x03, 0x40, // loop
    0x20, 0x00, 0x20, 0x02, 0x4f, 0x0d, 0x01, // if ($ptr >= $end) break
    0x20, 0x00, // address for the store
    0x20, 0x00, 0xfd, 0x00, 0x00, 0x00, // v128.load $ptr
    0xfd, 0x0c, ...mask, // v128.const mask
    0xfd, 0x0e, // i8x16.swizzle
    0xfd, 0x0b, 0x00, 0x00, // v128.store
    0x20, 0x00, 0x41, 0x10, 0x6a, 0x21, 0x00, // $ptr += 16
    0x0c, 0x00, // continue
    0x0b, // end loop
    0x0b, // end block
    0x0b, // end function
  ];
  return [...uleb(code.length), ...code];
}

function lanes(size: number): number[] {
  return Array.from({ length: 16 }, (_, i) => i - (i % size) + (size - 1 - (i % size)));
}

function moduleBytes(): Uint8Array<ArrayBuffer> {
  const pages = CHUNK_BYTES / 65536;
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [0x01, 0x60, 0x02, 0x7f, 0x7f, 0x00]), // type 0: (i32, i32) -> ()
    ...section(3, [0x03, 0x00, 0x00, 0x00]), // three functions of type 0
    ...section(5, [0x01, 0x00, ...uleb(pages)]), // one memory of CHUNK_BYTES
    ...section(7, [
      0x04,
      ...name('memory'), 0x02, 0x00,
      ...name('swap16'), 0x00, 0x00,
      ...name('swap32'), 0x00, 0x01,
      ...name('swap64'), 0x00, 0x02,
    ]),
    ...section(10, [0x03, ...swapFunctionBody(lanes(2)), ...swapFunctionBody(lanes(4)), ...swapFunctionBody(lanes(8))]),
  ];
  return new Uint8Array(bytes);
}

// The part of the WebAssembly JS API used here, declared in this module (it shadows the global of the same name):
// the decoder also runs in the server, whose Node-only type check has no WebAssembly declarations.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array<ArrayBuffer>) => object;
  Instance: new (module: object) => { exports: unknown };
};

interface SwapExports {
  memory: { buffer: ArrayBuffer };
  swap16: (ptr: number, bytes: number) => void;
  swap32: (ptr: number, bytes: number) => void;
  swap64: (ptr: number, bytes: number) => void;
}

export interface SimdSwapper {
  /** Copy `byteLength` bytes of big-endian `size`-byte values from src[srcOffset] to dst[dstOffset], native order. */
  copySwapped(src: Uint8Array, srcOffset: number, dst: Uint8Array, dstOffset: number, byteLength: number, size: 2 | 4 | 8): void;
}

let cached: SimdSwapper | null | undefined;

export function simdSwapper(): SimdSwapper | null {
  if (cached !== undefined) return cached;
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()));
    const exports = instance.exports as unknown as SwapExports;
    const memory = new Uint8Array(exports.memory.buffer);
    const swap = { 2: exports.swap16, 4: exports.swap32, 8: exports.swap64 };
    cached = {
      copySwapped(src, srcOffset, dst, dstOffset, byteLength, size) {
        const fn = swap[size];
        for (let done = 0; done < byteLength; done += CHUNK_BYTES) {
          const n = Math.min(CHUNK_BYTES, byteLength - done);
          memory.set(src.subarray(srcOffset + done, srcOffset + done + n));
          fn(0, n - (n % 16));
          // the last few bytes (fewer than 16) of a block whose length is not a multiple of 16
          for (let at = n - (n % 16); at < n; at += size) {
            for (let k = 0; k < size / 2; k++) {
              const a = memory[at + k];
              memory[at + k] = memory[at + size - 1 - k];
              memory[at + size - 1 - k] = a;
            }
          }
          dst.set(memory.subarray(0, n), dstOffset + done);
        }
      },
    };
  } catch {
    cached = null;
  }
  return cached;
}
