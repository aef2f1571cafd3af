import { describe, expect, it } from 'vitest';
import { openNetcdf } from '../index.ts';
import { encodeNetcdf3, NetcdfWriteError, type NcFile } from '../nc3/writer.ts';
import { ncdump, ncdumpValues, tempNc } from './ncdump.ts';

/** A file with every type, fixed and record variables, and attributes of several types. */
function sampleFile(format: NcFile['format']): NcFile {
  return {
    format,
    dimensions: [
      { name: 'time', size: 0, unlimited: true },
      { name: 'y', size: 2 },
      { name: 'x', size: 3 },
      { name: 'len', size: 5 },
    ],
    attributes: { title: 'round trip', version: Int32Array.of(3), weights: [0.5, 1.25] },
    variables: [
      { name: 'x', type: 'double', dimensions: ['x'], data: [10.5, 11.5, 12.5], attributes: { units: 'degrees_east' } },
      { name: 'code', type: 'short', dimensions: ['y', 'x'], data: Int16Array.of(-2, -1, 0, 1, 2, 32767) },
      { name: 'flag', type: 'byte', dimensions: ['x'], data: Int8Array.of(-128, 0, 127) },
      { name: 'label', type: 'char', dimensions: ['len'], data: 'ice!!' },
      { name: 'count', type: 'int', dimensions: ['y'], data: Int32Array.of(-7, 2147483647) },
      {
        name: 'temp',
        type: 'float',
        dimensions: ['time', 'y', 'x'],
        data: Float32Array.of(1.5, -2.25, NaN, 4, 5, 6, 7, 8, 9, 10, 11, 12.75),
        attributes: { _FillValue: Float32Array.of(NaN), scale: Float32Array.of(2.5) },
      },
      { name: 'time', type: 'double', dimensions: ['time'], data: [24, 48] },
    ],
  };
}

describe('NetCDF-3 writer', () => {
  for (const format of ['classic', '64bit-offset'] as const) {
    it(`writes a ${format} file that ncdump reads with the same values`, () => {
      const bytes = encodeNetcdf3(sampleFile(format));
      const path = tempNc(bytes);
      const header = ncdump(['-h', path]);
      expect(header).toContain('time = UNLIMITED ; // (2 currently)');
      expect(header).toContain('float temp(time, y, x)');
      expect(header).toContain(':title = "round trip"');
      expect(header).toContain(':version = 3');
      expect(header).toContain('temp:_FillValue = NaNf');
      expect(ncdump(['-k', path]).trim()).toBe(format === 'classic' ? 'classic' : '64-bit offset');
      expect(ncdumpValues(path, 'temp')).toEqual([1.5, -2.25, NaN, 4, 5, 6, 7, 8, 9, 10, 11, 12.75]);
      expect(ncdumpValues(path, 'time')).toEqual([24, 48]);
      expect(ncdumpValues(path, 'code')).toEqual([-2, -1, 0, 1, 2, 32767]);
      expect(ncdumpValues(path, 'flag')).toEqual([-128, 0, 127]);
      expect(ncdumpValues(path, 'count')).toEqual([-7, 2147483647]);
      expect(ncdumpValues(path, 'x')).toEqual([10.5, 11.5, 12.5]);
      expect(ncdump(['-v', 'label', path])).toContain('label = "ice!!"');
    });
  }

  it('reads back the same values with the project decoder', async () => {
    const file = sampleFile('64bit-offset');
    const bytes = encodeNetcdf3(file);
    const dataset = await openNetcdf(bytes);
    expect(dataset.format).toBe('64bit-offset');
    expect(dataset.dimensions.find((d) => d.unlimited)?.size).toBe(2);
    expect(Array.from(dataset.read('temp'))).toEqual([1.5, -2.25, NaN, 4, 5, 6, 7, 8, 9, 10, 11, 12.75]);
    expect(Array.from(dataset.read('time'))).toEqual([24, 48]);
    expect(Array.from(dataset.read('temp', 1))).toEqual([7, 8, 9, 10, 11, 12.75]);
    expect(Array.from(dataset.read('code'))).toEqual([-2, -1, 0, 1, 2, 32767]);
    expect(dataset.attributes.title).toBe('round trip');
  });

  it('rejects data that does not fit the dimensions', () => {
    const file = sampleFile('classic');
    file.variables[1] = { name: 'code', type: 'short', dimensions: ['y', 'x'], data: Int16Array.of(1, 2) };
    expect(() => encodeNetcdf3(file)).toThrow(NetcdfWriteError);
    expect(() => encodeNetcdf3({ dimensions: [{ name: 'y', size: 2 }], variables: [{ name: 'v', type: 'float', dimensions: ['z'], data: [1] }] })).toThrow(
      /unknown dimension z/,
    );
  });
});
