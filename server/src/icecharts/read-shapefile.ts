/**
 * The records of a SIGRID-3 set: each polygon's rings (as the file wrote them, in the file's coordinates) and its
 * attributes, through the `shapefile` package. The field list is read from the DBF header first, so a file without
 * the SIGRID-3 fields is refused before any polygon is read.
 */
import * as shapefile from 'shapefile';
import { ChartError, chartReasonsRu } from './chart-error.ts';
import type { Ring } from './geometry-types.ts';

/** The fields without which a file is not a SIGRID-3 chart (total concentration, stage, polygon type). */
export const REQUIRED_FIELDS = ['CT', 'SA', 'POLY_TYPE'] as const;

/** Shape types of the `.shp` header that hold polygons: Polygon, PolygonZ, PolygonM. */
const POLYGON_TYPES = new Set([5, 15, 25]);
const SHAPE_TYPE_NAMES: Record<number, string> = { 0: 'пустые фигуры', 1: 'точки', 3: 'линии', 8: 'мультиточки', 11: 'точки', 13: 'линии', 21: 'точки', 23: 'линии' };

export interface ChartRecord {
  /** Every ring of the record, outer or hole, in the file's coordinates. */
  rings: Ring[];
  attributes: Record<string, unknown>;
}

/** Field names of a dBASE file (upper case), from its header's 32-byte field descriptors. */
export function dbfFieldNames(dbf: Uint8Array): string[] {
  const names: string[] = [];
  for (let offset = 32; offset + 32 <= dbf.length && dbf[offset] !== 0x0d; offset += 32) {
    let end = offset;
    while (end < offset + 11 && dbf[end] !== 0) end += 1;
    names.push(String.fromCharCode(...dbf.subarray(offset, end)).trim().toUpperCase());
  }
  return names;
}

export async function readChartRecords(shpName: string, shp: Uint8Array, dbf: Uint8Array): Promise<ChartRecord[]> {
  const fields = dbfFieldNames(dbf);
  const missing = REQUIRED_FIELDS.filter((field) => !fields.includes(field));
  if (missing.length > 0) throw new ChartError(chartReasonsRu.noSigrid(missing));
  if (shp.length < 100) throw new ChartError(chartReasonsRu.badShp(shpName, 'файл короче заголовка (100 байт)'));
  const shapeType = new DataView(shp.buffer, shp.byteOffset, shp.byteLength).getInt32(32, true);
  if (!POLYGON_TYPES.has(shapeType)) throw new ChartError(chartReasonsRu.notPolygons(shpName, SHAPE_TYPE_NAMES[shapeType] ?? `фигуры типа ${shapeType}`));
  const records: ChartRecord[] = [];
  try {
    const source = await shapefile.open(toArrayBuffer(shp), toArrayBuffer(dbf), { encoding: 'windows-1252' });
    for (let next = await source.read(); !next.done; next = await source.read()) {
      const geometry = next.value.geometry as { type: string; coordinates: Ring[] | Ring[][] } | null;
      const rings = geometry === null ? [] : geometry.type === 'Polygon' ? (geometry.coordinates as Ring[]) : (geometry.coordinates as Ring[][]).flat();
      records.push({ rings: rings.filter((ring) => ring.length >= 4), attributes: next.value.properties ?? {} });
    }
  } catch (error) {
    if (error instanceof ChartError) throw error;
    throw new ChartError(chartReasonsRu.badShp(shpName, error instanceof Error ? error.message : String(error)));
  }
  if (!records.some((record) => record.rings.length > 0)) throw new ChartError(chartReasonsRu.noPolygons(shpName));
  return records;
}

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;
