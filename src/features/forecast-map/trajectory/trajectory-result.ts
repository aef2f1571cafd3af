/** A computed drift path as the store keeps it, and its GeoJSON ('Скачать GeoJSON'). */
import type { Trajectory } from './drift-integrator.ts';

export interface TrajectoryResult {
  /** What it was computed for: file, point. */
  key: string;
  status: 'loading' | 'ready' | 'unavailable';
  track: Trajectory | null;
  date: string;
  assimilated: boolean;
  /** Lead hours of the drift fields used (the markers are at these hours after the start). */
  leadHours: number[];
}

/** Hours after the start at which the path gets a marker (the leads), where it got that far. */
export function markerIndices(result: TrajectoryResult): number[] {
  const track = result.track;
  if (!track) return [];
  return result.leadHours.filter((hours) => hours < track.points.length);
}

/** RFC 7946 FeatureCollection: the path (LineString) and a Point per lead marker, degrees [lon, lat]. */
export function trajectoryGeoJson(result: TrajectoryResult): object {
  const track = result.track;
  if (!track) return { type: 'FeatureCollection', features: [] };
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  const coordinates = track.points.map(([lon, lat]) => [round(lon), round(lat)]);
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'LineString', coordinates },
        properties: {
          forecast_date: result.date,
          run: result.assimilated ? 'assimilated' : 'free',
          step_hours: 1,
          hours: track.hours,
          stopped: track.stopped,
          distance_km: Math.round(track.distanceKm * 1000) / 1000,
          bearing_deg: Number.isFinite(track.bearingDeg) ? Math.round(track.bearingDeg * 10) / 10 : null,
        },
      },
      ...markerIndices(result).map((hours) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: coordinates[hours] },
        properties: { lead_hours: hours },
      })),
    ],
  };
}

export function trajectoryFileName(result: TrajectoryResult, point: { lat: number; lon: number }): string {
  return `trajectory_${result.date}_${result.assimilated ? 'assim' : 'free'}_${point.lat.toFixed(4)}N_${point.lon.toFixed(4)}E.geojson`;
}
