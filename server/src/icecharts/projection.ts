/**
 * The chart's coordinate system from its `.prj` (ESRI WKT), through proj4: geographic charts (EPSG:4326, degrees)
 * are taken as they are; projected ones (CIS's Lambert conformal conic, metres) are unprojected to longitude and
 * latitude, their edges first cut into steps of at most `STEP_M` so that a straight edge of the projection stays
 * where the chart drew it.
 */
import proj4 from 'proj4';
import { ChartError, chartReasonsRu } from './chart-error.ts';
import type { Ring } from './geometry-types.ts';

/** Longest edge (m) of a projected ring before it is unprojected. */
const STEP_M = 2000;

export interface ChartProjection {
  geographic: boolean;
  /** The WKT's name of the system (for the job's message). */
  name: string;
  /** A ring of the file as longitude/latitude degrees. */
  toLonLat(ring: Ring): Ring;
}

export function readProjection(prj: string, prjName: string): ChartProjection {
  const text = prj.trim();
  if (!/^(PROJCS|GEOGCS)\[/i.test(text)) throw new ChartError(chartReasonsRu.badPrj(prjName, 'ожидается описание системы координат WKT (PROJCS[…] или GEOGCS[…])'));
  const name = text.match(/^\w+\["([^"]*)"/)?.[1] ?? '';
  if (/^GEOGCS/i.test(text)) {
    const unit = Number(text.match(/UNIT\["[^"]*",\s*([\d.eE+-]+)\s*\]\s*\]?\s*$/)?.[1] ?? NaN);
    if (Number.isFinite(unit) && Math.abs(unit - Math.PI / 180) > 1e-9) throw new ChartError(chartReasonsRu.badPrj(prjName, 'угловая единица не градус'));
    return { geographic: true, name, toLonLat: (ring) => ring };
  }
  let converter: proj4.Converter;
  try {
    converter = proj4(text, 'EPSG:4326');
    const probe = converter.inverse([0, 0]);
    if (!probe.every(Number.isFinite)) throw new Error('проекция не задана полностью');
  } catch (error) {
    throw new ChartError(chartReasonsRu.badPrj(prjName, error instanceof Error ? error.message : String(error)));
  }
  return {
    geographic: false,
    name,
    toLonLat: (ring) => densify(ring, STEP_M).map((point) => converter.forward(point) as [number, number]),
  };
}

/** The ring with every edge longer than `step` cut into equal parts (same units as the ring). */
export function densify(ring: Ring, step: number): Ring {
  const out: Ring = [];
  for (let i = 0; i < ring.length; i += 1) {
    const [x0, y0] = ring[i];
    out.push([x0, y0]);
    if (i === ring.length - 1) break;
    const [x1, y1] = ring[i + 1];
    const parts = Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step);
    for (let k = 1; k < parts; k += 1) out.push([x0 + ((x1 - x0) * k) / parts, y0 + ((y1 - y0) * k) / parts]);
  }
  return out;
}
