/** The real charts of /work/shared/fixtures/icecharts as uploads: each shapefile set zipped, the DMI `.imz` as it is. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { repoRoot } from '../helpers.ts';

export const CHARTS_DIR = join(repoRoot, '../shared/fixtures/icecharts');

export interface ChartFixture {
  /** Upload name (the service's own file name, zipped). */
  name: string;
  /** The set's path without extension, for the Python reference. */
  base: string;
  polygons: number;
  validTime: string;
  source: string;
  bytes: () => Uint8Array;
}

function zipped(folder: string, stem: string, members: Record<string, string> = {}): () => Uint8Array {
  return () => {
    const files: Record<string, Uint8Array> = {};
    for (const ext of ['shp', 'shx', 'dbf', 'prj']) files[members[ext] ?? `${stem}.${ext}`] = readFileSync(join(CHARTS_DIR, folder, `${stem}.${ext}`));
    return zipSync(files);
  };
}

/** A set zipped with some members left out or replaced (for the refusals). */
export function zipWith(folder: string, stem: string, replace: Record<string, Uint8Array | null>): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const ext of ['shp', 'shx', 'dbf', 'prj']) {
    const bytes = ext in replace ? replace[ext] : readFileSync(join(CHARTS_DIR, folder, `${stem}.${ext}`));
    if (bytes) files[`${stem}.${ext}`] = bytes;
  }
  return zipSync(files);
}

export const AARI: ChartFixture = {
  name: 'aari_arc_20140211_pl_a.zip',
  base: join(CHARTS_DIR, 'aari_arc_20140211_pl_a/aari_arc_20140211_pl_a'),
  polygons: 342,
  validTime: '2014-02-11T00:00:00.000Z',
  source: 'ААНИИ',
  bytes: zipped('aari_arc_20140211_pl_a', 'aari_arc_20140211_pl_a'),
};

export const CHART_FIXTURES: ChartFixture[] = [
  AARI,
  {
    name: '201405011000_SouthWest_RIC.zip',
    base: join(CHARTS_DIR, 'dmi_201405011000_SouthWest_RIC/201405011000_SouthWest_RIC'),
    polygons: 27,
    validTime: '2014-05-01T10:00:00.000Z',
    source: 'DMI',
    bytes: zipped('dmi_201405011000_SouthWest_RIC', '201405011000_SouthWest_RIC'),
  },
  {
    name: '201304100920_CapeFarewell_RIC.zip',
    base: join(CHARTS_DIR, 'dmi_201304100920_CapeFarewell_RIC/201304100920_CapeFarewell_RIC'),
    polygons: 23,
    validTime: '2013-04-10T09:20:00.000Z',
    source: 'DMI',
    bytes: zipped('dmi_201304100920_CapeFarewell_RIC', '201304100920_CapeFarewell_RIC'),
  },
  {
    name: 'dmi_201504261200_Greenland_WA.imz',
    base: '', // inside the .imz: the reference reads it from a copy unpacked by the test
    polygons: 74,
    validTime: '2015-04-26T12:00:00.000Z',
    source: 'DMI',
    bytes: () => new Uint8Array(readFileSync(join(CHARTS_DIR, 'dmi_201504261200_Greenland_WA.imz'))),
  },
  {
    name: 'cis_SGRDREA_20201102T1800Z_pl_a.zip',
    base: join(CHARTS_DIR, 'derived/cis_SGRDREA_20201102T1800Z_pl_a'),
    polygons: 432,
    validTime: '2020-11-02T18:00:00.000Z',
    source: 'CIS',
    bytes: zipped('derived', 'cis_SGRDREA_20201102T1800Z_pl_a'),
  },
];
