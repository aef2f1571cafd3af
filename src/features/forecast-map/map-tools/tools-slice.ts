/**
 * The forecaster's map tools (issue 11) in the forecast map store: what the user turned on (mirrored in the URL:
 * ice edge, animation and its speed, the clicked point) and what the tools loader computed for it (edges, the
 * analysis dates). Plain CPU data only; the layers make GPU buffers from it.
 */
import type { StateCreator } from 'zustand';
import type { ContourLines } from '../../../../workers/forecast.api.ts';
import type { ForecastMapState } from '../store/forecast-map-store.ts';
import type { PointSeries } from '../point-panel/point-series.ts';
import type { DifferenceField } from '../difference/difference-math.ts';
import type { TrajectoryResult } from '../trajectory/trajectory-result.ts';
import type { ProbabilityField } from '../ice-probability/probability-field.ts';

/** The three runs whose edges can be drawn together. */
export type EdgeRun = 'free' | 'assimilated' | 'analysis';
export const EDGE_RUNS: readonly EdgeRun[] = ['free', 'assimilated', 'analysis'];

/** Animation step intervals offered, ms per lead step ('normal' is the "about one step a second"). */
export const PLAY_INTERVALS = { slow: 2000, normal: 1000, fast: 500 } as const;
export type PlaySpeed = keyof typeof PLAY_INTERVALS;

export interface MapPoint {
  /** Degrees north, degrees east. */
  lat: number;
  lon: number;
}

/**
 * 'Поле' (the field), 'Разность' (a difference; which one: between the runs, or forecast − analysis) or
 * 'Вероятность льда' (the share of all models' forecasts of the date with ice, ../ice-probability/).
 */
export type MapMode = 'field' | 'difference' | 'probability';
export type DifferenceKind = 'runs' | 'analysis';

export interface ToolsSelection {
  mode: MapMode;
  differenceKind: DifferenceKind;
  iceEdge: boolean;
  playing: boolean;
  playSpeed: PlaySpeed;
  /** The clicked point whose panel is open, or null. */
  point: MapPoint | null;
  /** 'Траектория дрейфа' pressed for the point. */
  trajectory: boolean;
}

export interface ToolsSlice extends ToolsSelection {
  /** Edges of the selected date and lead, by run; a run is absent while loading or when it has no file. */
  edges: Partial<Record<EdgeRun, ContourLines>>;
  /** Dates with an analysis (GET /analysis/info), null until known. */
  analysisDates: string[] | null;
  /** True on pages that run the tools (startMapTools): elsewhere a map click does nothing. */
  toolsActive: boolean;
  /** The difference on screen in 'Разность' mode; 'none' when it cannot be made (no analysis, drift, no file). */
  difference: DifferenceField | 'none' | null;
  /** The drift path from the point through the shown run's fields (null: none asked). */
  trajectoryResult: TrajectoryResult | null;
  /** 'Вероятность льда' on screen; 'none' when no model has a forecast for the date; null while made or off. */
  probability: ProbabilityField | 'none' | null;
  probabilityChanged: (probability: ProbabilityField | 'none' | null) => void;
  /** The clicked point's values over the leads, by run (null: no point). */
  pointSeries: PointSeries | null;
  setMode: (mode: MapMode) => void;
  setDifferenceKind: (kind: DifferenceKind) => void;
  differenceChanged: (difference: DifferenceField | 'none' | null) => void;
  setIceEdge: (on: boolean) => void;
  setPlaying: (playing: boolean) => void;
  setPlaySpeed: (speed: PlaySpeed) => void;
  setPoint: (point: MapPoint | null) => void;
  setTrajectory: (on: boolean) => void;
  trajectoryChanged: (result: TrajectoryResult | null) => void;
  edgesChanged: (edges: Partial<Record<EdgeRun, ContourLines>>) => void;
  analysisDatesLoaded: (dates: string[]) => void;
  setToolsActive: (active: boolean) => void;
  pointSeriesChanged: (series: PointSeries | null) => void;
  /** Apply the tools part of a URL; undefined fields keep their value, nothing changes when nothing differs. */
  applyTools: (tools: Partial<ToolsSelection>) => void;
}

export const DEFAULT_TOOLS: ToolsSelection = { mode: 'field', differenceKind: 'runs', iceEdge: false, playing: false, playSpeed: 'normal', point: null, trajectory: false };

function samePoint(a: MapPoint | null, b: MapPoint | null): boolean {
  return a === b || (a !== null && b !== null && a.lat === b.lat && a.lon === b.lon);
}

export const createToolsSlice: StateCreator<ForecastMapState, [], [], ToolsSlice> = (set, get) => ({
  ...DEFAULT_TOOLS,
  edges: {},
  analysisDates: null,
  toolsActive: false,
  pointSeries: null,
  difference: null,
  trajectoryResult: null,
  probability: null,
  probabilityChanged: (probability) => set({ probability }),
  setMode: (mode) => set({ mode }),
  setDifferenceKind: (differenceKind) => set({ differenceKind }),
  differenceChanged: (difference) => set({ difference }),
  setIceEdge: (iceEdge) => set({ iceEdge }),
  setPlaying: (playing) => set({ playing }),
  setPlaySpeed: (playSpeed) => set({ playSpeed }),
  // A new point (or none) drops the old point's path.
  setPoint: (point) => set(samePoint(point, get().point) ? { point } : { point, trajectory: false }),
  setTrajectory: (trajectory) => set({ trajectory }),
  trajectoryChanged: (trajectoryResult) => set({ trajectoryResult }),
  edgesChanged: (edges) => set({ edges }),
  analysisDatesLoaded: (dates) => set({ analysisDates: [...dates].sort() }),
  setToolsActive: (toolsActive) => set({ toolsActive }),
  pointSeriesChanged: (pointSeries) => set({ pointSeries }),
  applyTools: (tools) => {
    const current = get();
    const next: Partial<ToolsSelection> = {};
    if (tools.mode !== undefined && tools.mode !== current.mode) next.mode = tools.mode;
    if (tools.differenceKind !== undefined && tools.differenceKind !== current.differenceKind) next.differenceKind = tools.differenceKind;
    if (tools.iceEdge !== undefined && tools.iceEdge !== current.iceEdge) next.iceEdge = tools.iceEdge;
    if (tools.playing !== undefined && tools.playing !== current.playing) next.playing = tools.playing;
    if (tools.playSpeed !== undefined && tools.playSpeed !== current.playSpeed) next.playSpeed = tools.playSpeed;
    if (tools.point !== undefined && !samePoint(tools.point, current.point)) next.point = tools.point;
    if (tools.trajectory !== undefined && tools.trajectory !== current.trajectory) next.trajectory = tools.trajectory;
    if (Object.keys(next).length > 0) set(next);
  },
});
