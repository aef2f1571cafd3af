/** A 1-D coordinate's start and step when its values are evenly spaced: a file's regular grid axis. */

/** Regular spacing within a small fraction of a step (coordinates may be stored as float32). */
export function regular(values: ArrayLike<number>): { start: number; step: number } | null {
  const n = values.length;
  if (n === 0 || !Array.from(values).every(Number.isFinite)) return null;
  if (n === 1) return { start: values[0], step: 0 };
  const step = (values[n - 1] - values[0]) / (n - 1);
  if (step === 0) return null;
  const tolerance = Math.abs(step) * 1e-3;
  for (let i = 1; i < n; i++) {
    if (Math.abs(values[i] - (values[0] + i * step)) > tolerance) return null;
  }
  return { start: values[0], step };
}
