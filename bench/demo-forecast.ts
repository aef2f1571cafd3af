/**
 * The forecast file the server benches measure: model_2 (free drift advection, 6 h steps) started from the demo
 * analysis of DEMO_DATE on the real grid (480 × 1301, 3 leads), with the metadata the server writes for it.
 */
import { demoAnalysis } from '../server/src/archive/demo-analysis.ts';
import { encodeStateFile, type FileMetadata } from '../server/src/archive/forecast-file.ts';
import { SECTOR_GRID, LEAD_HOURS } from '../server/src/grid/grid.ts';
import type { IceState } from '../server/src/grid/ice-state.ts';
import { runModelType } from '../server/src/models/index.ts';

export const DEMO_DATE = '2026-03-15';

/** The free run's (`forecast`) or the assimilated run's file metadata. */
export function demoMetadata(kind: 'forecast' | 'assim_forecast'): FileMetadata {
  return {
    kind,
    date: DEMO_DATE,
    model: 'model_2',
    modelType: 'free_drift_advection',
    assimilated: kind === 'assim_forecast',
    source: 'демонстрационные данные',
    leadHours: LEAD_HOURS,
  };
}

/** The demo analysis the run starts from (setup, outside the timed parts). */
export function demoStart(): IceState {
  return demoAnalysis(DEMO_DATE, SECTOR_GRID);
}

/** The model's run from `start`: one state per lead. */
export function runDemoModel(start: IceState): IceState[] {
  return runModelType('free_drift_advection', start, { time_step_hours: 6, drift_scale: 1 }, { leadHours: LEAD_HOURS });
}

/** The free run's whole file, as the server encodes it. */
export function demoForecastFile(): Uint8Array {
  return encodeStateFile(runDemoModel(demoStart()), demoMetadata('forecast'));
}
