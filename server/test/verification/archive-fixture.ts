/**
 * A small demo archive for the verification tests: the seeded models, the demo analyses and the default model's
 * files of a few days on the small grid, and a second analysis source to replace an analysis with.
 */
import type { AnalysisSource } from '../../src/archive/analysis-source.ts';
import { demoSource } from '../../src/archive/analysis-source.ts';
import { ensureAnalysis, type ArchiveContext } from '../../src/archive/pipeline.ts';
import { buildDemoArchive } from '../../src/cycle/demo-archive.ts';
import type { Db } from '../../src/db/database.ts';
import { makeGrid, SMALL_GRID } from '../grid/small-grid.ts';

/** The Barents Sea from Svalbard to Novaya Zemlya, where the AARI chart of 2014-02-11 has its ice edge; 0.25° cells. */
export const BARENTS_GRID = makeGrid(44, 160, 70.1, 15.1, 0.25);

export function smallArchive(db: Db, dataDir: string): ArchiveContext {
  return { db, dataDir, grid: SMALL_GRID };
}

/** Build `days` demo days up to `last` (and the analysis of the day before). */
export async function buildSmallDemo(ctx: ArchiveContext, days: number, last: string): Promise<string[]> {
  return (await buildDemoArchive(ctx, days, last)).dates;
}

/** An 'inbox' source whose analysis has less ice than the demo's (0.2 taken off everywhere). */
export const thinnerInbox: AnalysisSource = {
  datasetId: 'inbox_analysis',
  datasetName: 'test inbox',
  sourceLabel: 'test inbox analysis',
  description: '',
  analysis: async (date, grid) => {
    const state = await demoSource.analysis(date, grid);
    return { ...state, concentration: state.concentration.map((c) => (c === c ? Math.max(0, c - 0.2) : c)) };
  },
};

/** Archive the inbox's analysis of `date` (it becomes the newest, so the truth of that date). */
export async function replaceAnalysis(ctx: ArchiveContext, date: string): Promise<void> {
  await ensureAnalysis({ ...ctx, source: thinnerInbox }, date);
}
