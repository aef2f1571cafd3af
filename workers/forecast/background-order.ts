/**
 * The order in which a slow link's background fetches a file's other slices: the first view's variables at the
 * other leads, nearest lead first, then each other field lead by lead from the first lead, one variable per request
 * (a ship's switch waits at most for one slice ahead of it); and those slices as the scheduler's jobs.
 */
import type { FirstSlice } from '../forecast.api.ts';
import type { BackgroundJob } from './fetch-scheduler.ts';
import type { PartialDataset } from './partial-file.ts';
import { sliceSlot } from './slice-slot.ts';

export interface BackgroundSlice {
  variables: string[];
  leadIndex: number;
}

/**
 * Every slice of a file of `leadCount` leads after the first view (`firstVariables` at `firstLeadIndex`), `fields`
 * its other variables. The first view's own slice comes first (already held: the job finds nothing to do).
 */
export function backgroundOrder(leadCount: number, firstLeadIndex: number, firstVariables: string[], fields: string[]): BackgroundSlice[] {
  const leads = Array.from({ length: leadCount }, (_, i) => i);
  const byDistance = leads.sort((a, b) => Math.abs(a - firstLeadIndex) - Math.abs(b - firstLeadIndex) || a - b);
  return [
    ...byDistance.map((leadIndex) => ({ variables: firstVariables, leadIndex })),
    ...byDistance.flatMap((leadIndex) => fields.map((name) => ({ variables: [name], leadIndex }))),
  ];
}

/**
 * The background's jobs for the partial file `key` opened on `first`: each fetches its slices with `fetch` unless
 * they are held by then, or the file is no longer `partial` (opened again, or held whole).
 */
export function backgroundJobs(
  key: string,
  partial: PartialDataset,
  first: FirstSlice,
  current: () => PartialDataset | null,
  fetch: (variables: string[], leadIndex: number, signal: AbortSignal) => Promise<void>,
): BackgroundJob[] {
  const firstLeadIndex = Math.max(0, partial.leadHours.indexOf(first.leadHours));
  const fields = partial.variables.filter((v) => v.shape.length >= 2 && !first.variables.includes(v.name)).map((v) => v.name);
  return backgroundOrder(partial.leadHours.length, firstLeadIndex, first.variables, fields).map(({ variables, leadIndex }) => ({
    slots: variables.map((name) => sliceSlot(key, name, leadIndex)),
    run: async (signal) => {
      if (current() !== partial || variables.every((name) => partial.has(name, leadIndex))) return;
      await fetch(variables, leadIndex, signal);
    },
  }));
}
