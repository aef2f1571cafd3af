/**
 * Vitest global setup of the journeys: once per run, the demo archive (demo-template.ts) and the one API server
 * that the journey files share (journey.ts `useJourney` without server options). Files read them with
 * `inject('e2eTemplate')` / `inject('e2eShared')`; both are removed after the last file.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildDemoTemplate } from './demo-template.ts';
import { startServer } from './harness.ts';

/** What a journey file needs of the shared server (it runs in this process; files run in a worker). */
export interface SharedServerInfo {
  url: string;
  dataDir: string;
  /** Everything the shared server printed so far is appended here. */
  logFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo archive's folder: copy it for a server of a file's own. */
    e2eTemplate: string;
    e2eShared: SharedServerInfo;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let started = performance.now();
  const template = await buildDemoTemplate();
  console.log(`journeys: demo archive built once in ${((performance.now() - started) / 1000).toFixed(1)} s (${template})`);
  started = performance.now();
  const logFile = join(tmpdir(), `ice-e2e-shared-${process.pid}.log`);
  const shared = await startServer({ template, logFile });
  console.log(`journeys: shared server ready in ${((performance.now() - started) / 1000).toFixed(1)} s at ${shared.url} (log ${logFile})`);
  project.provide('e2eTemplate', template);
  project.provide('e2eShared', { url: shared.url, dataDir: shared.dataDir, logFile });
  return async () => {
    await shared.stop();
    rmSync(template, { recursive: true, force: true });
    rmSync(logFile, { force: true });
  };
}
