/**
 * A minimal classic NetCDF-3 (CDF-1) writer for tests and the benchmark: fixed dimensions only, float/double/
 * short/int variables, char and numeric attributes. Written from the format specification.
 */
export interface TestVariable {
  name: string;
  type: 'short' | 'int' | 'float' | 'double';
  dimensions: string[];
  data: ArrayLike<number>;
  attributes?: Record<string, string | number | number[]>;
}

const TYPE_CODE = { short: 3, int: 4, float: 5, double: 6 } as const;
const TYPE_SIZE = { short: 2, int: 4, float: 4, double: 8 } as const;

class Out {
  bytes: number[] = [];
  u32(v: number): void {
    this.bytes.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
  }
  text(s: string): void {
    const encoded = new TextEncoder().encode(s);
    this.u32(encoded.length);
    this.bytes.push(...encoded);
    this.pad();
  }
  pad(): void {
    while (this.bytes.length % 4) this.bytes.push(0);
  }
}

function writeAttributes(out: Out, attributes: Record<string, string | number | number[]> = {}): void {
  const entries = Object.entries(attributes);
  out.u32(entries.length ? 0x0c : 0);
  out.u32(entries.length);
  for (const [name, value] of entries) {
    out.text(name);
    if (typeof value === 'string') {
      out.u32(2);
      out.text(value);
    } else {
      const values = Array.isArray(value) ? value : [value];
      out.u32(6); // attributes as doubles
      out.u32(values.length);
      const view = new DataView(new ArrayBuffer(8 * values.length));
      values.forEach((v, i) => view.setFloat64(8 * i, v));
      out.bytes.push(...new Uint8Array(view.buffer));
    }
  }
}

export function writeNc3(
  dimensions: Record<string, number>,
  variables: TestVariable[],
  globalAttributes: Record<string, string | number | number[]> = {},
): Uint8Array {
  const dimNames = Object.keys(dimensions);
  const sizes = variables.map((v) => v.dimensions.reduce((n, d) => n * dimensions[d], 1) * TYPE_SIZE[v.type]);
  const header = (begins: number[]): Out => {
    const out = new Out();
    out.bytes.push(0x43, 0x44, 0x46, 1);
    out.u32(0);
    out.u32(dimNames.length ? 0x0a : 0);
    out.u32(dimNames.length);
    for (const name of dimNames) {
      out.text(name);
      out.u32(dimensions[name]);
    }
    writeAttributes(out, globalAttributes);
    out.u32(variables.length ? 0x0b : 0);
    out.u32(variables.length);
    variables.forEach((v, i) => {
      out.text(v.name);
      out.u32(v.dimensions.length);
      for (const d of v.dimensions) out.u32(dimNames.indexOf(d));
      writeAttributes(out, v.attributes);
      out.u32(TYPE_CODE[v.type]);
      out.u32(sizes[i] + ((4 - (sizes[i] % 4)) % 4));
      out.u32(begins[i]);
    });
    return out;
  };
  const headerLength = header(variables.map(() => 0)).bytes.length;
  const begins: number[] = [];
  let offset = headerLength;
  for (const size of sizes) {
    begins.push(offset);
    offset += size + ((4 - (size % 4)) % 4);
  }
  const result = new Uint8Array(offset);
  result.set(header(begins).bytes);
  const view = new DataView(result.buffer);
  variables.forEach((v, i) => {
    let at = begins[i];
    for (let k = 0; k < v.data.length; k++) {
      const x = v.data[k];
      if (v.type === 'short') view.setInt16(at, x);
      else if (v.type === 'int') view.setInt32(at, x);
      else if (v.type === 'float') view.setFloat32(at, x);
      else view.setFloat64(at, x);
      at += TYPE_SIZE[v.type];
    }
  });
  return result;
}

/**
 * A small forecast shaped like the server's: time × latitude × longitude float32 fields, NaN on
 * "land" (the first column), lead times 24/48/72 h in CF units with a forecast reference time.
 * Value of field f at (lead t, row j, column i): f*1000 + t*100 + j*10 + i.
 */
export function smallForecast(width = 5, height = 4): Uint8Array {
  const leads = [24, 48, 72];
  const field = (f: number): Float32Array => {
    const data = new Float32Array(leads.length * height * width);
    for (let t = 0; t < leads.length; t++)
      for (let j = 0; j < height; j++)
        for (let i = 0; i < width; i++) data[(t * height + j) * width + i] = i === 0 ? NaN : f * 1000 + t * 100 + j * 10 + i;
    return data;
  };
  const speed = new Float32Array(leads.length * height * width).fill(0.5);
  const direction = new Float32Array(leads.length * height * width);
  for (let k = 0; k < direction.length; k++) direction[k] = (k % 4) * (Math.PI / 2); // N, E, S, W, N, ...
  speed[1] = NaN;
  return writeNc3(
    { time: leads.length, latitude: height, longitude: width },
    [
      {
        name: 'time',
        type: 'double',
        dimensions: ['time'],
        data: leads,
        attributes: { units: 'hours since 2026-03-01 00:00:00', standard_name: 'time', forecast_reference_time: '2026-03-01T00:00:00Z' },
      },
      { name: 'latitude', type: 'double', dimensions: ['latitude'], data: Array.from({ length: height }, (_, j) => 70 + 0.5 * j), attributes: { units: 'degrees_north' } },
      { name: 'longitude', type: 'double', dimensions: ['longitude'], data: Array.from({ length: width }, (_, i) => 50 + 0.25 * i), attributes: { units: 'degrees_east' } },
      { name: 'sithick_GLORYS', type: 'float', dimensions: ['time', 'latitude', 'longitude'], data: field(1), attributes: { units: 'm', _FillValue: NaN } },
      { name: 'sea_ice_fraction_BREMEN', type: 'float', dimensions: ['time', 'latitude', 'longitude'], data: field(2), attributes: { units: '1' } },
      { name: 'usi_vsi_GLORYS_speed', type: 'float', dimensions: ['time', 'latitude', 'longitude'], data: speed, attributes: { units: 'm s-1', standard_name: 'sea_ice_speed' } },
      { name: 'usi_vsi_GLORYS_direct', type: 'float', dimensions: ['time', 'latitude', 'longitude'], data: direction, attributes: { units: 'radian' } },
    ],
    { Conventions: 'CF-1.8', title: 'test forecast' },
  );
}
