/**
 * One zustand store for the forecast map, made of feature slices. A vanilla store (not a global hook) so
 * each page that shows the map (/forecasts, later /generate-forecast) owns its own; React reads it through
 * `ForecastMapStoreContext`, the loader and the render code through `getState()`/`subscribe`. A slice names only
 * the slices it reads or writes (`StateCreator<Own & Other, [], [], Own>`), never this module, so no slice
 * imports the store that is made of it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createDatesSlice, type DatesSlice } from './dates-slice.ts';
import { createFieldSlice, type FieldSlice } from './field-slice.ts';
import { createFileSlice, type FileSlice } from './file-slice.ts';
import { createSelectionSlice, type SelectionSlice } from './selection-slice.ts';
import { createRouteSlice, type RouteSlice } from '../ship-route/route-slice.ts';
import { createToolsSlice, type ToolsSlice } from '../map-tools/tools-slice.ts';
import { createEdgeSlice, type EdgeSlice } from '../ice-edge/edge-slice.ts';
import { createDifferenceSlice, type DifferenceSlice } from '../difference/difference-slice.ts';
import { createLocalFileSlice, type LocalFileSlice } from '../local-file/local-file-slice.ts';
import { createProbabilitySlice, type ProbabilitySlice } from '../ice-probability/probability-slice.ts';
import { createChartSlice, type ChartSlice } from '../ice-chart/chart-slice.ts';

export type ForecastMapState = SelectionSlice & DatesSlice & FileSlice & FieldSlice & RouteSlice & ToolsSlice & EdgeSlice & DifferenceSlice & LocalFileSlice & ProbabilitySlice & ChartSlice;
export type ForecastMapStore = StoreApi<ForecastMapState>;

export function createForecastMapStore(): ForecastMapStore {
  return createStore<ForecastMapState>()((...args) => ({
    ...createSelectionSlice(...args),
    ...createDatesSlice(...args),
    ...createFileSlice(...args),
    ...createFieldSlice(...args),
    ...createRouteSlice(...args),
    ...createToolsSlice(...args),
    ...createEdgeSlice(...args),
    ...createDifferenceSlice(...args),
    ...createLocalFileSlice(...args),
    ...createProbabilitySlice(...args),
    ...createChartSlice(...args),
  }));
}
