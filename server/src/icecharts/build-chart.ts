/**
 * A chart upload turned into what is stored: the GeoJSON features (EPSG:4326, each polygon's raw and decoded codes,
 * its geodesic area) and the chart's summary. Pure apart from the CPU it takes (the import job runs it in a worker
 * thread; the route runs the cheap checks of `inspectChart` on the request).
 */
import type { IceChartFeature, IceChartGeometry } from '../../../common/api-types/icecharts.ts';
import { decodeChartProperties, rawCodes } from '../../../common/icecharts/decode.ts';
import { openChartArchive, type ShapefileSet } from './chart-archive.ts';
import { ChartError, chartReasonsRu } from './chart-error.ts';
import { chartBbox, recordRegion, roundRegion } from './chart-geometry.ts';
import { multiPolyAreaKm2 } from './geodesic-area.ts';
import type { MultiPoly } from './geometry-types.ts';
import { readProjection, type ChartProjection } from './projection.ts';
import { readChartRecords, type ChartRecord } from './read-shapefile.ts';
import { resolveOverlaps } from './resolve-overlaps.ts';
import { fromFileNames } from './valid-time.ts';

export interface InspectedChart {
  set: ShapefileSet;
  projection: ChartProjection;
  records: ChartRecord[];
  /** From the file names, when they follow a service's pattern. */
  named: { validTime: string; source: string } | null;
}

export interface BuiltChart {
  features: IceChartFeature[];
  bbox: [number, number, number, number];
  projection: string;
  /** Polygons that had smaller ones cut out of them (lying inside them without being holes). */
  overlapsCut: number;
}

/** Everything that can be refused without the geometry work: not a zip, members missing, no SIGRID-3 fields, a bad `.prj`. */
export async function inspectChart(bytes: Uint8Array, fileName: string): Promise<InspectedChart> {
  const set = openChartArchive(bytes, fileName);
  const projection = readProjection(set.prj, set.prjName);
  const records = await readChartRecords(set.shpName, set.shp, set.dbf);
  return { set, projection, records, named: fromFileNames(set.names) };
}

function toGeometry(region: MultiPoly): IceChartGeometry {
  return region.length === 1 ? { type: 'Polygon', coordinates: region[0] } : { type: 'MultiPolygon', coordinates: region };
}

export function buildChart(inspected: InspectedChart, progress: (fraction: number) => void = () => {}): BuiltChart {
  const { records, projection } = inspected;
  const kept = records.filter((record) => record.rings.length > 0);
  const regions = kept.map((record, index) => {
    if (index % 32 === 0) progress(0.6 * (index / kept.length));
    return recordRegion(record.rings, projection);
  });
  const areas = regions.map(multiPolyAreaKm2);
  const resolved = resolveOverlaps(regions, areas);
  progress(0.8);
  const rounded = resolved.regions.map((region) => roundRegion(region));
  const features: IceChartFeature[] = [];
  rounded.forEach((region, index) => {
    if (region.length === 0) return;
    // the area as drawn in the file, before coordinates are rounded for the wire (rounding moves a thin sliver's)
    const areaKm2 = multiPolyAreaKm2(resolved.regions[index]);
    const raw = rawCodes(kept[index].attributes);
    const id = features.length;
    features.push({
      type: 'Feature',
      id,
      geometry: toGeometry(region),
      properties: { id, ...decodeChartProperties(raw), area_km2: Math.round(areaKm2 * 1000) / 1000, raw },
    });
  });
  if (features.length === 0) throw new ChartError(chartReasonsRu.noPolygons(inspected.set.shpName));
  return { features, bbox: chartBbox(rounded), projection: projection.name, overlapsCut: resolved.cut };
}
