/**
 * The ice edge tool in the forecast map store: whether 'Кромка льда' is on (mirrored in the URL as `edge`) and
 * the edges the edge loader computed for the selected date and lead. Plain CPU data; the layers make the paths.
 */
import type { StateCreator } from 'zustand';
import type { ContourLines } from '../../../../workers/forecast.api.ts';

/** The three runs whose edges can be drawn together. */
export type EdgeRun = 'free' | 'assimilated' | 'analysis';
export const EDGE_RUNS: readonly EdgeRun[] = ['free', 'assimilated', 'analysis'];

export interface EdgeSlice {
  iceEdge: boolean;
  /** Edges of the selected date and lead, by run; a run is absent while loading or when it has no file. */
  edges: Partial<Record<EdgeRun, ContourLines>>;
  setIceEdge: (on: boolean) => void;
  edgesChanged: (edges: Partial<Record<EdgeRun, ContourLines>>) => void;
}

export const createEdgeSlice: StateCreator<EdgeSlice, [], [], EdgeSlice> = (set) => ({
  iceEdge: false,
  edges: {},
  setIceEdge: (iceEdge) => set({ iceEdge }),
  edgesChanged: (edges) => set({ edges }),
});
