import { describe, expect, it } from 'vitest';
import { chartPolygon } from '../../../testing/chart-polygons.ts';
import { ctClass, polygonColour, sodClass } from './chart-colours.ts';

const codes = (ct: string, over: Record<string, string> = {}) => chartPolygon({ CT: ct, ...over });

/**
 * JCOMM TR-24 (2014) as the IHO S-411 portrayal catalogue carries it into ECDIS (`seaice_wmo_iceact.xsl`,
 * `seaice_wmo_icesod.xsl`): every code a chart writes, with the colour the standard gives it.
 */
const CT_TABLE: [code: string, rgb: [number, number, number]][] = [
  ['01', [150, 200, 255]],
  ['02', [150, 200, 255]],
  ...['10', '12', '13', '20', '23', '30'].map((code) => [code, [140, 255, 160]] as [string, [number, number, number]]),
  ...['24', '34', '35', '40', '45', '46', '50', '56', '60'].map((code) => [code, [255, 255, 0]] as [string, [number, number, number]]),
  ...['57', '67', '68', '70', '78', '80'].map((code) => [code, [255, 125, 7]] as [string, [number, number, number]]),
  ...['79', '81', '89', '90', '91', '92'].map((code) => [code, [255, 0, 0]] as [string, [number, number, number]]),
];

const SOD_TABLE: [code: string, rgb: [number, number, number]][] = [
  ['81', [240, 210, 250]],
  ['82', [255, 100, 255]],
  ['83', [170, 40, 240]],
  ['84', [135, 60, 215]],
  ['85', [220, 80, 235]],
  ['86', [255, 255, 0]],
  ['87', [155, 210, 0]],
  ['88', [215, 250, 130]],
  ['89', [175, 250, 0]],
  ['91', [0, 200, 20]],
  ['93', [0, 120, 0]],
  ['94', [0, 120, 0]],
  ['95', [180, 100, 50]],
  ['96', [255, 120, 10]],
  ['97', [200, 0, 0]],
];

describe('the WMO colour codes against the standard’s tables', () => {
  it.each(CT_TABLE)('total concentration %s', (code, rgb) => {
    expect(polygonColour('ct', codes(code))).toEqual(rgb);
  });

  it.each(SOD_TABLE)('stage of development %s', (stage, rgb) => {
    expect(polygonColour('sod', codes('92', { CA: '92', SA: stage }))).toEqual(rgb);
  });

  it('gives ice free, open water and fast ice the same colours in both codes', () => {
    for (const code of ['ct', 'sod'] as const) {
      expect(polygonColour(code, codes('00', { POLY_TYPE: 'W' }))).toEqual([0, 100, 255]);
      expect(polygonColour(code, codes('98'))).toEqual([0, 100, 255]);
      expect(polygonColour(code, codes('01'))).toEqual([150, 200, 255]);
      expect(polygonColour(code, codes('92', { SA: '93', FA: '08' }))).toEqual([150, 150, 150]);
    }
  });
});

describe('the WMO colour codes of a chart polygon', () => {
  it('colours total concentration as JCOMM TR-24 lists it', () => {
    expect(polygonColour('ct', codes('00', { POLY_TYPE: 'W' }))).toEqual([0, 100, 255]);
    expect(polygonColour('ct', codes('01'))).toEqual([150, 200, 255]);
    expect(polygonColour('ct', codes('13'))).toEqual([140, 255, 160]);
    expect(polygonColour('ct', codes('50'))).toEqual([255, 255, 0]);
    expect(polygonColour('ct', codes('70'))).toEqual([255, 125, 7]);
    expect(polygonColour('ct', codes('92'))).toEqual([255, 0, 0]);
    expect(polygonColour('ct', codes('92', { SA: '99', FA: '08' }))).toEqual([150, 150, 150]);
  });

  it('puts an interval in the class of its upper bound, 10 (1/10) in 1–3/10 and 92 (10/10) in 9–10/10', () => {
    expect(ctClass(codes('79'))).toBe('c9_10');
    expect(ctClass(codes('57'))).toBe('c7_8');
    expect(ctClass(codes('91'))).toBe('c9_10');
    expect(ctClass(codes('10'))).toBe('c1_3');
    expect(ctClass(codes('92'))).toBe('c9_10');
    expect(ctClass(codes('35'))).toBe('c4_6');
    expect(ctClass(codes('99'))).toBe('unknown');
  });

  it('colours by the predominant stage, the oldest where partial concentrations are not given', () => {
    const mixed = codes('91', { CA: '30', SA: '95', CB: '60', SB: '84' });
    expect(sodClass(mixed)).toBe('grey');
    expect(polygonColour('sod', mixed)).toEqual([135, 60, 215]);
    const dmi = codes('89', { CA: '-9', SA: '93', CB: '-9', SB: '87' });
    expect(sodClass(dmi)).toBe('thick_first_year');
    expect(polygonColour('sod', dmi)).toEqual([0, 120, 0]);
  });

  it('reads stage codes with the traps of the files', () => {
    expect(sodClass(codes('92', { SA: '98' }))).toBe('glacier'); // 98 in SA is glacier ice, not ice free
    expect(sodClass(codes('92', { SA: '99' }))).toBe('unknown');
    expect(sodClass(codes('92', { SA: '80' }))).toBe('unknown');
    expect(sodClass(codes('92', { SA: '97' }))).toBe('multi_year');
    expect(sodClass(codes('92', { SA: '25' }))).toBe('grey_white'); // 25 cm, a lake chart's thickness class
    expect(polygonColour('sod', codes('92', { SA: '91' }))).toEqual([0, 200, 20]);
  });

  it('draws fast ice grey and water blue in the stage code too, and leaves land to the basemap', () => {
    expect(polygonColour('sod', codes('92', { SA: '99', FA: '08' }))).toEqual([150, 150, 150]);
    expect(polygonColour('sod', codes('00', { POLY_TYPE: 'W' }))).toEqual([0, 100, 255]);
    expect(polygonColour('ct', chartPolygon({ POLY_TYPE: 'L' }))).toBeNull();
  });
});
