/**
 * One timed model run in a process of its own, so its peak RSS is the run's: `tsx bench/onnx-run.ts MODEL HISTORY
 * THREADS` where MODEL is a .onnx path (a U-Net taking 4 variables × HISTORY days) or `advection` (the built-in
 * free-drift advection, the peer). Prints one JSON line: {ms, maxRssMB}. Set-up (the demo analysis, loading the
 * network) is outside the timed part.
 */
import { SECTOR_GRID, LEAD_HOURS } from '../server/src/grid/grid.ts';
import { demoAnalysis } from '../server/src/archive/demo-analysis.ts';
import { runModelType } from '../server/src/models/index.ts';
import { runNetwork } from '../server/src/models/onnx/run-onnx.ts';
import { openSession } from '../server/src/models/onnx/session.ts';
import type { OnnxSpec } from '../server/src/models/onnx/spec.ts';

const [model, historyText, threads] = process.argv.slice(2);
const history = Number(historyText);
process.env.ONNX_THREADS = threads;

const start = demoAnalysis('2026-11-20', SECTOR_GRID);
let ms: number;
if (model === 'advection') {
  const t0 = performance.now();
  runModelType('free_drift_advection', start, {}, { leadHours: LEAD_HOURS });
  ms = performance.now() - t0;
} else {
  const variables = ['thickness', 'concentration', 'u', 'v'] as const;
  const spec: OnnxSpec = {
    input: { variables: [...variables], history_days: history, mean: [1, 0.5, 0, 0], std: [1, 0.5, 0.1, 0.1], fill: 0 },
    output: { variables: ['concentration', 'thickness', 'speed'].slice(0, 1) as OnnxSpec['output']['variables'], mean: [0], std: [1] },
  };
  const session = await openSession(model);
  // The same analysis for every history day: the run's cost does not depend on the values.
  const days = Array.from({ length: history }, () => start);
  const t0 = performance.now();
  await runNetwork(session, spec, days, LEAD_HOURS);
  ms = performance.now() - t0;
}
console.log(JSON.stringify({ ms, maxRssMB: process.resourceUsage().maxRSS / 1024 }));
