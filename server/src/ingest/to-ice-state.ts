/**
 * A real file's sea-ice variables → fields on the forecast grid in the product's units: concentration as a
 * fraction 0–1, thickness in m, drift as east/north components in m/s (files store speed and direction).
 * The regridding, unit and vector conversions are common/regrid's; this module picks the variables and the
 * time step, and merges what several files give into one IceState.
 */
import {
  applyMapping,
  buildMapping,
  describeSourceGrid,
  displacementToVelocity,
  normaliseUnits,
  readField,
  RegridError,
  rotateToEastNorth,
  type IceQuantity,
  type RegridMethod,
  type SourceGrid,
  type TargetGrid,
} from '../../../common/regrid/index.ts';
import type { NetcdfDataset } from '../../../netcdf/index.ts';
import { gridSize, isPlanarGrid, type StateGrid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';
import { landMask, planarLandMask } from '../grid/land-mask.ts';
import { IngestError, ingestReasonsRu } from './errors.ts';
import { storedMapping } from './mapping-store.ts';
import { pickStep, timeAxis, type PickedStep } from './time-axis.ts';
import { cleanText, findIceVariables, foundNames, hasIce, type IceVariables, type VariableNames } from './variables.ts';

export { IngestError, ingestReasonsRu } from './errors.ts';

/** Fields on the target grid; a field the file does not give is absent. Drift: east/north, m/s. */
export interface TargetFields {
  concentration?: Float32Array;
  thickness?: Float32Array;
  u?: Float32Array;
  v?: Float32Array;
}

export interface ConvertedFile {
  fields: TargetFields;
  /** The date ('YYYY-MM-DD') the step stands for. */
  date: string;
  /** The file's own name for that day when it differs (a model calendar's day the real one lacks). */
  fileDate?: PickedStep['fileDate'];
  variables: IceVariables;
  /** The source grid, as the regridder describes it. */
  grid: string;
}

export interface ConvertOptions {
  names?: VariableNames;
  /** The date wanted: the step on that day (required for files without time or with several steps). */
  date?: string;
  /** The sector's lat/lon grid or a projected region's plane. */
  target: TargetGrid;
  method?: RegridMethod;
  /** The file's name, for messages. */
  fileName: string;
  /** A step chosen by the caller (imported forecasts: each lead's step), instead of the one for `date`. */
  step?: PickedStep;
  /** DATA_DIR: mappings are kept on disk there for the next job (mapping-store.ts); else only in memory. */
  dataDir?: string;
}

const unitsOf = (dataset: NetcdfDataset, name: string) => cleanText(dataset.variable(name).attributes.units);

/** Which of the file's variables hold ice, and the step for the date; throws IngestError / TimeStepError. */
export function planFile(dataset: NetcdfDataset, options: Pick<ConvertOptions, 'names' | 'date' | 'fileName' | 'step'>) {
  const variables = findIceVariables(dataset, options.names);
  if (!hasIce(variables)) throw new IngestError(ingestReasonsRu.noIceVariable(options.fileName));
  const first = foundNames(variables)[0];
  const step = options.step ?? pickStep(timeAxis(dataset, first), options.date);
  return { variables, step, first };
}

/** Convert one open file (see the header); throws IngestError, TimeStepError or RegridError (Russian messages). */
export function convertDataset(dataset: NetcdfDataset, options: ConvertOptions): ConvertedFile {
  const { variables, step } = planFile(dataset, options);
  const method = options.method ?? 'bilinear';
  const mappingFor = (grid: SourceGrid) =>
    options.dataDir ? storedMapping(options.dataDir, grid, options.target, method).mapping : buildMapping(grid, options.target, method);
  const fields: TargetFields = {};
  // The step's horizontal slice (the first level of a 4-D variable); a file without time has one.
  const at = { time: step.index ?? 0 };
  let gridDescription = '';
  let covered = 0;

  const scalar = (name: string, quantity: IceQuantity): Float32Array => {
    const grid = describeSourceGrid(dataset, name);
    gridDescription ||= grid.description;
    const mapping = mappingFor(grid);
    covered = Math.max(covered, mapping.footprintCount);
    const values = normaliseUnits(readField(dataset, name, at), unitsOf(dataset, name), quantity, name).values;
    return applyMapping(mapping, values);
  };

  if (variables.concentration) fields.concentration = scalar(variables.concentration, 'concentration');
  if (variables.thickness) fields.thickness = scalar(variables.thickness, 'thickness');
  const drift = variables.drift;
  if (drift) {
    const name = drift.kind === 'eastnorth' ? drift.east : drift.x;
    const grid = describeSourceGrid(dataset, name);
    gridDescription ||= grid.description;
    const mapping = mappingFor(grid);
    covered = Math.max(covered, mapping.footprintCount);
    let east: ArrayLike<number>;
    let north: ArrayLike<number>;
    if (drift.kind === 'eastnorth') {
      east = normaliseUnits(readField(dataset, drift.east, at), unitsOf(dataset, drift.east), 'velocity-east', drift.east).values;
      north = normaliseUnits(readField(dataset, drift.north, at), unitsOf(dataset, drift.north), 'velocity-north', drift.north).values;
    } else {
      const [x, y] =
        drift.kind === 'grid'
          ? [
              normaliseUnits(readField(dataset, drift.x, at), unitsOf(dataset, drift.x), 'velocity-x', drift.x).values,
              normaliseUnits(readField(dataset, drift.y, at), unitsOf(dataset, drift.y), 'velocity-y', drift.y).values,
            ]
          : [
              displacementToVelocity(readField(dataset, drift.x, at), unitsOf(dataset, drift.x) || 'km', drift.intervalHours * 3600),
              displacementToVelocity(readField(dataset, drift.y, at), unitsOf(dataset, drift.y) || 'km', drift.intervalHours * 3600),
            ];
      ({ east, north } = rotateToEastNorth(grid, x, y));
    }
    fields.u = applyMapping(mapping, east);
    fields.v = applyMapping(mapping, north);
  }
  if (covered === 0) throw new RegridError('no-overlap', ingestReasonsRu.noOverlap(options.fileName));
  return { fields, date: step.date, ...(step.fileDate ? { fileDate: step.fileDate } : {}), variables, grid: gridDescription };
}

/**
 * One IceState from the fields of several files: each field from the first file that has it, NaN where none
 * does, and NaN on land (the same Natural Earth mask as the demo analyses, so real and demo files agree on
 * the coast). Drift only where both components are finite.
 */
export function mergeFields<G extends StateGrid>(parts: TargetFields[], grid: G): IceState<G> {
  const { nx, ny } = gridSize(grid);
  const n = nx * ny;
  const pick = (key: keyof TargetFields): Float32Array => {
    const found = parts.find((part) => part[key])?.[key];
    return found ? found.slice() : new Float32Array(n).fill(NaN);
  };
  const state: IceState<G> = { grid, concentration: pick('concentration'), thickness: pick('thickness'), u: pick('u'), v: pick('v') };
  const land = isPlanarGrid(grid) ? planarLandMask(grid) : landMask(grid);
  for (let k = 0; k < n; k++) {
    if (land[k]) {
      state.concentration[k] = NaN;
      state.thickness[k] = NaN;
      state.u[k] = NaN;
      state.v[k] = NaN;
    } else if (!Number.isFinite(state.u[k]) || !Number.isFinite(state.v[k])) {
      state.u[k] = NaN;
      state.v[k] = NaN;
    }
  }
  return state;
}
