/**
 * Windows on a slow link (grid-window.ts): when the user has zoomed in, the displayed field's switch fetches only the
 * grid's window under the view (the subset's `bbox=`, at full resolution) instead of a preview and then the whole
 * slice. Each window is laid into a mosaic of the slice (the grid's size, NaN where nothing has come yet), so panning
 * back over ground fetched costs nothing and panning on fetches only the new window; the answer is the mosaic. Only
 * the view reads windows: every other reader (point series, trajectory, POLARIS, the ice edge, the route check's
 * slices) asks for the whole slice, fetched from the server as before, and the background fetches whole slices
 * still, which then replace the mosaic. A mosaic is never cached as the slice.
 */
import type { Bbox } from '../../common/forecast-file/subset-query.ts';
import { subsetQuery } from '../../common/forecast-file/subset-query.ts';
import { fitsFieldGrid, gridShape, isProjectedGrid, type FieldGrid } from '../../common/field-grid.ts';
import type { FirstWindow } from '../forecast.api.ts';
import type { NetcdfDataset } from '../../netcdf/types.ts';
import type { FetchScheduler } from './fetch-scheduler.ts';
import { gridWindowOf, windowWorthIt, type CellWindow } from './grid-window.ts';
import type { LinkRate } from './link-rate.ts';
import type { FetchContext, PartialDataset } from './partial-file.ts';
import { PREVIEW_THRESHOLD_S, type SliceSizes } from './preview.ts';
import { sliceSlot } from './slice-slot.ts';

/** What windows need of the slice fetcher (sliced-fetcher.ts). */
export interface WindowContext {
  scheduler: FetchScheduler;
  rate: LinkRate;
  sizes: SliceSizes;
  partial: (key: string) => PartialDataset | null;
  grid: (key: string) => FieldGrid | null;
  /** A subset fetched and opened, measuring the link (`full` false: not a whole slice's size). */
  subset: (url: string, variables: readonly string[], context: FetchContext, full: boolean) => Promise<NetcdfDataset>;
  fetchImpl: typeof fetch;
}

/** One variable at one lead: the values fetched so far on the whole grid, and which cells they cover. */
interface Mosaic {
  data: Float32Array;
  /** 1 where a window has brought the cell's value. */
  covered: Uint8Array;
  /** Columns of the grid (a row is `width` cells). */
  width: number;
}

/** The view's field from windows: each variable on the whole grid (NaN outside what has come), and the box asked. */
export interface WindowAnswer {
  values: Float32Array[];
  bbox: Bbox;
}

/** Mosaics kept (least recently used out): a whole-Arctic one is 11 MB (float32 values and a byte per cell). */
const MAX_MOSAICS = 8;

export class SliceWindows {
  private readonly mosaics = new Map<string, Mosaic>();
  /** Window fetches on their way, by variables and lead: a second ask waits for the first, then looks again. */
  private readonly fetching = new Map<string, Promise<unknown>>();

  constructor(private readonly context: WindowContext) {}

  /**
   * The view's field of `variables` at `leadIndex` of `key` from windows, when the box under the view is worth a
   * window (WINDOW_MAX_SHARE of the grid or less) and either the mosaic covers it already or the link is slow (the
   * whole slice would take over PREVIEW_THRESHOLD_S). Null otherwise: held whole, a file held whole, a wide view, a
   * fast or unmeasured link (the caller goes on as without a window).
   */
  async window(key: string, variables: string[], leadIndex: number, bbox: Bbox): Promise<WindowAnswer | null> {
    const partial = this.context.partial(key);
    const grid = this.context.grid(key);
    if (!partial || !grid || !Number.isInteger(leadIndex) || leadIndex < 0 || leadIndex >= partial.leadHours.length) return null;
    if (variables.every((name) => partial.has(name, leadIndex))) return null;
    const cells = gridWindowOf(grid, bbox);
    if (cells && !windowWorthIt(grid, cells)) return null;
    const group = sliceSlot(key, variables.join(','), leadIndex);
    await this.fetching.get(group);
    if (cells && !this.covers(key, variables, leadIndex, cells)) {
      if (!this.slowFor(partial, variables, leadIndex)) return null;
      const fetch = this.fetchWindow(key, partial, grid, variables, leadIndex, bbox);
      this.fetching.set(group, fetch.catch(() => undefined));
      try {
        await fetch;
      } finally {
        this.fetching.delete(group);
      }
    }
    // Held whole meanwhile (the background): the caller reads the whole slice.
    if (variables.every((name) => partial.has(name, leadIndex))) return null;
    return { values: variables.map((name) => this.mosaic(key, name, leadIndex, grid).data.slice()), bbox };
  }

  /** A file went from the cache, or was opened anew: its mosaics go. */
  forget(key: string): void {
    for (const slot of [...this.mosaics.keys()]) if (slot.startsWith(`${key}\u0000`)) this.mosaics.delete(slot);
  }

  /**
   * Whether a file's first view (a date or run changed while zoomed in) should fetch the window of `first.bbox`
   * instead of the whole first slice: the rule of a switch, on the grid the file is expected on (its header has not
   * come yet) and the link as measured on the files before it.
   */
  firstWorthIt(first: FirstWindow, variables: string[]): boolean {
    const cells = gridWindowOf(first.grid, first.bbox);
    if (!cells || !windowWorthIt(first.grid, cells)) return false;
    const { width, height } = gridShape(first.grid);
    return this.slowForCells(variables, width * height);
  }

  /**
   * Lay a first view's window (fetched with the header) into the mosaics of `key`, whose grid the page expected:
   * false (nothing laid) when the file's slices are not that grid's shape or the window's axes do not fall on its
   * cells, and then the caller fetches the whole slice. The view's first ask with the same box is answered from it.
   */
  adopt(key: string, grid: FieldGrid, variables: string[], leadIndex: number, subset: NetcdfDataset, partial: PartialDataset): boolean {
    const shape = partial.variable(variables[0]).shape;
    if (leadIndex < 0 || !fitsFieldGrid(grid, shape[shape.length - 1], shape[shape.length - 2])) return false;
    const at = windowOrigin(subset, grid);
    if (!at.onGrid) return false;
    this.lay(key, grid, variables, leadIndex, subset, at);
    return true;
  }

  private slowFor(partial: PartialDataset, variables: string[], leadIndex: number): boolean {
    const missing = variables.filter((name) => !partial.has(name, leadIndex));
    const shape = partial.variable(missing[0] ?? variables[0]).shape;
    return this.slowForCells(missing, shape[shape.length - 1] * shape[shape.length - 2]);
  }

  /** Whether `variables`' whole slices of `cells` cells each would take over PREVIEW_THRESHOLD_S at the measured rate. */
  private slowForCells(variables: string[], cells: number): boolean {
    const estimate = this.context.sizes.estimate(variables, cells);
    const seconds = estimate === null ? null : this.context.rate.transferSeconds(estimate);
    return seconds !== null && seconds > PREVIEW_THRESHOLD_S;
  }

  private covers(key: string, variables: string[], leadIndex: number, cells: CellWindow): boolean {
    return variables.every((name) => {
      const mosaic = this.mosaics.get(sliceSlot(key, name, leadIndex));
      if (!mosaic) return false;
      const { covered, width } = mosaic;
      for (let j = cells.rows[0]; j < cells.rows[0] + cells.rows[1]; j++) {
        for (let i = cells.columns[0]; i < cells.columns[0] + cells.columns[1]; i++) if (!covered[j * width + (i % width)]) return false;
      }
      return true;
    });
  }

  private mosaic(key: string, name: string, leadIndex: number, grid: FieldGrid): Mosaic {
    const slot = sliceSlot(key, name, leadIndex);
    let mosaic = this.mosaics.get(slot);
    if (mosaic) {
      this.mosaics.delete(slot); // most recently used last
    } else {
      const { width, height } = gridShape(grid);
      mosaic = { data: new Float32Array(width * height).fill(NaN), covered: new Uint8Array(width * height), width };
      if (this.mosaics.size >= MAX_MOSAICS) this.mosaics.delete(this.mosaics.keys().next().value!);
    }
    this.mosaics.set(slot, mosaic);
    return mosaic;
  }

  private fetchWindow(key: string, partial: PartialDataset, grid: FieldGrid, variables: string[], leadIndex: number, bbox: Bbox): Promise<void> {
    return this.context.scheduler.foreground(async () => {
      const context: FetchContext = { signal: new AbortController().signal, fetchImpl: this.context.fetchImpl, priority: 'high' };
      // Without the window's 2-D latitude/longitude: it is placed by its 1-D axes, and those would cost more than the values.
      const url = subsetQuery(key, variables, partial.leadHours[leadIndex], 1, bbox, true);
      const subset = await this.context.subset(url, variables, context, false);
      try {
        this.lay(key, grid, variables, leadIndex, subset, windowOrigin(subset, grid));
      } finally {
        subset.close();
      }
    });
  }

  /** A window subset's values into the mosaics of `variables` at `leadIndex`, its first cell at `at` on the grid. */
  private lay(key: string, grid: FieldGrid, variables: string[], leadIndex: number, subset: NetcdfDataset, at: { row: number; column: number }): void {
    for (const name of variables) {
      const info = subset.variable(name);
      const [rows, columns] = info.shape.slice(-2);
      const values = subset.read(name, info.shape.length >= 3 ? 0 : undefined);
      const mosaic = this.mosaic(key, name, leadIndex, grid);
      const height = mosaic.covered.length / mosaic.width;
      for (let j = 0; j < rows; j++) {
        const row = at.row + j;
        if (row < 0 || row >= height) continue;
        for (let i = 0; i < columns; i++) {
          const column = at.column + i;
          const wrapped = isProjectedGrid(grid) ? column : ((column % mosaic.width) + mosaic.width) % mosaic.width;
          if (wrapped < 0 || wrapped >= mosaic.width) continue;
          mosaic.data[row * mosaic.width + wrapped] = values[j * columns + i];
          mosaic.covered[row * mosaic.width + wrapped] = 1;
        }
      }
    }
  }
}

/** How far off a cell centre a window's first axis value may lie and still be taken as on the grid, in cells. */
const ON_GRID_CELLS = 0.01;

/**
 * Where a window subset's first cell lies on the file's grid: from its own axes (x/y, or latitude/longitude);
 * `onGrid` false when those axes fall between the grid's cells (a window of another grid).
 */
export function windowOrigin(subset: NetcdfDataset, grid: FieldGrid): { row: number; column: number; onGrid: boolean } {
  const first = (name: string): number => Number((subset.read(name) as ArrayLike<number>)[0]);
  const [row, column] = isProjectedGrid(grid)
    ? [(first('y') * toMetres(subset, 'y') - grid.y0) / grid.dy, (first('x') * toMetres(subset, 'x') - grid.x0) / grid.dx]
    : [(first('latitude') - grid.lat0) / grid.dlat, (first('longitude') - grid.lon0) / grid.dlon];
  const onGrid = Math.abs(row - Math.round(row)) <= ON_GRID_CELLS && Math.abs(column - Math.round(column)) <= ON_GRID_CELLS;
  return { row: Math.round(row), column: Math.round(column), onGrid };
}

/** Metres per unit of a planar axis (km or m). */
const toMetres = (subset: NetcdfDataset, name: string): number => (String(subset.variable(name).attributes.units ?? 'm').trim() === 'km' ? 1000 : 1);
