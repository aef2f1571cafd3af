import { describe, expect, it } from 'vitest';
import { exportFileName, stampLines } from './export-stamp.ts';
import { readPngTexts } from '../../../testing/png-texts.ts';
import { addPngText } from './png-text.ts';

const demoMeta = { attributes: { model: 'model_2', source: 'демонстрационные данные' } };

describe('PNG export stamp', () => {
  it('names date, lead, valid time (UTC), run, model, variable, and the demo data', () => {
    const input = { date: '2026-11-23', leadIndex: 1 as const, assimilated: true, variable: 'sithick_GLORYS' as const, fileMeta: demoMeta, difference: null };
    expect(stampLines(input)).toEqual([
      'Дата прогноза: 2026-11-23 · Срок: +48h · Действителен: 2026-11-25T00:00Z UTC',
      'Прогон: Ассимилированный прогноз · Модель: model_2 · Переменная: sithick_GLORYS',
      'демонстрационные данные',
    ]);
    expect(exportFileName(input)).toBe('ice_2026-11-23_+48h_valid-2026-11-25T00-00Z_assim_model_2_sithick_GLORYS_demo.png');
  });

  it('names the whole Arctic in the stamp and the file name; the sector as before', () => {
    const input = { date: '2026-11-23', leadIndex: 0 as const, assimilated: false, variable: 'sea_ice_fraction_BREMEN' as const, fileMeta: demoMeta, difference: null };
    expect(stampLines({ ...input, region: 'arctic' })[1]).toBe(
      'Прогон: Свободный прогноз · Модель: model_2 · Переменная: sea_ice_fraction_BREMEN · Район: Арктика целиком',
    );
    expect(exportFileName({ ...input, region: 'arctic' })).toBe('ice_2026-11-23_+24h_valid-2026-11-24T00-00Z_free_model_2_sea_ice_fraction_BREMEN_arctic_demo.png');
    expect(stampLines({ ...input, region: 'sector' })).toEqual(stampLines(input));
    expect(exportFileName({ ...input, region: 'sector' })).toBe(exportFileName(input));
  });

  it('leaves the demo note out for other data and marks differences', () => {
    const input = {
      date: '2026-12-31',
      leadIndex: 2 as const,
      assimilated: false,
      variable: 'sea_ice_fraction_BREMEN' as const,
      fileMeta: { attributes: { model: 'nemo/v2', source: 'CMEMS' } },
      difference: 'Прогноз − анализ',
    };
    const lines = stampLines(input);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('2027-01-03T00:00Z UTC');
    expect(lines[1]).toContain('sea_ice_fraction_BREMEN (Прогноз − анализ)');
    expect(exportFileName(input)).toBe('ice_2026-12-31_+72h_valid-2027-01-03T00-00Z_free_nemo-v2_sea_ice_fraction_BREMEN_diff.png');
  });

  it('writes the stamp into the PNG as UTF-8 text that reads back', () => {
    // The smallest PNG chunk layout: signature, IHDR-like chunk, IEND.
    const png = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130]);
    const withText = addPngText(png, 'Description', 'Дата: 2026-11-23\nдемонстрационные данные');
    expect(readPngTexts(withText)).toEqual({ Description: 'Дата: 2026-11-23\nдемонстрационные данные' });
    expect(Array.from(withText.subarray(-12))).toEqual(Array.from(png.subarray(-12)));
  });
});
