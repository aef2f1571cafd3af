/**
 * CF unpacking and masking, matching netCDF4-python's default "auto mask and scale"
 * (Variable._toma and the scale step of Variable.__getitem__, netCDF4-python 1.6):
 *  - `_Unsigned = "true"` on a signed integer variable: values (and fill/missing/valid attributes) are
 *    reinterpreted as unsigned;
 *  - masked: values equal to `missing_value` (one or several), to `_FillValue`, or — without `_FillValue` —
 *    to NetCDF's default fill value for the type; values outside `valid_range`
 *    (or `valid_min` / `valid_max`). An attribute is used only if it converts to the variable's type
 *    without change (netCDF4-python's "safe cast"), e.g. a double `_FillValue` 1e20 on a float variable
 *    is ignored, as are string-valued ones;
 *  - then `scale_factor` and `add_offset` are applied.
 * The result has NaN where a value is masked: Float32Array, or Float64Array for double and 32/64-bit
 * integer variables (float32 would round their values).
 */
import type { AttributeValue, NcTypeName, NumericArray, UnpackedData } from './types.ts';

/** NetCDF's default fill values (netcdf.h NC_FILL_*), used when a variable has no _FillValue. */
export const defaultFillValues: Record<string, number | bigint> = {
  byte: -127,
  short: -32767,
  int: -2147483647,
  float: 9.969209968386869e36,
  double: 9.969209968386869e36,
  ubyte: 255,
  ushort: 65535,
  uint: 4294967295,
  int64: -9223372036854775806n,
  uint64: 18446744073709551614n,
};

const INT_RANGE: Record<string, [bigint, bigint]> = {
  byte: [-128n, 127n],
  ubyte: [0n, 255n],
  short: [-32768n, 32767n],
  ushort: [0n, 65535n],
  int: [-2147483648n, 2147483647n],
  uint: [0n, 4294967295n],
  int64: [-9223372036854775808n, 9223372036854775807n],
  uint64: [0n, 18446744073709551615n],
};

const UNSIGNED_OF: Partial<Record<NcTypeName, NcTypeName>> = {
  byte: 'ubyte',
  short: 'ushort',
  int: 'uint',
  int64: 'uint64',
};

const BITS: Record<string, number> = { byte: 8, short: 16, int: 32, int64: 64 };

/** Everything the unpacking loop needs, worked out once per variable from its type and attributes. */
export interface UnpackPlan {
  /** The type the values are read as (after _Unsigned). */
  type: NcTypeName;
  unsignedView: boolean;
  /** Exact values that are missing (missing_value list and the fill value), as numbers. */
  missing: number[];
  /** The same for 64-bit integer variables, compared exactly. */
  missingBig: bigint[];
  validMin: number | null;
  validMax: number | null;
  scale: number;
  offset: number;
  applyScale: boolean;
  output: 'float32' | 'float64';
}

function asList(value: AttributeValue | undefined): (number | bigint | string)[] | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value : [value];
}

/** netCDF4-python's _check_safecast: every value converts to `type` and back unchanged. */
export function castsSafely(value: AttributeValue | undefined, type: NcTypeName): boolean {
  const list = asList(value);
  if (!list || list.length === 0) return false;
  return list.every((v) => {
    if (typeof v === 'string') return false;
    if (type === 'double') return true;
    if (type === 'float') return typeof v === 'bigint' ? Number.isSafeInteger(Number(v)) && Math.fround(Number(v)) === Number(v) : Number.isNaN(v) || Math.fround(v) === v;
    const range = INT_RANGE[type];
    if (!range) return false;
    if (typeof v === 'number' && !Number.isInteger(v)) return false;
    const b = typeof v === 'bigint' ? v : BigInt(v);
    return b >= range[0] && b <= range[1];
  });
}

/** Reinterpret a signed value as unsigned of the same width (numpy .view), e.g. -1 short → 65535. */
function toUnsigned(v: number | bigint, signedType: NcTypeName): number | bigint {
  const bits = BITS[signedType];
  if (bits === 64) {
    const b = typeof v === 'bigint' ? v : BigInt(v);
    return b < 0n ? b + (1n << 64n) : b;
  }
  const n = Number(v);
  return n < 0 ? n + 2 ** bits : n;
}

function singleNumber(value: AttributeValue | undefined): number | null | 'invalid' {
  const list = asList(value);
  if (!list) return null;
  if (list.length !== 1 || typeof list[0] === 'string') return 'invalid';
  return Number(list[0]);
}

export function planUnpack(storedType: NcTypeName, attributes: Record<string, AttributeValue>): UnpackPlan {
  const unsignedFlag = attributes._Unsigned === 'true' || attributes._Unsigned === 'True';
  const unsignedType = unsignedFlag ? UNSIGNED_OF[storedType] : undefined;
  const type = unsignedType ?? storedType;
  const view = (v: number | bigint): number | bigint => (unsignedType ? toUnsigned(v, storedType) : v);
  const missingAll: (number | bigint)[] = [];

  if (castsSafely(attributes.missing_value, storedType)) {
    for (const v of asList(attributes.missing_value) as (number | bigint)[]) missingAll.push(view(v));
  }
  if (castsSafely(attributes._FillValue, storedType)) {
    missingAll.push(view((asList(attributes._FillValue) as (number | bigint)[])[0]));
  } else if (!unsignedType && storedType in defaultFillValues) {
    // Without _FillValue netCDF4-python masks the default fill (bytes included, since files are read with
    // fill mode on); after an _Unsigned view it compares unsigned data with the signed default, which never
    // matches, so nothing is masked then.
    missingAll.push(defaultFillValues[storedType]);
  }

  let validMin: number | null = null;
  let validMax: number | null = null;
  const range = asList(attributes.valid_range);
  if (range && range.length === 2 && castsSafely(attributes.valid_range, storedType)) {
    validMin = Number(view(range[0] as number | bigint));
    validMax = Number(view(range[1] as number | bigint));
  } else {
    if (castsSafely(attributes.valid_min, storedType)) validMin = Number(view(asList(attributes.valid_min)![0] as number | bigint));
    if (castsSafely(attributes.valid_max, storedType)) validMax = Number(view(asList(attributes.valid_max)![0] as number | bigint));
  }

  const scaleAttr = singleNumber(attributes.scale_factor);
  const offsetAttr = singleNumber(attributes.add_offset);
  let scale = 1;
  let offset = 0;
  let applyScale = false;
  if (scaleAttr !== 'invalid' && offsetAttr !== 'invalid') {
    scale = scaleAttr ?? 1;
    offset = offsetAttr ?? 0;
    applyScale = scale !== 1 || offset !== 0;
  }
  const wide = type === 'double' || type === 'int' || type === 'uint' || type === 'int64' || type === 'uint64';
  const is64 = type === 'int64' || type === 'uint64';
  return {
    type,
    unsignedView: unsignedType !== undefined,
    missing: missingAll.map(Number),
    missingBig: is64 ? missingAll.map((v) => (typeof v === 'bigint' ? v : BigInt(Math.trunc(v)))) : [],
    validMin,
    validMax,
    scale,
    offset,
    applyScale,
    output: wide ? 'float64' : 'float32',
  };
}

/** Reinterpret a signed typed array as unsigned over the same bytes (no copy). */
function unsignedViewOf(raw: NumericArray): NumericArray {
  if (raw instanceof Int8Array) return new Uint8Array(raw.buffer, raw.byteOffset, raw.length);
  if (raw instanceof Int16Array) return new Uint16Array(raw.buffer, raw.byteOffset, raw.length);
  if (raw instanceof Int32Array) return new Uint32Array(raw.buffer, raw.byteOffset, raw.length);
  if (raw instanceof BigInt64Array) return new BigUint64Array(raw.buffer, raw.byteOffset, raw.length);
  return raw;
}

/**
 * Unpack `raw` (native byte order) following `plan`. With `inPlace`, a Float32Array/Float64Array input whose
 * output type matches is overwritten and returned (the NetCDF-3 reader owns its copy, so no second buffer).
 */
export function applyUnpack(raw: NumericArray, plan: UnpackPlan, inPlace = false): UnpackedData {
  const source = plan.unsignedView ? unsignedViewOf(raw) : raw;
  const n = source.length;
  if (source instanceof BigInt64Array || source instanceof BigUint64Array) return unpackBig(source, plan);
  const values = source as ArrayLike<number>;
  const reuse =
    inPlace &&
    ((plan.output === 'float32' && source instanceof Float32Array) || (plan.output === 'float64' && source instanceof Float64Array));
  const out: UnpackedData = reuse
    ? (source as UnpackedData)
    : plan.output === 'float32'
      ? new Float32Array(n)
      : new Float64Array(n);
  const { scale, offset, applyScale } = plan;
  const lo = plan.validMin ?? -Infinity;
  const hi = plan.validMax ?? Infinity;
  const missing = plan.missing;
  // Floats whose only missing value is NaN (a NaN _FillValue, the usual forecast file) are already final.
  if (reuse && !applyScale && lo === -Infinity && hi === Infinity && missing.every((m) => Number.isNaN(m))) return out;
  // The common cases get their own tight loops: one missing value (the fill) and no valid range.
  if (missing.length === 1 && lo === -Infinity && hi === Infinity) {
    const m = missing[0];
    const mNaN = Number.isNaN(m);
    if (applyScale) {
      for (let i = 0; i < n; i++) {
        const v = values[i];
        out[i] = v === m || (mNaN && v !== v) ? NaN : v * scale + offset;
      }
    } else {
      for (let i = 0; i < n; i++) {
        const v = values[i];
        out[i] = v === m ? NaN : v;
      }
    }
    return out;
  }
  for (let i = 0; i < n; i++) {
    const v = values[i];
    let bad = v < lo || v > hi;
    for (let k = 0; !bad && k < missing.length; k++) bad = v === missing[k] || (missing[k] !== missing[k] && v !== v);
    out[i] = bad ? NaN : applyScale ? v * scale + offset : v;
  }
  return out;
}

function unpackBig(values: BigInt64Array | BigUint64Array, plan: UnpackPlan): UnpackedData {
  const out = new Float64Array(values.length);
  const lo = plan.validMin ?? -Infinity;
  const hi = plan.validMax ?? Infinity;
  for (let i = 0; i < values.length; i++) {
    const b = values[i];
    const v = Number(b);
    const bad = v < lo || v > hi || plan.missingBig.includes(b);
    out[i] = bad ? NaN : plan.applyScale ? v * plan.scale + plan.offset : v;
  }
  return out;
}
