/**
 * Puts text into a PNG as an iTXt chunk (UTF-8, uncompressed; PNG 1.2 §11.3.4.5), just before IEND, so the stamp
 * can be read back from the file by any PNG tool (e.g. `exiftool`, or the tests' src/testing/png-texts.ts) as
 * well as seen in the image.
 */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function addPngText(png: Uint8Array, keyword: string, text: string): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  // keyword \0, compression flag 0, method 0, language tag '' \0, translated keyword '' \0, text.
  const data = new Uint8Array([...encoder.encode(keyword), 0, 0, 0, 0, 0, ...encoder.encode(text)]);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(encoder.encode('iTXt'), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  const iend = png.length - 12; // IEND is the last chunk: length, type, no data, CRC
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, iend), 0);
  out.set(chunk, iend);
  out.set(png.subarray(iend), iend + chunk.length);
  return out;
}
