/** Helpers of the map tools journeys (issue 11): the server's files read in Node, screen differences. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { decodePng } from './harness.ts';
import type { RegularGrid } from '../../workers/forecast.api.ts';
import { describeFile } from '../../workers/forecast/file-meta.ts';
import { openNetcdf } from '../../netcdf/open-netcdf.ts';

export type FileKind = 'forecast' | 'assim_forecast' | 'analysis';

export interface NodeFile {
  grid: RegularGrid;
  /** One lead of a variable, as float32 (NaN missing). */
  slice: (variable: string, lead: number) => Float32Array;
}

/** A file as the server keeps it (DATA_DIR/forecast-data/<kind>/<owner>/<date>.nc), decoded by our decoder. */
export async function readServerFile(dataDir: string, kind: FileKind, owner: string, date: string): Promise<NodeFile> {
  const bytes = new Uint8Array(readFileSync(join(dataDir, 'forecast-data', kind, owner, `${date}.nc`)));
  const dataset = await openNetcdf(bytes);
  const meta = describeFile(date, dataset);
  if (!meta.grid) throw new Error(`${kind} ${date} has no regular grid`);
  return { grid: meta.grid, slice: (variable, lead) => Float32Array.from(dataset.read(variable, lead)) };
}

/** Page pixels whose colour differs (max channel difference > threshold) between two screenshots. */
export async function changedPixels(
  page: Page,
  before: Buffer,
  after: Buffer,
  region: { x0: number; y0: number; x1: number; y1: number; skip: { x0: number; y0: number; x1: number; y1: number }[] },
  threshold = 40,
): Promise<{ x: number; y: number; rgb: [number, number, number] }[]> {
  const [ia, ib] = [await decodePng(page, before), await decodePng(page, after)];
  const r = region;
  const out: { x: number; y: number; rgb: [number, number, number] }[] = [];
  for (let y = Math.max(0, r.y0); y < Math.min(ia.height, r.y1); y++) {
    for (let x = Math.max(0, r.x0); x < Math.min(ia.width, r.x1); x++) {
      if (r.skip.some((s) => x >= s.x0 && x < s.x1 && y >= s.y0 && y < s.y1)) continue;
      const k = (y * ia.width + x) * 4;
      const d = Math.max(Math.abs(ia.data[k] - ib.data[k]), Math.abs(ia.data[k + 1] - ib.data[k + 1]), Math.abs(ia.data[k + 2] - ib.data[k + 2]));
      if (d > threshold) out.push({ x, y, rgb: [ib.data[k], ib.data[k + 1], ib.data[k + 2]] });
    }
  }
  return out;
}

/** Page rectangle of an element (CSS pixels), with a margin. */
export async function boxOf(page: Page, testId: string, margin = 4): Promise<{ x0: number; y0: number; x1: number; y1: number }> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not on screen`);
  return { x0: box.x - margin, y0: box.y - margin, x1: box.x + box.width + margin, y1: box.y + box.height + margin };
}
