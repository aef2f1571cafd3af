/**
 * One run of a network: the analysis days in, one state per lead out (see spec.ts for the tensor layout).
 * Fields the network does not write are the start state's (persistence), and the run says which.
 *
 * Memory: the input tensor is V·H planes of float32 (for the seed's [4, 32, 480, 1301], 320 MB), filled in place
 * plane by plane; each output plane is read straight into the lead's state, so a run holds the input, the
 * runtime's output and the three states, and nothing is copied twice.
 */
import type { InferenceSession } from 'onnxruntime-node';
import { driftComponents, driftDirection, driftSpeed, cloneState, type IceState } from '../../grid/ice-state.ts';
import { gridSize, type StateGrid } from '../../grid/grid.ts';
import { expectedShapes, type OnnxSpec, type OnnxVariable } from './spec.ts';
import { OnnxModelError, runSession } from './session.ts';

/** The value of `variable` in every cell of `state` (drift as speed m/s or bearing radians where asked). */
function field(state: AnyState, variable: OnnxVariable): Float32Array {
  switch (variable) {
    case 'speed':
      return driftSpeed(state);
    case 'direction':
      return driftDirection(state);
    default:
      return state[variable];
  }
}

/** The input tensor: variable-major, days oldest → newest, normalised, NaN replaced by `fill`. */
function inputTensor(spec: OnnxSpec, days: readonly AnyState[]): Float32Array {
  const { variables, mean, std, fill, history_days: history } = spec.input;
  if (days.length !== history) throw new RangeError(`need ${history} days of history, got ${days.length}`);
  const n = days[0].concentration.length;
  const out = new Float32Array(variables.length * history * n);
  variables.forEach((variable, v) => {
    days.forEach((day, h) => {
      const values = field(day, variable);
      const base = (v * history + h) * n;
      const m = mean[v];
      const s = std[v];
      for (let k = 0; k < n; k++) {
        const x = values[k];
        out[base + k] = Number.isNaN(x) ? fill : (x - m) / s;
      }
    });
  });
  return out;
}

const LIMITS: Partial<Record<OnnxVariable, [number, number]>> = {
  concentration: [0, 1],
  thickness: [0, Infinity],
  speed: [0, Infinity],
};

const RU_LEAD = (hours: number) => `+${hours} ч`;

/** A state on the sector's grid or a region's plane (the drift east/north in both). */
type AnyState = IceState<StateGrid>;

export interface OnnxRun {
  states: AnyState[];
  /** State fields the network does not write, kept from the start state. */
  persisted: string[];
}

/**
 * The states at each lead from the network's output. `start` is the start date's state: its land (NaN
 * concentration) is land again in every lead, and the fields the output lacks are taken from it.
 */
function outputStates(spec: OnnxSpec, output: Float32Array, start: AnyState, leadHours: readonly number[]): OnnxRun {
  const { variables, mean, std } = spec.output;
  const n = start.concentration.length;
  if (output.length !== variables.length * leadHours.length * n) {
    throw new OnnxModelError(`выход модели из ${output.length} чисел, ожидается ${variables.length * leadHours.length * n}`);
  }
  const land = new Uint8Array(n);
  for (let k = 0; k < n; k++) land[k] = Number.isNaN(start.concentration[k]) ? 1 : 0;
  const states = leadHours.map((hours, lead) => {
    const state = cloneState(start);
    const planes: Partial<Record<OnnxVariable, Float32Array>> = {};
    variables.forEach((variable, w) => {
      const base = (w * leadHours.length + lead) * n;
      const plane = new Float32Array(n);
      const [low, high] = LIMITS[variable] ?? [-Infinity, Infinity];
      let finite = 0;
      for (let k = 0; k < n; k++) {
        if (land[k]) {
          plane[k] = NaN;
          continue;
        }
        const y = output[base + k] * std[w] + mean[w];
        if (Number.isFinite(y)) finite++;
        plane[k] = Math.min(high, Math.max(low, y));
      }
      if (finite === 0) throw new OnnxModelError(`модель выдала NaN во всех ячейках моря: ${variable}, ${RU_LEAD(hours)}`);
      planes[variable] = plane;
    });
    if (planes.thickness) state.thickness = planes.thickness;
    if (planes.concentration) state.concentration = planes.concentration;
    if (planes.u && planes.v) {
      state.u = planes.u;
      state.v = planes.v;
    } else if (planes.speed && planes.direction) {
      const { u, v } = driftComponents(planes.speed, planes.direction);
      state.u = u;
      state.v = v;
    }
    return state;
  });
  const written = new Set(variables);
  const persisted = [
    ...(['thickness', 'concentration'] as const).filter((name) => !written.has(name)),
    ...(written.has('u') || written.has('speed') ? [] : ['drift']),
  ];
  return { states, persisted };
}

/** Run the network from `days` (oldest → newest, the last one the start date). */
export async function runNetwork(
  session: InferenceSession,
  spec: OnnxSpec,
  days: readonly AnyState[],
  leadHours: readonly number[],
): Promise<OnnxRun> {
  const start = days[days.length - 1];
  const { nx, ny } = gridSize(start.grid);
  const shapes = expectedShapes(spec, ny, nx, leadHours.length);
  const output = await runSession(session, inputTensor(spec, days), shapes.input);
  return outputStates(spec, output, start, leadHours);
}
