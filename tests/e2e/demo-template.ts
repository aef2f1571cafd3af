/**
 * The run's demo archive, built once: a server on a fresh DATA_DIR builds its demo days, model metrics and
 * verification records (about half a minute of both cores on a quiet machine), then stops. Every journey server
 * starts on a copy of that folder (harness.ts `template`) and finds it all in place, ready in seconds, instead of
 * each building the same archive again.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts, sessionCookies, startServer } from './harness.ts';

/** The demo days every journey server has (two: a past date with its +24 h analysis, and today). */
export const TEMPLATE_DEMO_DAYS = '2';
/** The seeded models whose verification records the template waits for. */
const SEEDED_MODELS = ['model_1', 'model_2', 'model_3'];
/** How long the records may take after the server is ready (ms); on a loaded two-core machine about 10 s. */
const RECORDS_TIMEOUT_MS = 180_000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Wait until the background verification after the demo build has scored each seeded model's past date at
 * +24 h (what verification.e2e.ts reads), so that a copy does not redo it.
 */
async function waitForVerification(baseUrl: string, output: () => string): Promise<void> {
  const cookie = (await sessionCookies(baseUrl, demoAccounts.user)).map(({ name, value }) => `${name}=${value}`).join('; ');
  const get = async <T>(path: string): Promise<T> => {
    const reply = await fetch(`${baseUrl}/api/v1/${path}`, { headers: { cookie } });
    if (!reply.ok) throw new Error(`GET ${path}: ${reply.status}`);
    return (await reply.json()) as T;
  };
  const dates = (await get<{ available_dates: string[] }>('forecast/info')).available_dates;
  const analyses = new Set((await get<{ available_dates: string[] }>('analysis/info')).available_dates);
  const past = dates.filter((date) => analyses.has(addDays(date, 1))).at(-1);
  if (!past) throw new Error(`demo template: no forecast date with a +24 h analysis (${dates.join(', ')})`);
  const deadline = Date.now() + RECORDS_TIMEOUT_MS;
  for (const model of SEEDED_MODELS) {
    for (;;) {
      const { rows } = await get<{ rows: Array<{ date: string; lead_hours: number }> }>(`verification?model_id=${model}&from=${past}&to=${past}`);
      if (rows.some((row) => row.date === past && row.lead_hours === 24)) break;
      if (Date.now() > deadline) throw new Error(`demo template: no verification record of ${model} for ${past}:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Remove what a running server adds after its start, so that each copy starts as a freshly built archive does:
 * the compressed copies of the newest forecasts (made in the background after the build; a copy's server makes
 * its own), subsets and previews (`.parts/`), and temporaries.
 */
function keepOnlyTheArchive(dataDir: string): void {
  for (const name of readdirSync(dataDir, { recursive: true }) as string[]) {
    if (/\.nc\.(br|gz)$|\.nc\.parts$/.test(name)) rmSync(join(dataDir, name), { recursive: true, force: true });
  }
  rmSync(join(dataDir, 'tmp'), { recursive: true, force: true });
}

/** Build the template in a fresh temporary folder and return it (the caller removes it). */
export async function buildDemoTemplate(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ice-e2e-template-'));
  try {
    const server = await startServer({ dataDir, env: { DEMO_DAYS: TEMPLATE_DEMO_DAYS } });
    try {
      await waitForVerification(server.url, server.output);
    } finally {
      await server.stop();
    }
    keepOnlyTheArchive(dataDir);
    return dataDir;
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
