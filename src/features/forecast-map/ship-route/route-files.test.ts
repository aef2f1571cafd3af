import { describe, expect, it } from 'vitest';
import { ru } from '../../../i18n/ru.ts';
import { routeToCsv, routeToGeoJson, routeToGpx, CSV_HEADER, type RouteExport } from './route-export.ts';
import { parseRouteFile } from './route-files.ts';

const sample = (distance: number, lat: number, lon: number, rio: number | null) => ({
  lat,
  lon,
  distance_km: distance,
  covered: true,
  concentration: rio === null ? null : 0.9,
  thickness_m: rio === null ? null : 1.5,
  ice_type: rio === null ? null : ('thick_first_year' as const),
  rio,
  category: rio === null ? null : rio >= 0 ? ('normal' as const) : ('special' as const),
});

const result = {
  length_km: 10,
  ice_length_km: 5,
  outside_km: 0,
  min_rio: -15,
  max_concentration: 0.9,
  max_thickness_m: 1.5,
  first_breach: sample(5, 75.05, 61, -15),
  samples: [sample(0, 75, 61, 12), sample(5, 75.05, 61, -15), { ...sample(10, 75.1, 61, null), covered: false }],
};
const data: RouteExport = { date: '2026-02-10', run: 'free', iceClass: 'PC7', waypoints: [[75, 61], [75.1, 61]], results: { 24: result, 72: result } };

describe('route files', () => {
  it('reads GPX route points, GeoJSON LineStrings and CSV lat,lon lines', () => {
    const gpx = '<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><rte><rtept lat="75.5" lon="60.1"/><rtept lat="76" lon="-61.25"/></rte></gpx>';
    expect(parseRouteFile(gpx)).toEqual([[75.5, 60.1], [76, -61.25]]);
    const track = '<gpx><trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="3" lon="4"/></trkseg></trk></gpx>';
    expect(parseRouteFile(track)).toEqual([[1, 2], [3, 4]]);
    expect(parseRouteFile(JSON.stringify({ type: 'LineString', coordinates: [[60, 75], [61, 76]] }))).toEqual([[75, 60], [76, 61]]);
    const collection = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] } }, { type: 'Feature', geometry: { type: 'LineString', coordinates: [[1, 2], [3, 4]] } }] };
    expect(parseRouteFile(JSON.stringify(collection))).toEqual([[2, 1], [4, 3]]);
    expect(parseRouteFile('lat,lon\n75,60\r\n76.5, 61.5\n\n')).toEqual([[75, 60], [76.5, 61.5]]);
    expect(parseRouteFile('75;60\n76;61')).toEqual([[75, 60], [76, 61]]);
  });

  it('reads back its own exports', () => {
    expect(parseRouteFile(routeToGpx(data))).toEqual(data.waypoints);
    expect(parseRouteFile(routeToGeoJson(data))).toEqual(result.samples.map((s) => [s.lat, s.lon]));
    expect(parseRouteFile(routeToCsv(data)).length).toBe(0 + 6);
  });

  it('says why a file is refused', () => {
    const reasons = ru.route.importReasons;
    expect(() => parseRouteFile('<gpx><rte></gpx')).toThrow(reasons.badXml);
    expect(() => parseRouteFile('{"type": "LineString", ')).toThrow(reasons.badJson);
    expect(() => parseRouteFile('{"type": "Point", "coordinates": [1, 2]}')).toThrow(reasons.unknownFormat);
    expect(() => parseRouteFile('75,60')).toThrow(reasons.tooFew);
    expect(() => parseRouteFile('')).toThrow(reasons.empty);
    expect(() => parseRouteFile('95,60\n75,60')).toThrow(reasons.badCoordinate);
    expect(() => parseRouteFile('75,60\nhello,world')).toThrow(reasons.unknownFormat);
  });
});

describe('route exports', () => {
  it('write every sample of every lead to CSV with a header', () => {
    const lines = routeToCsv(data).trim().split('\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(1 + 6);
    expect(lines[2]).toBe('24,5,75.05,61,0.9,1.5,thick_first_year,-15,special,true');
    expect(lines[3]).toBe('24,10,75.1,61,,,,,,false'); // outside the forecast area
    expect(lines[4].startsWith('72,0,')).toBe(true);
  });

  it('write GeoJSON LineStrings with the summary and per-sample properties', () => {
    const parsed = JSON.parse(routeToGeoJson(data));
    expect(parsed.type).toBe('FeatureCollection');
    expect(parsed.features).toHaveLength(2);
    const [first] = parsed.features;
    expect(first.geometry).toEqual({ type: 'LineString', coordinates: [[61, 75], [61, 75.05], [61, 75.1]] });
    expect(first.properties).toMatchObject({ ice_class: 'PC7', lead_hours: 24, min_rio: -15, rio: [12, -15, null], category: ['normal', 'special', null] });
    expect(first.properties).toMatchObject({ outside_km: 0, covered: [true, true, false] });
  });

  it('write GPX 1.1 that parses, with the route and one track per lead', () => {
    const doc = new DOMParser().parseFromString(routeToGpx(data), 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.getElementsByTagName('rtept')).toHaveLength(2);
    expect(doc.getElementsByTagName('trk')).toHaveLength(2);
    expect(doc.getElementsByTagName('trkpt')).toHaveLength(6);
    expect(doc.getElementsByTagName('polaris:rio')[1].textContent).toBe('-15');
    expect(doc.getElementsByTagName('polaris:covered')[2].textContent).toBe('false');
    expect(doc.getElementsByTagName('desc')[2].textContent).toBe('outside the forecast area (no data)');
  });
});
