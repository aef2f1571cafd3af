/**
 * Fractional index of a coordinate value along a 1-D axis (cell centres at whole numbers): a division for
 * regular axes, a binary search for irregular ones. Values beyond the ends extrapolate with the end spacing,
 * so callers can apply their own footprint rule (half a cell for nearest, none for bilinear).
 */
export type Locator = (value: number) => number;

/** Regular when every centre is within 1e-4 of a step of where the first step puts it (float32 axes pass). */
export function axisLocator(axis: Float64Array): Locator {
  const n = axis.length;
  if (n === 1) return (value) => (value === axis[0] ? 0 : NaN);
  const step = (axis[n - 1] - axis[0]) / (n - 1);
  let regular = true;
  for (let i = 1; i < n && regular; i++) regular = Math.abs(axis[i] - (axis[0] + i * step)) <= Math.abs(step) * 1e-4;
  if (regular) {
    const start = axis[0];
    return (value) => (value - start) / step;
  }
  const ascending = axis[n - 1] > axis[0];
  return (value) => {
    // Search in ascending terms: flip the sign of a descending axis.
    const v = ascending ? value : -value;
    const at = (i: number) => (ascending ? axis[i] : -axis[i]);
    if (v <= at(0)) return (v - at(0)) / (at(1) - at(0));
    if (v >= at(n - 1)) return n - 1 + (v - at(n - 1)) / (at(n - 1) - at(n - 2));
    let lo = 0;
    let hi = n - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (at(mid) <= v) lo = mid;
      else hi = mid;
    }
    return lo + (v - at(lo)) / (at(hi) - at(lo));
  };
}
