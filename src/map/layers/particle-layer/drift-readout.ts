/**
 * The hover readout for the drift layer, like the current tool's: 'Sea current', the speed in m/s and the
 * direction as a bearing clockwise from north (the direction the ice moves towards), or 'No data' on land,
 * missing cells and outside the grid. Pure, so the map page only wires it to the cursor.
 */
import type { FieldGrid } from '../../../../workers/forecast.api.ts';
import { fieldCellAt, isProjectedGrid } from '../../../../common/field-grid.ts';
import { driftSpeedBearing } from '../../../../common/drift.ts';
import { nearestCell } from './grid-lookup.ts';

const DRIFT_READOUT_TITLE = 'Sea current';
const DRIFT_NO_DATA = 'No data';

export type DriftReadout =
  | {
      title: typeof DRIFT_READOUT_TITLE;
      hasData: true;
      /** m/s */
      speed: number;
      /** degrees clockwise from north, [0, 360) */
      bearingDeg: number;
      /** e.g. '0.23 m/s' */
      speedText: string;
      /** e.g. '135°' */
      directionText: string;
      /** e.g. 'Sea current: 0.23 m/s, 135°' */
      text: string;
    }
  | { title: typeof DRIFT_READOUT_TITLE; hasData: false; text: string };

/** The drift a field holds at (lon, lat) in degrees, from the nearest cell (what the cursor is over). */
export function driftReadoutAt(
  field: { data: Float32Array; grid: FieldGrid } | null,
  lon: number,
  lat: number,
): DriftReadout {
  const none = { title: DRIFT_READOUT_TITLE, hasData: false, text: `${DRIFT_READOUT_TITLE}: ${DRIFT_NO_DATA}` } as const;
  if (!field) return none;
  // A polar grid is regular in its plane: the cell containing the point is the one whose centre is nearest.
  const cell = isProjectedGrid(field.grid) ? fieldCellAt(field.grid, lon, lat) : nearestCell(field.grid, lon, lat);
  if (cell < 0) return none;
  const { speed, bearingDeg } = driftSpeedBearing(field.data[2 * cell], field.data[2 * cell + 1]);
  if (!Number.isFinite(speed)) return none;
  // Round the bearing first so 359.6° reads 0°, not 360°.
  const bearing = Math.round(bearingDeg) % 360;
  const speedText = `${speed.toFixed(2)} m/s`;
  const directionText = `${bearing}°`;
  return {
    title: DRIFT_READOUT_TITLE,
    hasData: true,
    speed,
    bearingDeg,
    speedText,
    directionText,
    text: `${DRIFT_READOUT_TITLE}: ${speedText}, ${directionText}`,
  };
}
