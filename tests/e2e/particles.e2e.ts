/**
 * The drift particle layer in real Chromium (software WebGL2): a stand-alone page with MapLibre (black
 * background, no tiles) and only the particle layer through MapLibreOverlay (bench/pages/particles.html,
 * built here with bench/render-particles.vite.config.ts). Positions are read back from the GPU state
 * texture; what is drawn is checked on screenshots (which are also saved for a person to look at).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M } from '../../src/map/layers/particle-layer/geo-step.ts';
import { BASE_STEP_SECONDS } from '../../src/map/layers/particle-layer/particle-layer.ts';
import { BENCH_GRID, BENCH_POLAR_GRID } from '../../bench/pages/particles-synthetic-drift.ts';
import { polarForward } from '../../common/polar-stereographic.ts';
import { openPage } from '../../bench/render-particles-pages.ts';
import { hideFloatRenderTargets, repoRoot, screenshotPath } from './harness.ts';
import { releaseBrowser, sharedBrowser } from './journey.ts';

let browser: Browser;

beforeAll(() => {
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'bench/render-particles.vite.config.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}, 180_000);

beforeAll(async () => {
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
});

interface Particle {
  lon: number;
  lat: number;
  age: number;
  speed: number;
}

async function particles(page: Page): Promise<Particle[]> {
  return (await snapshot(page)).particles;
}

/** The particles and the layer's step counter, read in one go (no step can fall in between). */
async function snapshot(page: Page): Promise<{ particles: Particle[]; steps: number }> {
  const { flat, steps } = await page.evaluate(() => ({
    flat: window.particlesPage.readParticles(),
    steps: window.particlesPage.stats().steps,
  }));
  if (!flat) throw new Error('the layer has no particles yet');
  const out: Particle[] = [];
  for (let k = 0; k < flat.length; k += 4) out.push({ lon: flat[k], lat: flat[k + 1], age: flat[k + 2], speed: flat[k + 3] });
  return { particles: out, steps };
}

/** The particles once the layer has made its first steps. */
async function firstParticles(page: Page): Promise<Particle[]> {
  for (let attempt = 0; attempt < 80; attempt++) {
    const flat = await page.evaluate(() => window.particlesPage.readParticles());
    if (flat && flat.some((value, k) => k % 4 === 2 && value > 0)) return particles(page);
    await page.waitForTimeout(250);
  }
  throw new Error('the layer never drew');
}

/** Wait until the layer has stepped (its particles have moved since `before`). */
async function waitForSteps(page: Page, before: Particle[], minSteps: number): Promise<Particle[]> {
  for (let attempt = 0; attempt < 60; attempt++) {
    await page.waitForTimeout(250);
    const now = await particles(page);
    const stepped = now.filter((p, k) => p.age >= before[k].age + minSteps).length;
    if (stepped > now.length / 2) return now;
  }
  throw new Error('particles did not move');
}

/**
 * Pixels brighter than the black background in the screenshot, counted left and right of x = `splitX`
 * (CSS px), ignoring a `margin` either side. Decoded in the page, so no PNG library is needed.
 */
async function litPixels(page: Page, name: string, splitX: number, margin = 0): Promise<{ left: number; right: number }> {
  const png = await page.screenshot();
  const file = screenshotPath(name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, png);
  return page.evaluate(
    async ({ base64, splitX, margin }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const scale = width / window.innerWidth;
      let left = 0;
      let right = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const k = 4 * (y * width + x);
          if (data[k] + data[k + 1] + data[k + 2] < 60) continue;
          const cssX = x / scale;
          if (cssX < splitX - margin) left++;
          else if (cssX > splitX + margin) right++;
        }
      }
      return { left, right };
    },
    { base64: png.toString('base64'), splitX, margin },
  );
}

describe.each(['mercator', 'globe'] as const)('particles in %s', (projection) => {
  it('drift east by u·t in a uniform eastward field, as far on the ground at every latitude', async () => {
    const { context, page, errors } = await openPage(browser, 'particles', { field: 'east', projection, count: 4096 });
    try {
      await page.evaluate(() => window.particlesPage.loaded);
      await firstParticles(page);
      const before = await snapshot(page);
      const first = before.particles;
      await waitForSteps(page, first, 2);
      const after = await snapshot(page);
      const second = after.particles;
      const elapsed = after.steps - before.steps;

      // The field is 0.3 m/s east; each step advances speedFactor (0.1) × BASE_STEP_SECONDS of drift.
      const metresPerStep = 0.3 * 0.1 * BASE_STEP_SECONDS;
      let checked = 0;
      let eastward = 0;
      for (let k = 0; k < first.length; k++) {
        const a = first[k];
        const b = second[k];
        const steps = b.age - a.age;
        // Skip particles reborn in between (their age did not grow by every step: too old, or drifted out
        // of view), and those within 1° of the pole, where "east" turns quickly and u·t/(R cos lat) is no
        // longer the right expectation.
        if (steps !== elapsed || a.lat > 89) continue;
        checked++;
        const dLon = b.lon - a.lon + (b.lon - a.lon < -180 ? 360 : 0);
        const expected = ((steps * metresPerStep) / (EARTH_RADIUS_M * Math.cos((a.lat * Math.PI) / 180))) * (180 / Math.PI);
        if (dLon > 0 && Math.abs(dLon - expected) < 0.02 * expected && Math.abs(b.lat - a.lat) < 0.01) eastward++;
      }
      expect(elapsed).toBeGreaterThanOrEqual(2);
      expect(checked).toBeGreaterThan(first.length / 2);
      expect(eastward).toBe(checked);
      // Every particle sits on the grid (45–90°N) and carries the field's speed (stored as a fraction of
      // the maximum below 1, hence the 0.1 % tolerance).
      expect(second.filter((p) => p.lat < 45 - BENCH_GRID.dlat / 2 || p.lat > 90)).toEqual([]);
      expect(second.filter((p) => Math.abs(p.speed - 0.3) > 0.3e-3)).toEqual([]);

      // Something is drawn, in the speed ramp's top colour (0.3 is the field's maximum: red).
      const { left, right } = await litPixels(page, `particles-east-${projection}`, 640);
      expect(left + right).toBeGreaterThan(500);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('never places or draws a particle where the field is NaN (west of 90°E)', async () => {
    const { context, page, errors } = await openPage(browser, 'particles', { field: 'half', projection });
    try {
      await page.evaluate(() => window.particlesPage.loaded);
      const now = await waitForSteps(page, await firstParticles(page), 3);
      // West edge of the valid half: the first valid column's centre is at 90°E (rounded up to the grid);
      // its cell starts half a cell west of it.
      const firstValidColumn = Math.ceil(90 / BENCH_GRID.dlon);
      const westEdge = (firstValidColumn - 0.5) * BENCH_GRID.dlon;
      expect(now.length).toBeGreaterThan(1000);
      expect(now.filter((p) => (p.lon + 360) % 360 < westEdge - 1e-4)).toEqual([]);

      // On screen: the boundary meridian at 78°N; nothing lit west of it (2 px margin for line ends).
      const [splitX] = await page.evaluate((lon) => window.particlesPage.project(lon, 78), westEdge);
      const { left, right } = await litPixels(page, `particles-half-${projection}`, splitX, 2);
      expect(right).toBeGreaterThan(500);
      expect(left).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('particles on the whole Arctic’s polar stereographic grid (globe, the pole in view)', () => {
  /** A particle's place in the grid's plane, metres. */
  const plane = (p: Particle) => polarForward(BENCH_POLAR_GRID.projection, p.lon, p.lat);
  /** The square's outer edges, metres, with `margin` m round them (the shader's float32 place of a particle). */
  const inSquare = ([x, y]: [number, number], margin: number) =>
    x > -3_850_000 - margin && x < 3_750_000 + margin && y < 5_850_000 + margin && y > -5_350_000 - margin;

  it('drift east by u·t along their parallels, and live only on the grid', async () => {
    const { context, page, errors } = await openPage(browser, 'particles', { field: 'polar-east', projection: 'globe', count: 4096 });
    try {
      await page.evaluate(() => window.particlesPage.loaded);
      await page.evaluate(() => { window.particlesPage.jumpTo({ center: [-45, 89.9], zoom: 1.5 }); });
      const first = await firstParticles(page);
      const start = await snapshot(page);
      await waitForSteps(page, start.particles, 2);
      const after = await snapshot(page);
      const elapsed = after.steps - start.steps;
      const metresPerStep = 0.3 * 0.1 * BASE_STEP_SECONDS;
      let checked = 0;
      let eastward = 0;
      for (let k = 0; k < start.particles.length; k++) {
        const a = start.particles[k];
        const b = after.particles[k];
        // As in the lat/lon grid's test: only particles that lived through every step, away from the pole.
        if (b.age - a.age !== elapsed || a.lat > 89) continue;
        checked++;
        const dLon = b.lon - a.lon + (b.lon - a.lon < -180 ? 360 : 0);
        const expected = ((elapsed * metresPerStep) / (EARTH_RADIUS_M * Math.cos((a.lat * Math.PI) / 180))) * (180 / Math.PI);
        if (dLon > 0 && Math.abs(dLon - expected) < 0.02 * expected && Math.abs(b.lat - a.lat) < 0.01) eastward++;
      }
      expect(first.length).toBeGreaterThan(1000);
      expect(elapsed).toBeGreaterThanOrEqual(2);
      expect(checked).toBeGreaterThan(after.particles.length / 2);
      expect(eastward).toBe(checked);
      // On the square of the grid (a few hundred metres of float32 either side of its edge), never beyond it.
      expect(after.particles.filter((p) => !inSquare(plane(p), 2_000))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('move in straight lines of the plane near the pole when the drift runs along its x axis', async () => {
    // East and north turn by up to tens of degrees between neighbouring cells here: the shader blends the cells'
    // drift in the plane's axes (0.1 m off the line a step; weighed in east/north instead, up to 5.2 m a step).
    const { context, page, errors } = await openPage(browser, 'particles', { field: 'polar-x', projection: 'globe', count: 4096 });
    try {
      await page.evaluate(() => window.particlesPage.loaded);
      await page.evaluate(() => { window.particlesPage.jumpTo({ center: [-45, 89.9], zoom: 3.5 }); });
      await firstParticles(page);
      const start = await snapshot(page);
      await waitForSteps(page, start.particles, 2);
      const after = await snapshot(page);
      const elapsed = after.steps - start.steps;
      const metresPerStep = 0.3 * 0.1 * BASE_STEP_SECONDS;
      const tracks = start.particles
        .map((a, k) => ({ a: plane(a), b: plane(after.particles[k]), lived: after.particles[k].age - a.age === elapsed }))
        .filter(({ a, lived }) => lived && Math.hypot(...a) > 30_000 && Math.hypot(...a) < 400_000);
      expect(elapsed).toBeGreaterThanOrEqual(2);
      expect(tracks.length).toBeGreaterThan(200);
      const swerves = tracks.map(({ a, b }) => Math.abs(b[1] - a[1]) / elapsed);
      const advances = tracks.map(({ a, b }) => (b[0] - a[0]) / (elapsed * metresPerStep));
      expect(swerves.filter((m) => m > 1)).toEqual([]);
      // The plane's scale within 400 km of the pole is 0.97–0.98 of the ground's (true at 70°N).
      expect(advances.filter((r) => r < 0.94 || r > 1.01)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('never places a particle where the field is NaN (the cells with x < 0)', async () => {
    const { context, page, errors } = await openPage(browser, 'particles', { field: 'polar-half', projection: 'globe' });
    try {
      await page.evaluate(() => window.particlesPage.loaded);
      await page.evaluate(() => { window.particlesPage.jumpTo({ center: [-45, 89.9], zoom: 1.5 }); });
      const now = await waitForSteps(page, await firstParticles(page), 3);
      expect(now.length).toBeGreaterThan(1000);
      const xs = now.map((p) => plane(p)[0]);
      // The first valid column starts at x = 0; the shader's float32 trigonometry may place a point ~1 km off.
      expect(xs.filter((x) => x < -2_000)).toEqual([]);
      expect(xs.filter((x) => x > 1_000_000).length).toBeGreaterThan(now.length / 4);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

it('switching the layer off removes every particle and switching it on brings them back', async () => {
  const { context, page, errors } = await openPage(browser, 'particles', { field: 'gyre', projection: 'globe' });
  try {
    await page.evaluate(() => window.particlesPage.loaded);
    await page.waitForTimeout(2000);
    const on = await litPixels(page, 'particles-switch-on', 640);
    expect(on.left + on.right).toBeGreaterThan(500);

    await page.evaluate(() => window.particlesPage.setVisible(false));
    await page.waitForTimeout(1000);
    const off = await litPixels(page, 'particles-switch-off', 640);
    expect(off.left + off.right).toBe(0);

    await page.evaluate(() => window.particlesPage.setVisible(true));
    await page.waitForTimeout(2000);
    const again = await litPixels(page, 'particles-switch-again', 640);
    expect(again.left + again.right).toBeGreaterThan(500);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

it('gives back every texture and framebuffer when added and removed many times', async () => {
  const { context, page, errors } = await openPage(browser, 'particles', { field: 'gyre', projection: 'mercator' });
  try {
    await page.evaluate(() => window.particlesPage.loaded);
    const resources = () => page.evaluate(() => window.particlesPage.gpuResources());
    /** Show the layer until it has stepped (all its resources exist), then remove it and let a frame pass. */
    async function addAndRemove() {
      await page.evaluate(() => window.particlesPage.setVisible(true));
      for (let attempt = 0; (await page.evaluate(() => window.particlesPage.stats().steps)) < 2; attempt++) {
        if (attempt > 80) throw new Error('the layer never stepped');
        await page.waitForTimeout(100);
      }
      const shown = (await resources())!;
      await page.evaluate(() => window.particlesPage.setVisible(false));
      // deck.gl finalizes a removed layer at its next update: wait for the counts to drop (or give up
      // after 5 s, and let the comparison below fail).
      for (let attempt = 0; attempt < 50; attempt++) {
        const now = (await resources())!;
        if (now.textures < shown.textures && now.framebuffers < shown.framebuffers) break;
        await page.waitForTimeout(100);
      }
      return shown;
    }
    // One round first: deck.gl and MapLibre make their own resources on their first frames.
    await addAndRemove();
    const before = (await resources())!;
    let shown = before;
    for (let round = 0; round < 12; round++) shown = await addAndRemove();
    const after = (await resources())!;
    console.log('luma.gl GPU resources: without the layer', before, 'with it', shown, 'after 12 add/remove rounds', after);
    // While shown the layer holds its state, trail, field, respawn and ramp textures and four framebuffers.
    expect(shown.textures).toBeGreaterThanOrEqual(before.textures + 7);
    expect(shown.framebuffers).toBeGreaterThanOrEqual(before.framebuffers + 4);
    expect(after).toEqual(before);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

it('keeps animating while the map pans and zooms, with no stale trails', async () => {
  const { context, page, errors } = await openPage(browser, 'particles', { field: 'gyre', projection: 'mercator' });
  try {
    await page.evaluate(() => window.particlesPage.loaded);
    await firstParticles(page);
    const start = await snapshot(page);
    // Pan and zoom every 100 ms for 1.5 s: the particles must keep stepping during the interaction.
    for (let k = 0; k < 15; k++) {
      await page.evaluate((k) => { window.particlesPage.jumpTo({ center: [90 + k * 0.4, 78 - k * 0.1], zoom: 4 + k * 0.05 }); }, k);
      await page.waitForTimeout(100);
    }
    const after = await snapshot(page);
    expect(after.steps - start.steps).toBeGreaterThanOrEqual(2);
    // Every particle moved (or, having drifted out of the new view, was reborn in it).
    const moved = after.particles.filter((p, k) => p.lon !== start.particles[k].lon || p.lat !== start.particles[k].lat).length;
    expect(moved).toBeGreaterThan(after.particles.length * 0.95);
    await page.waitForTimeout(500);
    const { left, right } = await litPixels(page, 'particles-after-pan', 640);
    expect(left + right).toBeGreaterThan(500);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

it('reports missing float render targets instead of drawing garbage', async () => {
  const { context, page } = await openPage(browser, 'particles', { field: 'gyre', projection: 'mercator' }, undefined, async (ctx) => {
    await hideFloatRenderTargets(ctx); // pretend this GPU has WebGL2 but not float framebuffers
  });
  try {
    await page.evaluate(() => window.particlesPage.loaded);
    await page.waitForTimeout(1500);
    const { unsupported } = await page.evaluate(() => window.particlesPage.stats());
    expect(unsupported).toMatch(/EXT_color_buffer_float/);
    const lit = await litPixels(page, 'particles-unsupported', 640);
    expect(lit.left + lit.right).toBe(0);
  } finally {
    await context.close();
  }
});
