/** Median, min, max and count of a bench's samples (what bench/README.md quotes as "median (min–max)"). */
export function spread(values: number[]): { median: number; min: number; max: number; n: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], n: values.length };
}
