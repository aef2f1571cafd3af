/**
 * The lint rules that keep the house's shape: a new import cycle fails `npm run lint`, and so does an import the
 * folder READMEs forbid. Each case lints files as a developer would write them and expects the error they would see.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { importCycles, importCyclesPlugin } from './eslint-import-cycles.js';

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
