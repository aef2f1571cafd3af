/**
 * The forecaster's map tools in the forecast map store: what the user turned on (mirrored in the URL:
 * animation and its speed, the clicked point and its trajectory; the ice edge and the difference mode have their
 * own slices in their folders) and what the tools loader computed for it (the point's series, the trajectory, the
 * analysis dates). Plain CPU data only; the layers make GPU buffers from it.
 */
import type { StateCreator } from 'zustand';
import type { PointSeries } from '../point-panel/point-series.ts';
import type { TrajectoryResult } from '../trajectory/trajectory-result.ts';
import type { EdgeSlice } from '../ice-edge/edge-slice.ts';
import type { DifferenceSlice } from '../difference/difference-slice.ts';

/** Animation step intervals offered, ms per lead step ('normal' is the specified "about one step a second"). */
export const PLAY_INTERVALS = { slow: 2000, normal: 1000, fast: 500 } as const;
export type PlaySpeed = keyof typeof PLAY_INTERVALS;

export interface MapPoint {
  /** Degrees north, degrees east. */
  lat: number;
  lon: number;
}

/** Every tool's part of the URL: this slice's, the ice edge's and the difference mode's. */
export interface ToolsSelection extends Pick<EdgeSlice, 'iceEdge'>, Pick<DifferenceSlice, 'mode' | 'differenceKind'> {
  playing: boolean;
  playSpeed: PlaySpeed;
  /** The clicked point whose panel is open, or null. */
  point: MapPoint | null;
  /** 'Траектория дрейфа' pressed for the point. */
  trajectory: boolean;
}

export interface ToolsSlice extends Omit<ToolsSelection, keyof EdgeSlice | keyof DifferenceSlice> {
  /** Dates with an analysis (GET /analysis/info), null until known. */
  analysisDates: string[] | null;
  /** True on pages that run the tools (startMapTools): elsewhere a map click does nothing. */
  toolsActive: boolean;
  /** The drift path from the point through the shown run's fields (null: none asked). */
  trajectoryResult: TrajectoryResult | null;
  /** The clicked point's values over the leads, by run (null: no point). */
  pointSeries: PointSeries | null;
  setPlaying: (playing: boolean) => void;
  setPlaySpeed: (speed: PlaySpeed) => void;
  setPoint: (point: MapPoint | null) => void;
  setTrajectory: (on: boolean) => void;
  trajectoryChanged: (result: TrajectoryResult | null) => void;
  /** The shown region's analysis dates; null: not known (the region just changed). */
  analysisDatesLoaded: (dates: string[] | null) => void;
  setToolsActive: (active: boolean) => void;
  pointSeriesChanged: (series: PointSeries | null) => void;
  /** Apply the tools part of a URL; undefined fields keep their value, nothing changes when nothing differs. */
  applyTools: (tools: Partial<ToolsSelection>) => void;
}

export const DEFAULT_TOOLS: ToolsSelection = { mode: 'field', differenceKind: 'runs', iceEdge: false, playing: false, playSpeed: 'normal', point: null, trajectory: false };

function samePoint(a: MapPoint | null, b: MapPoint | null): boolean {
  return a === b || (a !== null && b !== null && a.lat === b.lat && a.lon === b.lon);
}

/** applyTools sets the edge's and the difference mode's URL fields too. */
type ToolsState = ToolsSlice & EdgeSlice & DifferenceSlice;

export const createToolsSlice: StateCreator<ToolsState, [], [], ToolsSlice> = (set, get) => ({
  playing: DEFAULT_TOOLS.playing,
  playSpeed: DEFAULT_TOOLS.playSpeed,
  point: DEFAULT_TOOLS.point,
  trajectory: DEFAULT_TOOLS.trajectory,
  analysisDates: null,
  toolsActive: false,
  pointSeries: null,
  trajectoryResult: null,
  setPlaying: (playing) => set({ playing }),
  setPlaySpeed: (playSpeed) => set({ playSpeed }),
  // A new point (or none) drops the old point's path.
  setPoint: (point) => set(samePoint(point, get().point) ? { point } : { point, trajectory: false }),
  setTrajectory: (trajectory) => set({ trajectory }),
  trajectoryChanged: (trajectoryResult) => set({ trajectoryResult }),
  analysisDatesLoaded: (dates) => set({ analysisDates: dates === null ? null : [...dates].sort() }),
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
