/** Reading back what map-export/png-text.ts writes, for the export's unit test and the map-tools journey. */

/** The iTXt texts of a PNG by keyword. */
export function readPngTexts(png: Uint8Array): Record<string, string> {
  const decoder = new TextDecoder();
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const texts: Record<string, string> = {};
  for (let offset = 8; offset + 12 <= png.length; ) {
    const length = view.getUint32(offset);
    const type = decoder.decode(png.subarray(offset + 4, offset + 8));
    if (type === 'iTXt') {
      const data = png.subarray(offset + 8, offset + 8 + length);
      const end = data.indexOf(0);
      let p = end + 3; // past \0, flag, method
      p = data.indexOf(0, p) + 1; // language tag
      p = data.indexOf(0, p) + 1; // translated keyword
      texts[decoder.decode(data.subarray(0, end))] = decoder.decode(data.subarray(p));
    }
    offset += 12 + length;
  }
  return texts;
}
