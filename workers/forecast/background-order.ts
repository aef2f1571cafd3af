/**
 * The order in which a slow link's background fetches a file's other slices: the first view's variables at the
 * other leads, nearest lead first, then each other field lead by lead from the first lead, one variable per request
 * (a ship's switch waits at most for one slice ahead of it).
 */

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
