import { describe, expect, it } from 'vitest';
import type { ChartPolygonProperties } from '../../../api/icecharts.ts';
import { ctClass, polygonColour, sodClass, sodClassOfStage } from './chart-colours.ts';

const polygon = (over: Partial<ChartPolygonProperties>): ChartPolygonProperties => ({ ct: [10, 10], stages: [], fast_ice: false, poly_type: 'I', ...over });

describe('the WMO colour codes of a chart polygon', () => {
  it('colours total concentration as JCOMM TR-24 lists it', () => {
    expect(polygonColour('ct', polygon({ ct: [0, 0], poly_type: 'W' }))).toEqual([0, 100, 255]);
    expect(polygonColour('ct', polygon({ ct: [0, 1] }))).toEqual([150, 200, 255]);
    expect(polygonColour('ct', polygon({ ct: [1, 3] }))).toEqual([140, 255, 160]);
    expect(polygonColour('ct', polygon({ ct: [5, 5] }))).toEqual([255, 255, 0]);
    expect(polygonColour('ct', polygon({ ct: [7, 7] }))).toEqual([255, 125, 7]);
    expect(polygonColour('ct', polygon({ ct: [10, 10] }))).toEqual([255, 0, 0]);
    expect(polygonColour('ct', polygon({ ct: [10, 10], fast_ice: true }))).toEqual([150, 150, 150]);
  });

  it('puts an interval in the class of its middle and 1/10 in 1–3/10, not 9–10/10', () => {
    expect(ctClass(polygon({ ct: [7, 9] }))).toBe('c7_8');
    expect(ctClass(polygon({ ct: [9, 10] }))).toBe('c9_10');
    expect(ctClass(polygon({ ct: [1, 1] }))).toBe('c1_3');
    expect(ctClass(polygon({ ct: [3, 5] }))).toBe('c4_6');
    expect(ctClass(polygon({ ct: null }))).toBe('unknown');
  });

  it('colours by the predominant stage, the oldest where partial concentrations are not given', () => {
    const mixed = polygon({ stages: [{ conc: [3, 3], stage: 'старый', code: '95' }, { conc: [6, 6], stage: 'серый', code: '84' }] });
    expect(sodClass(mixed)).toBe('grey');
    expect(polygonColour('sod', mixed)).toEqual([135, 60, 215]);
    const dmi = polygon({ stages: [{ conc: null, stage: null, code: '93' }, { conc: null, stage: null, code: '87' }] });
    expect(sodClass(dmi)).toBe('thick_first_year');
    expect(polygonColour('sod', dmi)).toEqual([0, 120, 0]);
  });

  it('reads stage codes with the traps of the files', () => {
    expect(sodClassOfStage('98')).toBe('glacier');
    expect(sodClassOfStage('99')).toBe('unknown');
    expect(sodClassOfStage('80')).toBe('unknown');
    expect(sodClassOfStage('-9')).toBe('unknown');
    expect(sodClassOfStage('97')).toBe('multi_year');
    expect(sodClassOfStage('25')).toBe('grey_white'); // 25 cm, a lake chart's thickness class
  });

  it('draws fast ice grey and water blue in the stage code too, and leaves land to the basemap', () => {
    expect(polygonColour('sod', polygon({ fast_ice: true, stages: [{ conc: null, stage: null, code: '99' }] }))).toEqual([150, 150, 150]);
    expect(polygonColour('sod', polygon({ ct: [0, 0], poly_type: 'W' }))).toEqual([0, 100, 255]);
    expect(polygonColour('ct', polygon({ poly_type: 'L', ct: null }))).toBeNull();
  });
});
