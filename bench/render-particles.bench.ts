/**
 * Drift particles: our GPU layer (MapLibre + MapLibreOverlay, bench/pages/particles.html) against
 * leaflet-velocity (the current tool's Canvas 2D layer, bench/pages/leaflet-velocity.html), same synthetic
 * forecast-sized field (1301 × 480 cells, a gyre with NaN islands), same view (78°N 90°E, MapLibre zoom 4 =
 * Leaflet zoom 5), same 1280 × 800 viewport, in one headless Chromium (software WebGL2).
 *
 * Timed part: a window of WINDOW_MS after a warm-up, with both animations unthrottled (one step per
 * frame, as fast as the page can go): frame time = window / steps; main-thread JavaScript per frame =
 * the CDP `ScriptDuration` delta / steps (TaskDuration alike, all main-thread work). Rounds alternate peer
 * and ours so load on the shared machine hits both; figures are the median and the spread (min–max).
 * Then the largest count whose frame time stays within 5 % of the peer's (one run per count), and, at the
 * real pace (15 steps/s for both), main-thread JS per frame at the default counts.
 *
 * Run: npm run bench:render (or npx tsx bench/render-particles.bench.ts). Results: stdout and
 * bench/out/render-particles.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, repoRoot } from '../tests/e2e/harness.ts';
import { defaultParticleCount } from '../src/map/layers/particle-layer/particle-count.ts';
import { openPage } from './render-particles-pages.ts';

const WIDTH = 1280;
const HEIGHT = 800;
const WINDOW_MS = Number(process.env.WINDOW_MS ?? 8000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** leaflet-velocity's own default: width × height × particleMultiplier (1/300). */
const PEER_DEFAULT_COUNT = Math.round((WIDTH * HEIGHT) / 300);
const OUR_DEFAULT_COUNT = defaultParticleCount(WIDTH, HEIGHT);
const SWEEP = [100_000, 250_000, 500_000, 1_000_000];
/** "As fast as it can": both step on every frame (requestAnimationFrame caps them at the display rate). */
const UNTHROTTLED = 1000;
/** "Keeps the peer's frame time": within 5 % of its median (the rounds' own spread is wider on this machine). */
const FRAME_TOLERANCE = 1.05;

interface Sample {
  steps: number;
  frameMs: number;
  /** All main-thread JavaScript (CDP ScriptDuration), per frame. */
  jsMsPerFrame: number;
  /** All main-thread work (CDP TaskDuration), per frame. */
  taskMsPerFrame: number;
  /** Ours only: the particle layer's own draw() (all its passes, JS side), per frame. */
  layerMsPerFrame: number;
}

type Subject = { kind: 'peer'; count: number; rate: number } | { kind: 'ours'; count: number; rate: number };

async function metrics(page: Page, cdp: Awaited<ReturnType<ReturnType<Page['context']>['newCDPSession']>>) {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const get = (name: string) => list.find((m) => m.name === name)?.value ?? 0;
  const { steps, drawMs } = await page.evaluate(() => {
    const w = window as Partial<Window>;
    return w.particlesPage ? w.particlesPage.stats() : { ...w.leafletVelocityPage!.stats(), drawMs: 0 };
  });
  return { script: get('ScriptDuration'), task: get('TaskDuration'), steps, drawMs, at: performance.now() };
}

async function measure(browser: Browser, subject: Subject): Promise<Sample> {
  const { context, page, errors } =
    subject.kind === 'peer'
      ? await openPage(browser, 'leaflet-velocity', { count: subject.count, fps: subject.rate }, { width: WIDTH, height: HEIGHT })
      : await openPage(
          browser,
          'particles',
          { field: 'gyre', projection: 'mercator', count: subject.count, sps: subject.rate },
          { width: WIDTH, height: HEIGHT },
        );
  try {
    await page.evaluate(() => {
      const w = window as Partial<Window>;
      return w.particlesPage ? w.particlesPage.loaded : w.leafletVelocityPage!.ready;
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    // Warm-up: until the animation has made a few steps (leaflet-velocity first interpolates its field).
    const deadline = Date.now() + 60_000;
    while ((await metrics(page, cdp)).steps < 5) {
      if (Date.now() > deadline) throw new Error(`${subject.kind} never started: ${errors.join('; ')}`);
      await page.waitForTimeout(200);
    }
    await page.waitForTimeout(1000);
    const start = await metrics(page, cdp);
    await page.waitForTimeout(WINDOW_MS);
    const end = await metrics(page, cdp);
    const steps = end.steps - start.steps;
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    return {
      steps,
      frameMs: (end.at - start.at) / Math.max(1, steps),
      jsMsPerFrame: ((end.script - start.script) * 1000) / Math.max(1, steps),
      taskMsPerFrame: ((end.task - start.task) * 1000) / Math.max(1, steps),
      layerMsPerFrame: (end.drawMs - start.drawMs) / Math.max(1, steps),
    };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

interface Summary {
  label: string;
  count: number;
  frameMs: number;
  frameSpread: [number, number];
  jsMsPerFrame: number;
  jsSpread: [number, number];
  taskMsPerFrame: number;
  layerMsPerFrame: number;
}

function summarise(label: string, count: number, samples: Sample[]): Summary {
  const frames = samples.map((s) => s.frameMs);
  const js = samples.map((s) => s.jsMsPerFrame);
  return {
    label,
    count,
    frameMs: median(frames),
    frameSpread: [Math.min(...frames), Math.max(...frames)],
    jsMsPerFrame: median(js),
    jsSpread: [Math.min(...js), Math.max(...js)],
    taskMsPerFrame: median(samples.map((s) => s.taskMsPerFrame)),
    layerMsPerFrame: median(samples.map((s) => s.layerMsPerFrame)),
  };
}

function row(s: Summary): string {
  const f = (x: number) => x.toFixed(1);
  const g = (x: number) => x.toFixed(2);
  return `| ${s.label} | ${s.count} | ${f(s.frameMs)} (${f(s.frameSpread[0])}–${f(s.frameSpread[1])}) | ${g(s.jsMsPerFrame)} (${g(s.jsSpread[0])}–${g(s.jsSpread[1])}) | ${g(s.taskMsPerFrame)} | ${s.label.startsWith('leaflet') ? '–' : g(s.layerMsPerFrame)} |`;
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'bench/render-particles.vite.config.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  const browser = await launchBrowser();
  try {
    const peer: Sample[] = [];
    const oursEqual: Sample[] = [];
    const oursDefault: Sample[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      peer.push(await measure(browser, { kind: 'peer', count: PEER_DEFAULT_COUNT, rate: UNTHROTTLED }));
      oursEqual.push(await measure(browser, { kind: 'ours', count: PEER_DEFAULT_COUNT, rate: UNTHROTTLED }));
      oursDefault.push(await measure(browser, { kind: 'ours', count: OUR_DEFAULT_COUNT, rate: UNTHROTTLED }));
      console.log(`round ${round + 1}/${ROUNDS}:`, { peer: peer.at(-1), oursEqual: oursEqual.at(-1), oursDefault: oursDefault.at(-1) });
    }
    const summaries = [
      summarise('leaflet-velocity, its default count', PEER_DEFAULT_COUNT, peer),
      summarise('particle layer, same count', PEER_DEFAULT_COUNT, oursEqual),
      summarise('particle layer, default count (10×)', OUR_DEFAULT_COUNT, oursDefault),
    ];
    const peerFrame = summaries[0].frameMs;

    // The largest count whose frame time stays within the peer's (one run each, stop at the first miss).
    const sweep: Summary[] = [];
    let largestWithin = summaries[2].frameMs <= peerFrame * FRAME_TOLERANCE ? OUR_DEFAULT_COUNT : 0;
    for (const count of SWEEP) {
      const s = summarise('particle layer, sweep', count, [await measure(browser, { kind: 'ours', count, rate: UNTHROTTLED })]);
      sweep.push(s);
      console.log(row(s));
      if (s.frameMs > peerFrame * FRAME_TOLERANCE) break;
      largestWithin = count;
    }

    // The real pace: 15 steps per second for both, default counts.
    const pacedPeer = summarise('leaflet-velocity at 15 steps/s', PEER_DEFAULT_COUNT, [
      await measure(browser, { kind: 'peer', count: PEER_DEFAULT_COUNT, rate: 15 }),
    ]);
    const pacedOurs = summarise('particle layer at 15 steps/s', OUR_DEFAULT_COUNT, [
      await measure(browser, { kind: 'ours', count: OUR_DEFAULT_COUNT, rate: 15 }),
    ]);

    const header =
      '| subject | particles | frame ms, median (min–max) | main-thread JS ms/frame (min–max) | all main-thread ms/frame | of which the layer\'s draw, ms |\n|---|---|---|---|---|---|';
    const table = [header, ...[...summaries, ...sweep, pacedPeer, pacedOurs].map(row)].join('\n');
    const ratios = {
      frameTimeOursEqualOverPeer: summaries[1].frameMs / peerFrame,
      frameTimeOurs10xOverPeer: summaries[2].frameMs / peerFrame,
      jsOursEqualOverPeer: summaries[1].jsMsPerFrame / summaries[0].jsMsPerFrame,
      jsOurs10xOverPeer: summaries[2].jsMsPerFrame / summaries[0].jsMsPerFrame,
      layerDrawMsPerFrameAt10x: summaries[2].layerMsPerFrame,
      largestCountWithinPeerFrameTime: largestWithin,
      largestCountOverPeerDefault: largestWithin / PEER_DEFAULT_COUNT,
    };
    console.log(`\n${table}\n`);
    console.log(ratios);
    mkdirSync(join(repoRoot, 'bench/out'), { recursive: true });
    writeFileSync(
      join(repoRoot, 'bench/out/render-particles.json'),
      JSON.stringify({ windowMs: WINDOW_MS, rounds: ROUNDS, summaries, sweep, paced: [pacedPeer, pacedOurs], ratios }, null, 2),
    );
  } finally {
    await browser.close();
  }
}

await main();
