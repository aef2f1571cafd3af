/**
 * Reading a route from a file: GPX (route points, else track points, else waypoints), GeoJSON
 * (a LineString, a Feature holding one, or the first such Feature of a collection; coordinates [lon, lat]),
 * or CSV with `lat,lon` per line (a header line and extra columns are allowed, so our own CSV export reads
 * back). The format is told from the content. Errors carry a Russian reason for the panel.
 */
import { ru } from '../../../i18n/ru.ts';
import type { Waypoint } from './route-slice.ts';

export class RouteFileError extends Error {}

const reasons = ru.route.importReasons;

function checked(points: Waypoint[]): Waypoint[] {
  if (points.length === 0) throw new RouteFileError(reasons.empty);
  if (points.length < 2) throw new RouteFileError(reasons.tooFew);
  if (points.some(([lat, lon]) => !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180))) throw new RouteFileError(reasons.badCoordinate);
  return points;
}

function parseGpx(text: string): Waypoint[] {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new RouteFileError(reasons.badXml);
  for (const tag of ['rtept', 'trkpt', 'wpt']) {
    const nodes = Array.from(doc.getElementsByTagName(tag));
    if (nodes.length > 0) return nodes.map((node) => [Number(node.getAttribute('lat')), Number(node.getAttribute('lon'))]);
  }
  return [];
}

interface GeoJsonLike {
  type?: string;
  coordinates?: unknown;
  geometry?: GeoJsonLike | null;
  features?: GeoJsonLike[];
}

function lineOf(value: GeoJsonLike | null | undefined): unknown {
  if (!value || typeof value !== 'object') return null;
  if (value.type === 'LineString') return value.coordinates;
  if (value.type === 'Feature') return lineOf(value.geometry);
  if (value.type === 'FeatureCollection' && Array.isArray(value.features)) {
    for (const feature of value.features) {
      const line = lineOf(feature);
      if (line) return line;
    }
  }
  return null;
}

function parseGeoJson(text: string): Waypoint[] {
  let value: GeoJsonLike;
  try {
    value = JSON.parse(text) as GeoJsonLike;
  } catch {
    throw new RouteFileError(reasons.badJson);
  }
  const line = lineOf(value);
  if (!Array.isArray(line)) throw new RouteFileError(reasons.unknownFormat);
  return line.map((position: unknown) => {
    const [lon, lat] = Array.isArray(position) ? position : [];
    return [Number(lat), Number(lon)];
  });
}

function parseCsv(text: string): Waypoint[] {
  const points: Waypoint[] = [];
  for (const [k, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [a, b] = line.split(/[,;\t]/).map((cell) => cell.trim());
    const lat = Number(a);
    const lon = Number(b);
    if (a === '' || b === undefined || b === '' || !Number.isFinite(lat) || !Number.isFinite(lon)) {
      // One header line is fine; anything else that is not two numbers is not our format.
      if (k === 0 || points.length === 0) continue;
      throw new RouteFileError(reasons.unknownFormat);
    }
    points.push([lat, lon]);
  }
  return points;
}

export function parseRouteFile(text: string): Waypoint[] {
  const start = text.trimStart();
  if (start.startsWith('<')) return checked(parseGpx(start));
  if (start.startsWith('{')) return checked(parseGeoJson(start));
  return checked(parseCsv(start));
}
