/**
 * The lint rules that keep the house's shape: a new import cycle fails `npm run lint`, and so does an import the
 * folder READMEs forbid. Each case lints files as a developer would write them and expects the error they would see.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { importCycles, importCyclesPlugin } from './eslint-import-cycles.js';
import { layersPlugin } from './eslint-layers.js';
import { SERVER_LAYERS } from './eslint.config.js';

const root = import.meta.dirname;
const made: string[] = [];

/** A throw-away tree with these files (path → text). */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
  made.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('import cycles', () => {
  it('finds a cycle of values, of types and through a re-export, and names its files', () => {
    const dir = tree({
      'server/src/db/users.ts': "import { revoke } from './sessions.ts';\nexport const user = () => revoke;\n",
      'server/src/db/sessions.ts': "import { user } from './users.ts';\nexport const revoke = () => user;\n",
      'src/store/store.ts': "import { createA } from '../tools/a-slice.ts';\nexport type State = ReturnType<typeof createA>;\n",
      'src/tools/a-slice.ts': "import type { State } from '../store/store.ts';\nexport const createA = (s: State) => s;\n",
      'common/x.ts': "export * from './y';\n",
      'common/y.ts': "export { x } from './x.ts';\n",
      'workers/alone.ts': "import { user } from '../server/src/db/users.ts';\nexport const a = user;\n",
    });
    expect(importCycles(dir).cycles).toEqual([
      ['common/x.ts', 'common/y.ts'],
      ['server/src/db/sessions.ts', 'server/src/db/users.ts'],
      ['src/store/store.ts', 'src/tools/a-slice.ts'],
    ]);
  });

  it('finds none in a tree whose shared part has a module of its own', () => {
    const dir = tree({
      'server/src/db/user-rows.ts': 'export const toUser = (row: number) => row;\n',
      'server/src/db/users.ts': "import { toUser } from './user-rows.ts';\nimport { revoke } from './sessions.ts';\nexport const user = () => [toUser(1), revoke];\n",
      'server/src/db/sessions.ts': "import { toUser } from './user-rows.ts';\nexport const revoke = () => toUser(2);\n",
    });
    expect(importCycles(dir).cycles).toEqual([]);
  });

  it('fails lint on the imports that close the cycle, and only on those', async () => {
    const dir = tree({
      'src/a.ts': "import { b } from './b.ts';\nimport { c } from './c.ts';\nexport const a = () => [b, c];\n",
      'src/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      'src/c.ts': 'export const c = 1;\n',
    });
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        { files: ['src/**/*.ts'], plugins: { 'import-cycles': importCyclesPlugin(dir) }, rules: { 'import-cycles/no-cycle': 'error' } },
      ],
    });
    const results = await eslint.lintFiles(['src']);
    const errors = results.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)}:${m.line} ${m.message}`));
    expect(errors).toEqual([
      'a.ts:1 Import cycle: src/a.ts, src/b.ts. Move what both sides need to a module of its own.',
      'b.ts:1 Import cycle: src/a.ts, src/b.ts. Move what both sides need to a module of its own.',
    ]);
  });

  it('the tree itself has none (what `npm run lint` checks)', () => {
    expect(importCycles(root).cycles).toEqual([]);
  });
});

describe('boundary rules', () => {
  const lint = async (filePath: string, code: string) => {
    const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, filePath) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };

  it('refuse an import the folder READMEs forbid', async () => {
    expect(await lint('common/probe.ts', "import { x } from '../src/main.tsx';\nexport const y = x;\n")).toEqual([
      "'../src/main.tsx' import is restricted from being used by a pattern. common/ is used by the app, the workers and the server, and imports none of them.",
    ]);
    expect(await lint('src/map/probe.ts', "import { x } from '../features/auth/session.ts';\nexport const y = x;\n")).toHaveLength(1);
  });

  it('keep netcdf/ a library: the server and the workers use it, it uses neither, the app reaches it only through the worker', async () => {
    expect(await lint('netcdf/probe.ts', "import { x } from '../workers/forecast.api.ts';\nexport const y = x;\n")).toHaveLength(1);
    expect(await lint('src/probe.ts', "import { openNetcdf } from '../netcdf/open-netcdf.ts';\nexport const y = openNetcdf;\n")).toHaveLength(1);
    expect(await lint('server/src/probe.ts', "import { x } from '../../workers/forecast-service.ts';\nexport const y = x;\n")).toHaveLength(1);
  });

  it('keep browser/ to the page and the decode worker: it imports neither, the server never reaches it, nobody imports the service worker', async () => {
    expect(await lint('browser/offline/probe.ts', "import { x } from '../../src/offline/connection-state.ts';\nexport const y = x;\n")).toEqual([
      "'../../src/offline/connection-state.ts' import is restricted from being used by a pattern. browser/ (the offline cache and the service worker) is used by the page and the decode worker, and imports none of them: only common/.",
    ]);
    expect(await lint('server/src/probe.ts', "import { FORECAST_CACHE } from '../../browser/offline/forecast-cache.ts';\nexport const y = FORECAST_CACHE;\n")).toHaveLength(1);
    expect(await lint('src/offline/probe.ts', "import '../../browser/offline/service-worker.ts';\nexport const y = 1;\n")).toHaveLength(1);
    expect(await lint('browser/offline/probe.ts', "import { create } from 'zustand';\nexport const y = create;\n")).toHaveLength(1);
  });

  it('allow the imports they permit', async () => {
    expect(await lint('server/src/probe.ts', "import { x } from '../../common/regular-grid.ts';\nexport const y = x;\n")).toEqual([]);
    expect(await lint('server/src/probe.ts', "import { openNetcdf } from '../../netcdf/open-netcdf.ts';\nexport const y = openNetcdf;\n")).toEqual([]);
    expect(await lint('workers/probe.ts', "import { openNetcdf } from '../netcdf/open-netcdf.ts';\nexport const y = openNetcdf;\n")).toEqual([]);
    expect(await lint('workers/forecast/probe.ts', "import { FORECAST_CACHE } from '../../browser/offline/forecast-cache.ts';\nexport const y = FORECAST_CACHE;\n")).toEqual([]);
    expect(await lint('src/offline/probe.ts', "import { KEEP_MESSAGE } from '../../browser/offline/messages.ts';\nexport const y = KEEP_MESSAGE;\n")).toEqual([]);
  });
});


describe('server layers', () => {
  const layers = [['http-error.ts'], ['db'], ['archive'], ['jobs'], ['app.ts']];
  const lintTree = async (files: Record<string, string>) => {
    const dir = tree(files);
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        { files: ['server/src/**/*.ts'], plugins: { layers: layersPlugin(dir) }, rules: { 'layers/no-climb': ['error', { base: 'server/src', layers }] } },
      ],
    });
    const results = await eslint.lintFiles(['server/src']);
    return results.flatMap((r) => r.messages.map((m) => `${path.relative(dir, r.filePath)}:${m.line} ${m.message}`));
  };
  const climb = (target: string, to: string, file: string, from: string) =>
    `${target} (${to}) stands above ${file} (${from}): a lower folder never imports a higher one. Move what both need down, or pass it in.`;

  it('fails lint on an import that climbs, type-only and re-exports too, and names both layers', async () => {
    const errors = await lintTree({
      'server/src/archive/demo.ts': "import { runInWorker } from '../jobs/run.ts';\nimport type { Job } from '../jobs/job.ts';\nexport const demo = (j: Job) => runInWorker(j);\n",
      'server/src/archive/index.ts': "export { demo } from './demo.ts';\nexport * from '../app.ts';\n",
      'server/src/jobs/run.ts': "import { demo } from '../archive/index.ts';\nexport const runInWorker = (x: unknown) => [x, demo];\n",
      'server/src/jobs/job.ts': 'export type Job = { id: number };\n',
      'server/src/app.ts': "import { runInWorker } from './jobs/run.ts';\nexport const app = runInWorker;\n",
    });
    expect(errors).toEqual([
      `server/src/archive/demo.ts:1 ${climb('server/src/jobs/run.ts', 'jobs', 'server/src/archive/demo.ts', 'archive')}`,
      `server/src/archive/demo.ts:2 ${climb('server/src/jobs/job.ts', 'jobs', 'server/src/archive/demo.ts', 'archive')}`,
      `server/src/archive/index.ts:2 ${climb('server/src/app.ts', 'app.ts', 'server/src/archive/index.ts', 'archive')}`,
    ]);
  });

  it('passes imports downward and within a folder, and asks a new folder for its place', async () => {
    const errors = await lintTree({
      'server/src/http-error.ts': 'export class HttpError extends Error {}\n',
      'server/src/db/users.ts': "import { HttpError } from '../http-error.ts';\nexport const users = HttpError;\n",
      'server/src/archive/files/store.ts': "import { users } from '../../db/users.ts';\nimport { index } from '../index.ts';\nexport const store = [users, index];\n",
      'server/src/archive/index.ts': 'export const index = 1;\n',
      'server/src/icecharts/charts.ts': "import { users } from '../db/users.ts';\nexport const charts = users;\n",
    });
    expect(errors).toEqual([
      'server/src/icecharts/charts.ts:1 server/src/icecharts/charts.ts lies in no layer of server/src: give its folder a place in the layer list (eslint.config.js).',
    ]);
  });

  it('the server itself places every folder and file of server/src/ in the list', () => {
    const placed = new Set(SERVER_LAYERS.flat());
    const unplaced = readdirSync(path.join(root, 'server/src'), { withFileTypes: true })
      .filter((e) => e.isDirectory() || (/\.(ts|mjs|js)$/.test(e.name) && !e.name.endsWith('.d.ts')))
      .map((e) => e.name)
      .filter((name) => !placed.has(name));
    expect(unplaced).toEqual([]);
  });
});
