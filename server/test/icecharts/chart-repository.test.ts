/**
 * The `ice_charts` table on both engines (migration 13): a chart saved, refused again for the same source and valid
 * time, put in place of the old one with `replace` (same id), listed by valid time.
 */
import { describe, expect, it } from 'vitest';
import { findChart, findChartAt, listCharts, saveChart, type NewChart } from '../../src/icecharts/chart-repository.ts';
import { ENGINES, freshDb } from '../engines.ts';

const chart = (over: Partial<NewChart> = {}): NewChart => ({
  source: 'ААНИИ',
  valid_time: '2014-02-11T00:00:00.000Z',
  polygons: 342,
  bbox: [-180, 56.96, 180, 90],
  file: 'icecharts/a.json',
  sha256: 'a',
  original_name: 'aari_arc_20140211_pl_a.zip',
  projection: 'GCS_WGS_1984',
  user_id: null,
  ...over,
});

describe.each(ENGINES)('ice charts in the database (%s)', (engine) => {
  it('saves, refuses a second chart of the same source and time, replaces in place', async () => {
    const db = await freshDb(engine);
    const first = await saveChart(db, chart(), false);
    expect(first).toMatchObject({ row: { source: 'ААНИИ', polygons: 342, bbox: [-180, 56.96, 180, 90] }, replacedFile: null });
    expect(await saveChart(db, chart({ file: 'icecharts/b.json' }), false)).toBeNull();
    const replaced = await saveChart(db, chart({ file: 'icecharts/b.json', sha256: 'b', polygons: 340 }), true);
    expect(replaced).toMatchObject({ row: { id: first!.row.id, polygons: 340 }, replacedFile: 'icecharts/a.json' });
    expect(await findChart(db, first!.row.id)).toMatchObject({ file: 'icecharts/b.json', sha256: 'b', polygons: 340 });
    expect(await findChartAt(db, 'ААНИИ', '2014-02-11T00:00:00.000Z')).toMatchObject({ id: first!.row.id });
  });

  it('lists charts valid within the bounds, newest first', async () => {
    const db = await freshDb(engine);
    await saveChart(db, chart(), false);
    await saveChart(db, chart({ source: 'DMI', valid_time: '2014-02-12T10:00:00.000Z' }), false);
    await saveChart(db, chart({ source: 'CIS', valid_time: '2014-02-20T18:00:00.000Z' }), false);
    expect((await listCharts(db)).map((row) => row.source)).toEqual(['CIS', 'DMI', 'ААНИИ']);
    expect((await listCharts(db, '2014-02-11T12:00:00.000Z', '2014-02-12T23:59:59.999Z')).map((row) => row.source)).toEqual(['DMI']);
  });
});
