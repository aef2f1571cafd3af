import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaryConfigs } from './eslint-boundaries.js';
import { importCyclesPlugin } from './eslint-import-cycles.js';
import { layersPlugin } from './eslint-layers.js';

const root = import.meta.dirname;

// Each feature's public face for other features (src/README.md): auth's hooks, the forecast map's index.
const featurePublic = {
  auth: ['(roles|session|use-current-user|use-sign-out)\\.ts$'],
  'forecast-map': ['index\\.ts$'],
  verification: ['verification-format\\.ts$'],
};
const features = readdirSync(`${root}/src/features`, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const featureRules = features.flatMap((from) =>
  features
    .filter((other) => other !== from)
    .map((other) => ({
      from: `src/features/${from}`,
      forbid: `src/features/${other}`,
      except: featurePublic[other] ?? [],
      message: `A feature uses another only through its public files (src/README.md); move what both need to a folder named for it.`,
    })),
);

// "Who may import what" of the folder READMEs (common/, src/, src/map/, workers/, server/).
const boundaries = boundaryConfigs(root, {
  rules: [
    ...['src', 'server', 'workers', 'netcdf', 'browser'].map((forbid) => ({
      from: 'common', forbid, message: 'common/ is used by the app, the workers and the server, and imports none of them.',
    })),
    ...['src', 'server', 'workers', 'browser'].map((forbid) => ({
      from: 'netcdf', forbid, message: 'netcdf/ is a library (the decode worker and the server read and write files with it): it imports only common/.',
    })),
    ...['src', 'server', 'workers', 'netcdf'].map((forbid) => ({
      from: 'browser', forbid,
      message: 'browser/ (the offline cache and the service worker) is used by the page and the decode worker, and imports none of them: only common/.',
    })),
    { from: 'server', forbid: 'browser', message: 'browser/ runs only in browsers (Cache Storage, the service worker): the server never imports it.' },
    ...['src', 'workers'].map((from) => ({
      from, forbid: 'browser/offline/service-worker.ts',
      message: 'The service worker runs on its own: the page registers it by URL (src/offline/register-service-worker.ts) and talks to it with browser/offline/messages.ts.',
    })),
    { from: 'src', forbid: 'netcdf', tests: false, message: 'The app reads NetCDF only through the decode worker (workers/forecast-client.ts).' },
    { from: 'src', forbid: 'netcdf', except: ['test/'], tests: 'only', message: 'App tests may use the NetCDF test files (netcdf/test/), nothing else of the library.' },
    { from: 'src', forbid: 'server', message: 'The app never imports the server: shared code lives in common/.' },
    {
      from: 'src', forbid: 'workers', except: ['forecast\\.api\\.ts$', 'forecast-client\\.ts$', 'forecast-worker-url\\.ts$', 'chart-client\\.ts$'], tests: false,
      message: 'The app uses the decode worker only through workers/forecast.api.ts (types), workers/forecast-client.ts and workers/forecast-worker-url.ts (its script, to prefetch), and the chart worker through workers/chart-client.ts; shared code lives in common/.',
    },
    {
      from: 'src', forbid: 'workers', except: ['forecast\\.api\\.ts$', 'forecast-client\\.ts$', 'forecast-service\\.ts$', 'chart-client\\.ts$', 'chart/chart-service\\.ts$'], tests: 'only',
      message: 'App tests may also run the real ForecastService (in process), on files from netcdf/test/.',
    },
    { from: 'src', forbid: 'src/testing', tests: false, message: 'src/testing/ is for *.test.ts(x) files only.' },
    ...['src', 'workers', 'server', 'common'].map((from) => ({
      from, forbid: 'common/testing', tests: false, exceptFrom: ['src/testing'],
      message: 'common/testing/ (the fetch fake) is for *.test.ts(x) files and the test helpers of src/testing/ only.',
    })),
    ...['src/features', 'src/map', 'src/components', 'src/api', 'src/loading', 'src/job-tracking', 'src/i18n'].flatMap((from) => [
      { from, forbid: 'src/routes', message: 'Only router.tsx and route files import route files.' },
      { from, forbid: 'src/router.tsx', message: 'Only main.tsx (and the test renderer) import the router.' },
    ]),
    ...['src/map', 'src/components', 'src/api', 'src/loading', 'src/job-tracking', 'src/i18n'].map((from) => ({
      from, forbid: 'src/features', except: from === 'src/components' ? ['auth/roles\\.ts$'] : [],
      message: 'Shared parts of the app never import a feature (src/README.md, src/map/README.md).',
    })),
    ...['src/components', 'src/map', 'src/features', 'src/loading', 'src/job-tracking', 'src/i18n', 'src/testing'].map((forbid) => ({
      from: 'src/api', forbid, tests: forbid === 'src/testing' ? false : undefined,
      message: 'src/api/ imports nothing from the app: it runs in the page and in workers.',
    })),
    ...featureRules,
    ...['src', 'server'].map((forbid) => ({ from: 'workers', forbid, message: 'Workers import neither the app nor the server.' })),
    { from: 'server', forbid: 'src', tests: false, message: 'The server never imports the app: shared code lives in common/.' },
    {
      from: 'server', forbid: 'src', except: ['api/'], tests: 'only',
      message: "Server tests may read the app's wire types (src/api/) to check them against the contract, nothing else of the app.",
    },
    {
      from: 'server', forbid: 'workers', tests: false,
      message: 'The server imports nothing of the workers (it reads and writes NetCDF with netcdf/); shared code lives in common/.',
    },
    {
      from: 'server', forbid: 'workers', except: ['forecast-service\\.ts$'], tests: 'only',
      message: 'Server tests may also run the real ForecastService on what the server serves (the subsets the worker reads).',
    },
    { from: 'server/src/plugins', forbid: 'server/src/routes', message: 'Plugins never import routes (server/README.md).' },
  ],
  packages: [
    { from: 'common', names: '^(node:|fs$|path$|url$|react|fastify|maplibre|@deck\\.gl|@luma\\.gl)', message: 'common/ runs everywhere: no Node, DOM-only or server packages.' },
    { from: 'browser', names: '^(node:|fs$|path$|url$|react|zustand|fastify|maplibre|@deck\\.gl|@luma\\.gl)', message: 'browser/ runs in workers (the decode worker, the service worker): no Node, React, stores or map packages.' },
    { from: 'src/api', names: '^react', message: 'src/api/ has no React: it runs in workers too.' },
    { from: 'src/map', names: '^(react|zustand)', message: 'src/map/ is free of React and of the stores.' },
    { from: 'server/src/db', names: '^(fastify|@fastify/)', message: 'server/src/db/ imports nothing from Fastify (usable from the CLI and workers).' },
  ],
});

// The server's folders, lowest first: a file imports only from its own layer or a lower one (eslint-layers.js;
// server/README.md says what each layer is for). A new folder gets a place here.
export const SERVER_LAYERS = [
  ['http-error.ts', 'startup-task.ts'],
  ['auth'],
  ['db'],
  ['disk'],
  ['threads'],
  ['grid'],
  ['models'],
  ['archive'],
  ['subsets'],
  ['ingest'],
  ['icecharts'],
  ['verification'],
  ['cycle'],
  ['metrics'],
  ['backup'],
  ['config.ts'],
  ['model-generation'],
  ['jobs'],
  ['plugins'],
  ['routes'],
  ['cli'],
  ['app.ts', 'fastify-types.ts', 'startup.ts', 'server.ts', 'job-worker.ts', 'shutdown.ts', 'database-wait.ts'],
];

/** MapLibre's camera and style calls, which return the map for chaining. */
const MAP_CAMERA_CALLS = 'jumpTo|easeTo|flyTo|fitBounds|setProjection|setZoom|setCenter|panBy|panTo|zoomTo|setStyle|resize|triggerRepaint|setBearing|setPitch';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'bench/out', 'tests/e2e/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...boundaries,
  {
    // No import cycle in the source trees (type-only imports included): eslint-import-cycles.js.
    files: ['{src,server/src,workers,common,netcdf,browser}/**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-cycles': importCyclesPlugin(root) },
    rules: { 'import-cycles/no-cycle': 'error' },
  },
  {
    // The house's size limits in the source trees: a file over 400 lines or a function over 120 does more than one
    // thing. Tests are left out (a describe block grows with its cases); so is the NetCDF-3 writer's one encoder,
    // which lays a file's bytes out in the order the format defines (netcdf/README.md).
    files: ['{src,server/src,workers,common,netcdf,browser}/**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'netcdf/nc3/writer.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Playwright serialises what a page function returns: an arrow whose body is a camera call returns the MapLibre
    // map itself, whose typed arrays (tiles, buffers) took ~14 s of the browser's and Node's CPU per call to encode.
    files: ['tests/e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `ArrowFunctionExpression > CallExpression.body[callee.property.name=/^(${MAP_CAMERA_CALLS})$/]`,
          message: 'This returns the map, which page.evaluate would serialise whole: give the arrow a block body.',
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.{ts,js,mjs}'],
    plugins: { layers: layersPlugin(root) },
    rules: { 'layers/no-climb': ['error', { base: 'server/src', layers: SERVER_LAYERS }] },
  },
);
