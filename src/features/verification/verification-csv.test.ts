import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvField, csvFileName, verificationCsv } from './verification-csv.ts';
import { row } from '../../testing/verification-rows.ts';

describe('verification CSV', () => {
  it('has the API names as header and one line per record, CRLF', () => {
    const text = verificationCsv([row({}), row({ lead_hours: 48, valid_date: '2026-11-22', thick_rmse: null, skill_iiee: -0.05 })]);
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[0].startsWith('date,lead_hours,valid_date,model_id,run,truth_source,truth_label,truth_demo,n_cells,iiee_km2')).toBe(true);
    expect(lines[1]).toBe(
      '2026-11-20,24,2026-11-21,model_2,forecast,demo_analysis,демонстрационные данные,true,400000,200000,120000,80000,10000,20,0.08,0.04,0.01,0.3,-0.1,250000,0.1,0.2,0.2',
    );
    const fields = lines[2].split(',');
    expect(fields[CSV_COLUMNS.indexOf('thick_rmse')]).toBe('');
    expect(fields[CSV_COLUMNS.indexOf('skill_iiee')]).toBe('-0.05');
  });

  it('quotes what would break a field', () => {
    expect(csvField('OSI SAF, 10 km')).toBe('"OSI SAF, 10 km"');
    expect(csvField('say "ice"')).toBe('"say ""ice"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    const text = verificationCsv([row({ truth: { source: 'osisaf', label: 'OSI SAF, "SSMIS"', demo: false } })]);
    expect(text.split('\r\n')[1]).toContain(',osisaf,"OSI SAF, ""SSMIS""",false,');
  });

  it('names the file by run and period, and by region for the whole Arctic', () => {
    expect(csvFileName('assim_forecast', '2026-10-27', '2026-11-25')).toBe('verification_assim_forecast_2026-10-27_2026-11-25.csv');
    expect(csvFileName('assim_forecast', '2026-10-27', '2026-11-25', 'sector')).toBe('verification_assim_forecast_2026-10-27_2026-11-25.csv');
    expect(csvFileName('forecast', '2026-10-27', '2026-11-25', 'arctic')).toBe('verification_forecast_arctic_2026-10-27_2026-11-25.csv');
  });
});
