/**
 * POST /api/v1/route/check against a small demo archive: every sample's numbers equal POLARIS applied to the
 * file's values at the nearest cell (found here by a plain search over the cell centres), land stays null,
 * the sampling rules, validation and access.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ICE_TYPES, iceTypeIndex, RIV_TABLE, rioCategory, type IceClass } from '../../../../common/polaris/polaris.ts';
import { buildDemoArchive } from '../../../src/cycle/demo-archive.ts';
import { decodeStateFile } from '../../../src/archive/forecast-file.ts';
import { latitudes, longitudes } from '../../../src/grid/grid.ts';
import { landMask } from '../../../src/grid/land-mask.ts';
import { greatCircleKm } from '../../../src/routes/ship-route/great-circle.ts';
import { checkRoute } from '../../../src/routes/ship-route/route-check.ts';
import { makeApp, signedIn } from '../../helpers.ts';
import { SMALL_GRID } from '../../grid/small-grid.ts';

const DATE = '2026-02-10';

async function appWithArchive() {
  const { app, dataDir } = await makeApp();
  await buildDemoArchive({ db: app.db, dataDir, grid: SMALL_GRID }, 1, DATE);
  const { headers } = await signedIn(app, 'user');
  return { app, dataDir, headers };
}

const check = (app: FastifyInstance, headers: Record<string, string>, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/route/check', headers, payload: body as object });

/** Index of the cell with the nearest centre, by looking at every centre (independent of the server's rule). */
function nearestCell(lat: number, lon: number): number {
  const lats = latitudes(SMALL_GRID);
  const lons = longitudes(SMALL_GRID);
  const nearest = (values: Float64Array, x: number) => values.reduce((best, v, k) => (Math.abs(v - x) < Math.abs(values[best] - x) ? k : best), 0);
  const j = nearest(lats, lat);
  const i = nearest(lons, lon);
  const inside = Math.abs(lats[j] - lat) <= SMALL_GRID.dlat / 2 && Math.abs(lons[i] - lon) <= SMALL_GRID.dlon / 2;
  return inside ? j * SMALL_GRID.nlon + i : -1;
}

/** RIO straight from Table 1.1: Σ Cᵢ (tenths) × RIVᵢ over open water and the cell's ice type. */
function expectedRio(iceClass: IceClass, c: number, h: number): number {
  const row = RIV_TABLE[iceClass];
  const tenths = 10 * c;
  return (10 - tenths) * row[0] + tenths * row[c > 0 ? iceTypeIndex(h) : 0];
}

interface Sample {
  lat: number;
  lon: number;
  distance_km: number;
  concentration: number | null;
  thickness_m: number | null;
  ice_type: string | null;
  rio: number | null;
  category: string | null;
}

describe('POST /api/v1/route/check', () => {
  it("gives each sample POLARIS of the file's values at its cell, for the class and lead asked", async () => {
    const { app, dataDir, headers } = await appWithArchive();
    // Across the small grid from the open Barents Sea north-east into the ice, past Novaya Zemlya's tip.
    const waypoints = [
      [74.3, 60.4],
      [77.0, 66.0],
      [83.5, 74.5],
    ];
    const file = readFileSync(join(dataDir, 'forecast-data/forecast/model_2', `${DATE}.nc`));
    const seenAll: string[] = [];
    for (const [leadHours, lead, iceClass] of [
      [24, 0, 'PC7'],
      [72, 2, 'IB'],
      [48, 1, 'PC4'],
    ] as const) {
      const reply = await check(app, headers, { date: DATE, run: 'free', lead_hours: leadHours, ice_class: iceClass, waypoints });
      expect(reply.statusCode, reply.body).toBe(200);
      const body = reply.json() as { samples: Sample[]; length_km: number; ice_length_km: number; min_rio: number; first_breach: Sample | null; max_concentration: number; max_thickness_m: number };
      const { state } = decodeStateFile(new Uint8Array(file.buffer, file.byteOffset, file.byteLength), lead);
      const samples = body.samples;
      const seen = new Set<string>();
      for (const s of samples) {
        const cell = nearestCell(s.lat, s.lon);
        const c = cell < 0 ? Number.NaN : state.concentration[cell];
        const h = cell < 0 ? Number.NaN : state.thickness[cell];
        if (!Number.isFinite(c) || !Number.isFinite(h)) {
          expect(s, `${s.lat} ${s.lon}`).toMatchObject({ concentration: null, thickness_m: null, ice_type: null, rio: null, category: null });
          seen.add('missing');
          continue;
        }
        const rio = expectedRio(iceClass, c, h);
        expect(s.concentration).toBe(c);
        expect(s.thickness_m).toBe(h);
        expect(s.ice_type).toBe(ICE_TYPES[c > 0 ? iceTypeIndex(h) : 0]);
        expect(s.rio).toBeCloseTo(rio, 9);
        expect(s.category).toBe(rioCategory(iceClass, rio));
        seen.add(s.category!);
      }
      // The route meets land (Novaya Zemlya) in every check.
      expect(seen.has('missing')).toBe(true);
      seenAll.push(...seen);

      // First and last samples are the waypoints, steps are at most 5 km, each waypoint is a sample.
      expect([samples[0].lat, samples[0].lon]).toEqual(waypoints[0]);
      expect([samples.at(-1)!.lat, samples.at(-1)!.lon]).toEqual(waypoints[2]);
      expect(samples.some((s) => s.lat === 77 && s.lon === 66)).toBe(true);
      const legs = greatCircleKm(74.3, 60.4, 77, 66) + greatCircleKm(77, 66, 83.5, 74.5);
      expect(body.length_km).toBeCloseTo(legs, 6);
      for (let k = 1; k < samples.length; k++) {
        const step = greatCircleKm(samples[k - 1].lat, samples[k - 1].lon, samples[k].lat, samples[k].lon);
        expect(step).toBeLessThanOrEqual(5 + 1e-9);
        expect(samples[k].distance_km - samples[k - 1].distance_km).toBeCloseTo(step, 6);
      }

      const rios = samples.flatMap((s) => (s.rio === null ? [] : [s.rio]));
      expect(body.min_rio).toBe(Math.min(...rios));
      expect(body.max_concentration).toBe(Math.max(...samples.flatMap((s) => (s.concentration === null ? [] : [s.concentration]))));
      expect(body.max_thickness_m).toBe(Math.max(...samples.flatMap((s) => (s.thickness_m === null ? [] : [s.thickness_m]))));
      expect(body.first_breach).toEqual(samples.find((s) => s.category === 'elevated' || s.category === 'special') ?? null);
      // Length in ice: half of each step per end with concentration ≥ 0.15.
      let ice = 0;
      for (let k = 1; k < samples.length; k++) {
        const step = samples[k].distance_km - samples[k - 1].distance_km;
        ice += ((samples[k - 1].concentration ?? 0) >= 0.15 ? step / 2 : 0) + ((samples[k].concentration ?? 0) >= 0.15 ? step / 2 : 0);
      }
      expect(body.ice_length_km).toBeCloseTo(ice, 6);
      expect(body.ice_length_km).toBeGreaterThan(0);
    }
    // Between them the checks meet every category, so the comparison above covers each.
    expect(new Set(seenAll)).toEqual(new Set(['missing', 'normal', 'elevated', 'special']));
  });

  it('marks samples outside the forecast area "covered": false and adds their length as outside_km; land inside stays covered', async () => {
    const { app, dataDir, headers } = await appWithArchive();
    // From the sea north of Novaya Zemlya east across the grid's edge (74.875°E) to 80°E, then back onto the grid.
    const waypoints = [
      [77.5, 62.0],
      [77.5, 80.0],
      [79.0, 70.0],
    ];
    const reply = await check(app, headers, { date: DATE, run: 'free', lead_hours: 24, ice_class: 'PC7', waypoints });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json() as { samples: (Sample & { covered: boolean })[]; outside_km: number; length_km: number };
    const file = readFileSync(join(dataDir, 'forecast-data/forecast/model_2', `${DATE}.nc`));
    const { state } = decodeStateFile(new Uint8Array(file.buffer, file.byteOffset, file.byteLength), 0);
    const land = landMask(SMALL_GRID);
    for (const s of body.samples) {
      const cell = nearestCell(s.lat, s.lon);
      const known = cell >= 0 && (Number.isFinite(state.concentration[cell]) || Number.isFinite(state.thickness[cell]) || land[cell] === 1);
      expect(s.covered, `${s.lat} ${s.lon}`).toBe(known);
      if (!s.covered) expect(s).toMatchObject({ concentration: null, thickness_m: null, rio: null, category: null });
    }
    expect(body.samples.filter((s) => !s.covered).length).toBeGreaterThan(10);
    expect(body.samples.filter((s) => s.covered).length).toBeGreaterThan(10);
    // Outside: half of each step per end not covered; about the legs' parts east of the grid's edge.
    let outside = 0;
    for (let k = 1; k < body.samples.length; k++) {
      const step = body.samples[k].distance_km - body.samples[k - 1].distance_km;
      outside += (body.samples[k - 1].covered ? 0 : step / 2) + (body.samples[k].covered ? 0 : step / 2);
    }
    expect(body.outside_km).toBeCloseTo(outside, 6);
    const firstOut = body.samples.find((s) => !s.covered)!;
    const lastOut = body.samples.findLast((s) => !s.covered)!;
    expect(firstOut.lon).toBeGreaterThan(74.8);
    expect(body.outside_km).toBeGreaterThan(lastOut.distance_km - firstOut.distance_km - 10);
    expect(body.outside_km).toBeLessThan(lastOut.distance_km - firstOut.distance_km + 10);

    // A route wholly inside over sea and land: nothing outside.
    const inside = await check(app, headers, { date: DATE, run: 'free', lead_hours: 24, ice_class: 'PC7', waypoints: [[74.3, 60.4], [77.0, 66.0]] });
    expect(inside.json().outside_km).toBe(0);
    expect(inside.json().samples.every((s: { covered: boolean }) => s.covered)).toBe(true);
  });

  it('a sea cell the forecast has no value for is not covered (no data is not open water)', () => {
    const n = SMALL_GRID.nlat * SMALL_GRID.nlon;
    const land = landMask(SMALL_GRID);
    const concentration = new Float32Array(n).fill(0);
    const thickness = new Float32Array(n).fill(0);
    // The model covers only the western half of the grid (columns < 30); land is NaN everywhere.
    for (let k = 0; k < n; k++) {
      if (k % SMALL_GRID.nlon >= 30 || land[k]) concentration[k] = thickness[k] = NaN;
    }
    const result = checkRoute({ grid: SMALL_GRID, concentration, thickness }, 'PC7', [[82, 61], [82, 74]]);
    const east = result.samples.filter((s) => s.lon > 60 + 30 * 0.25);
    expect(east.length).toBeGreaterThan(5);
    expect(east.every((s) => !s.covered && s.concentration === null)).toBe(true);
    expect(result.samples.filter((s) => s.lon < 60 + 29 * 0.25).every((s) => s.covered && s.concentration === 0)).toBe(true);
    expect(result.outside_km).toBeGreaterThan(100);
  });

  it('answers 422 with a detail for malformed routes, classes and leads, and 404 without a file', async () => {
    const { app, headers } = await appWithArchive();
    const good = { date: DATE, run: 'free', lead_hours: 24, ice_class: 'PC7', waypoints: [[75, 61], [76, 62]] };
    const many = Array.from({ length: 501 }, (_, k) => [75 + k * 0.001, 61]);
    for (const [name, body] of [
      ['one waypoint', { ...good, waypoints: [[75, 61]] }],
      ['501 waypoints', { ...good, waypoints: many }],
      ['latitude 91', { ...good, waypoints: [[91, 61], [76, 62]] }],
      ['longitude -181', { ...good, waypoints: [[75, -181], [76, 62]] }],
      ['a point of three numbers', { ...good, waypoints: [[75, 61, 3], [76, 62]] }],
      ['a string coordinate', { ...good, waypoints: [['75', 61], [76, 62]] }],
      ['unknown class', { ...good, ice_class: 'PC8' }],
      ['unknown lead', { ...good, lead_hours: 36 }],
      ['lead as text', { ...good, lead_hours: '24' }],
      ['unknown run', { ...good, run: 'analysis' }],
      ['bad date', { ...good, date: '2026-02-30' }],
      ['no waypoints', { ...good, waypoints: undefined }],
      ['too long', { ...good, waypoints: [[80, 0], [-80, 179], [80, 0]] }],
    ] as const) {
      const reply = await check(app, headers, body);
      expect(reply.statusCode, name).toBe(422);
      expect(typeof reply.json().detail, name).toBe('string');
    }
    for (const body of [{ ...good, date: '2025-01-01' }, { ...good, model_id: 'nope' }]) {
      const reply = await check(app, headers, body);
      expect(reply.statusCode).toBe(404);
      expect(reply.json().detail).toMatch(/No forecast/);
    }
    const assimilated = await check(app, headers, { ...good, run: 'assimilated' });
    expect(assimilated.statusCode).toBe(200);
    expect(assimilated.json().samples.length).toBeGreaterThan(2);
  });

  it('needs a signed-in user, and takes any role', async () => {
    const { app } = await appWithArchive();
    const body = { date: DATE, run: 'free', lead_hours: 24, ice_class: 'PC7', waypoints: [[75, 61], [76, 62]] };
    const anonymous = await check(app, {}, body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Unauthorized' });
    for (const role of ['user', 'admin', 'superuser'] as const) {
      const { headers } = await signedIn(app, role);
      expect((await check(app, headers, body)).statusCode, role).toBe(200);
    }
  });
});
