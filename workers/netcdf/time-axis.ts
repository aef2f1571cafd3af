/**
 * The time axis of a CF file: which dimension is time, CF "<unit> since <date>" units, and the lead time of
 * each step in hours after the forecast reference time. Pure NetCDF code: the decode worker and the server use it.
 */
import type { NetcdfDataset, VariableInfo } from './types.ts';

const UNIT_MS: Record<string, number> = {
  second: 1000,
  sec: 1000,
  s: 1000,
  minute: 60_000,
  min: 60_000,
  hour: 3_600_000,
  hr: 3_600_000,
  h: 3_600_000,
  day: 86_400_000,
  d: 86_400_000,
};

/** The time coordinate: named 'time', or with standard_name 'time' / axis 'T', one-dimensional. */
export function timeVariable(ds: NetcdfDataset): VariableInfo | null {
  const oneD = ds.variables.filter((v) => v.shape.length === 1);
  return (
    oneD.find((v) => v.name === 'time') ??
    oneD.find((v) => v.attributes.standard_name === 'time' || v.attributes.axis === 'T') ??
    null
  );
}

/** The name of the time dimension, or null when the file has none. */
export function timeDimension(ds: NetcdfDataset): string | null {
  const variable = timeVariable(ds);
  if (variable) return variable.dimensions[0];
  return ds.dimensions.find((d) => d.name === 'time')?.name ?? ds.dimensions.find((d) => d.unlimited)?.name ?? null;
}

/** Parse CF "<unit> since <date>" into the unit's length in ms and the epoch in ms. */
export function parseTimeUnits(units: unknown): { unitMs: number; epochMs: number } | null {
  if (typeof units !== 'string') return null;
  const match = /^\s*(\w+?)s?\s+since\s+(\d{1,4}-\d{1,2}-\d{1,2})(?:[T\s]+(\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?\s*(Z|UTC|[+-]\d{1,2}(?::?\d{2})?)?\s*$/i.exec(units);
  if (!match) return null;
  const unitMs = UNIT_MS[match[1].toLowerCase()];
  if (!unitMs) return null;
  const [y, m, d] = match[2].split('-').map(Number);
  const [hh, mm, ss] = (match[3] ?? '0:00:00').split(':').map(Number);
  let epochMs = Date.UTC(y, m - 1, d, hh, mm, Math.floor(ss || 0));
  const zone = match[4];
  if (zone && /^[+-]/.test(zone)) {
    const [zh, zm] = zone.slice(1).split(':').map(Number);
    const offset = (zh * 60 + (zm || 0)) * 60_000;
    epochMs -= zone[0] === '+' ? offset : -offset;
  }
  return Number.isFinite(epochMs) ? { unitMs, epochMs } : null;
}

/**
 * Lead times in hours, one per slice of the time dimension. With CF units, hours after the forecast reference
 * time (the time variable's `forecast_reference_time` attribute, a global one, or else the units' epoch);
 * without usable units, 24, 48, 72... (daily leads).
 */
export function leadTimes(ds: NetcdfDataset): number[] {
  const dimension = timeDimension(ds);
  if (!dimension) return [];
  const count = ds.dimensions.find((d) => d.name === dimension)?.size ?? 0;
  const daily = Array.from({ length: count }, (_, i) => 24 * (i + 1));
  const variable = timeVariable(ds);
  const units = variable ? parseTimeUnits(variable.attributes.units) : null;
  if (!variable || !units) return daily;
  let values: ArrayLike<number>;
  try {
    values = ds.read(variable.name);
  } catch {
    return daily;
  }
  const referenceMs = forecastReferenceTime(ds, variable);
  const leads = Array.from(values, (t) => (units.epochMs + t * units.unitMs - (referenceMs ?? units.epochMs)) / 3_600_000);
  if (!leads.every(Number.isFinite)) return daily;
  // Without a stated reference the units' epoch stands in, if that gives plausible leads (0 h to a year).
  if (referenceMs === null && !leads.every((h) => h >= 0 && h <= MAX_LEAD_HOURS)) return daily;
  return leads.map((h) => Math.round(h * 1e6) / 1e6);
}

const MAX_LEAD_HOURS = 366 * 24;

/**
 * The forecast reference time in ms: the time variable's `forecast_reference_time` attribute (ISO text, as
 * our server writes it), a CF scalar variable with standard_name forecast_reference_time (as MET Norway's
 * files have), or a global attribute; null when the file states none.
 */
function forecastReferenceTime(ds: NetcdfDataset, time: VariableInfo): number | null {
  for (const text of [time.attributes.forecast_reference_time, ds.attributes.forecast_reference_time]) {
    const ms = typeof text === 'string' ? Date.parse(text) : NaN;
    if (Number.isFinite(ms)) return ms;
  }
  const scalar = ds.variables.find(
    (v) => v.shape.length === 0 && (v.attributes.standard_name === 'forecast_reference_time' || v.name === 'forecast_reference_time'),
  );
  const units = scalar ? parseTimeUnits(scalar.attributes.units) : null;
  if (scalar && units) {
    try {
      const value = ds.read(scalar.name)[0];
      if (Number.isFinite(value)) return units.epochMs + value * units.unitMs;
    } catch {
      return null;
    }
  }
  return null;
}
