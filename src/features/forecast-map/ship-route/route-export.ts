/**
 * The checked route as files for ECDIS and planning tools, every sample of every lead:
 * GPX 1.1 (the waypoints as a route, the samples of each lead as a track whose points carry RIO, category,
 * concentration and thickness in <desc> and in a `polaris:` extension), CSV (one row per lead and sample,
 * with a header) and GeoJSON (a FeatureCollection of one LineString per lead, its properties the summary
 * and the samples' values). Every format says which samples lie outside the forecast area (`covered`), so a
 * gap in the data is never read as open water downstream either.
 */
import type { IceClass } from '../../../../common/polaris/polaris.ts';
import type { RouteCheckResult, RouteSample } from '../../../api/ship-route.ts';
import { saveFile } from '../../../components/save-file.ts';
import type { RouteLeadHours, Waypoint } from './route-slice.ts';

export interface RouteExport {
  date: string;
  run: 'free' | 'assimilated';
  iceClass: IceClass;
  waypoints: Waypoint[];
  results: Partial<Record<RouteLeadHours, RouteCheckResult>>;
}

export type ExportFormat = 'gpx' | 'csv' | 'geojson';

const POLARIS_NS = 'urn:arctic-ice-forecast:polaris:1';

function leadResults(data: RouteExport): [RouteLeadHours, RouteCheckResult][] {
  return ([24, 48, 72] as const).flatMap((leadHours) => (data.results[leadHours] ? [[leadHours, data.results[leadHours]!] as [RouteLeadHours, RouteCheckResult]] : []));
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const text = (value: number | string | boolean | null) => (value === null ? '' : String(value));

function sampleDesc(s: RouteSample): string {
  if (s.covered === false) return 'outside the forecast area (no data)';
  if (s.rio === null) return 'no data (land or missing)';
  return `RIO ${s.rio.toFixed(1)}, ${s.category}, ${s.ice_type}, concentration ${s.concentration}, thickness ${s.thickness_m} m`;
}

export function routeToGpx(data: RouteExport): string {
  const name = `POLARIS ${data.iceClass} ${data.date} ${data.run}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="arctic-ice-forecast-viewer" xmlns="http://www.topografix.com/GPX/1/1" xmlns:polaris="${POLARIS_NS}">`,
    `  <rte><name>${escapeXml(name)}</name>`,
    ...data.waypoints.map(([lat, lon], k) => `    <rtept lat="${lat}" lon="${lon}"><name>WP${k + 1}</name></rtept>`),
    '  </rte>',
  ];
  for (const [leadHours, result] of leadResults(data)) {
    lines.push(`  <trk><name>${escapeXml(`${name} +${leadHours} h`)}</name><trkseg>`);
    for (const s of result.samples) {
      lines.push(
        `    <trkpt lat="${s.lat}" lon="${s.lon}"><desc>${escapeXml(sampleDesc(s))}</desc><extensions>` +
          `<polaris:distance_km>${s.distance_km}</polaris:distance_km><polaris:rio>${text(s.rio)}</polaris:rio>` +
          `<polaris:category>${text(s.category)}</polaris:category><polaris:ice_type>${text(s.ice_type)}</polaris:ice_type>` +
          `<polaris:concentration>${text(s.concentration)}</polaris:concentration><polaris:thickness_m>${text(s.thickness_m)}</polaris:thickness_m>` +
          `<polaris:covered>${text(s.covered)}</polaris:covered></extensions></trkpt>`,
      );
    }
    lines.push('  </trkseg></trk>');
  }
  lines.push('</gpx>', '');
  return lines.join('\n');
}

export const CSV_HEADER = 'lead_hours,distance_km,lat,lon,concentration,thickness_m,ice_type,rio,category,covered';

export function routeToCsv(data: RouteExport): string {
  const rows = [CSV_HEADER];
  for (const [leadHours, result] of leadResults(data)) {
    for (const s of result.samples) {
      rows.push([leadHours, s.distance_km, s.lat, s.lon, s.concentration, s.thickness_m, s.ice_type, s.rio, s.category, s.covered].map(text).join(','));
    }
  }
  return rows.join('\n') + '\n';
}

export function routeToGeoJson(data: RouteExport): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: leadResults(data).map(([leadHours, r]) => ({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: r.samples.map((s) => [s.lon, s.lat]) },
      properties: {
        date: data.date,
        run: data.run,
        ice_class: data.iceClass,
        lead_hours: leadHours,
        length_km: r.length_km,
        ice_length_km: r.ice_length_km,
        outside_km: r.outside_km,
        min_rio: r.min_rio,
        max_concentration: r.max_concentration,
        max_thickness_m: r.max_thickness_m,
        first_breach: r.first_breach,
        waypoints: data.waypoints,
        // One entry per coordinate of the line.
        distance_km: r.samples.map((s) => s.distance_km),
        concentration: r.samples.map((s) => s.concentration),
        thickness_m: r.samples.map((s) => s.thickness_m),
        ice_type: r.samples.map((s) => s.ice_type),
        rio: r.samples.map((s) => s.rio),
        category: r.samples.map((s) => s.category),
        covered: r.samples.map((s) => s.covered),
      },
    })),
  });
}

const BUILDERS: Record<ExportFormat, { build: (d: RouteExport) => string; mime: string }> = {
  gpx: { build: routeToGpx, mime: 'application/gpx+xml' },
  csv: { build: routeToCsv, mime: 'text/csv' },
  geojson: { build: routeToGeoJson, mime: 'application/geo+json' },
};

/** Save the file through the browser's download. */
export function downloadRoute(data: RouteExport, format: ExportFormat): void {
  const { build, mime } = BUILDERS[format];
  saveFile(new Blob([build(data)], { type: mime }), `route-${data.date}-${data.iceClass}.${format}`);
}
