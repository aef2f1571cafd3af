/**
 * A chart upload opened: a zip (DMI names it `.imz`) holding one SIGRID-3 shapefile set. Members are found by
 * extension whatever their folder or case; anything else in the archive (`.shp.xml`, `provider_product.xml`) is
 * ignored. The DBFs declare ANSI and carry no `.cpg`: codes are ASCII, so the encoding does not matter to them.
 */
import { unzipSync } from 'fflate';
import { ChartError, chartReasonsRu } from './chart-error.ts';

export interface ShapefileSet {
  /** The `.shp` member's name (with its folder, as in the archive). */
  shpName: string;
  shp: Uint8Array;
  dbf: Uint8Array;
  prj: string;
  prjName: string;
  /** Every member's name, for the valid time in file names. */
  names: string[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isZip(head: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, index) => head[index] === byte);
}

const stem = (name: string) => name.replace(/\.[^./]+$/, '').toLowerCase();

/** The set in the archive `bytes` (uploaded as `fileName`), or a ChartError naming what is missing. */
export function openChartArchive(bytes: Uint8Array, fileName: string): ShapefileSet {
  if (!isZip(bytes)) throw new ChartError(chartReasonsRu.notZip(fileName));
  let members: Record<string, Uint8Array>;
  try {
    members = unzipSync(bytes, { filter: (file) => /\.(shp|dbf|prj)$/i.test(file.name) && !file.name.startsWith('__MACOSX/') });
  } catch (error) {
    throw new ChartError(chartReasonsRu.badZip(fileName, error instanceof Error ? error.message : String(error)));
  }
  const names = Object.keys(members);
  const shps = names.filter((name) => /\.shp$/i.test(name));
  if (shps.length === 0) throw new ChartError(chartReasonsRu.noShp(fileName));
  if (shps.length > 1) throw new ChartError(chartReasonsRu.severalShp(fileName, shps));
  const shpName = shps[0];
  const sibling = (ext: string) => names.find((name) => stem(name) === stem(shpName) && name.toLowerCase().endsWith(ext));
  const dbfName = sibling('.dbf');
  if (!dbfName) throw new ChartError(chartReasonsRu.noDbf(shpName));
  const prjName = sibling('.prj');
  if (!prjName) throw new ChartError(chartReasonsRu.noPrj(shpName));
  return {
    shpName,
    shp: members[shpName],
    dbf: members[dbfName],
    prj: new TextDecoder('latin1').decode(members[prjName]),
    prjName,
    names: [fileName, shpName],
  };
}
