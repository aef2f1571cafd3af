/**
 * Server configuration from the environment, validated once at start.
 * To add a key: add one line to `fields` below (environment name, what it is for, parser, default).
 * The `Config` type follows from the table, so nothing else needs to change.
 */
import { resolve } from 'node:path';
import { parseAnalysisSource, type AnalysisSourceConfig } from './ingest/products.ts';
import { parseCycleRegions, parseCycleSchedule, parseTimeOfDay } from './cycle/schedule.ts';
import type { RegionId } from '../../common/regions/index.ts';
import { parseChartSource, type ChartSourceConfig } from './icecharts/chart-inbox.ts';
import { DEFAULT_METRICS_ALLOW, parseAllowList } from './metrics/allow-list.ts';

/** The repository root (server/src/ is two levels down); dist/ lives here. */
export const repoRoot = resolve(import.meta.dirname, '../..');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A parser turns the raw string into a value or throws an Error whose message says what is expected. */
type Parser<T> = (raw: string) => T;

interface Field<T> {
  env: string;
  doc: string;
  parse: Parser<T>;
  /** Used when the variable is unset or empty. */
  fallback: T | (() => T);
}

function field<T>(env: string, doc: string, parse: Parser<T>, fallback: T | (() => T)): Field<T> {
  return { env, doc, parse, fallback };
}

const integer =
  (min: number, max: number): Parser<number> =>
  (raw) => {
    if (!/^\d+$/.test(raw)) throw new Error(`expected a whole number from ${min} to ${max}`);
    const value = Number(raw);
    if (value < min || value > max) throw new Error(`expected a whole number from ${min} to ${max}`);
    return value;
  };

const text: Parser<string> = (raw) => raw;

const path: Parser<string> = (raw) => resolve(raw);

/**
 * A PostgreSQL connection URL, so several API servers share one database; unset means the embedded SQLite
 * database in DATA_DIR.
 */
const postgresUrl: Parser<string | null> = (raw) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('expected a URL such as postgres://user:password@host:5432/database');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new Error('expected a postgres:// or postgresql:// URL');
  return raw;
};

const boolean: Parser<boolean> = (raw) => {
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new Error('expected 1/0, true/false, yes/no or on/off');
};

const oneOf =
  <T extends string>(...values: T[]): Parser<T> =>
  (raw) => {
    if (!(values as string[]).includes(raw)) throw new Error(`expected one of ${values.join(', ')}`);
    return raw as T;
  };

const durationUnits: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Seconds, written as `3600`, `90s`, `30m`, `12h` or `7d`. */
const durationSeconds: Parser<number> = (raw) => {
  const match = /^(\d+)\s*([smhd]?)$/.exec(raw.trim());
  const seconds = match ? Number(match[1]) * durationUnits[match[2] || 's'] : NaN;
  if (!Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new Error('expected a positive duration in seconds, or with a unit: 90s, 30m, 12h, 7d');
  }
  return seconds;
};

const sizeUnits: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** Bytes, written as `1073741824`, or with a binary unit: `500M`, `1G`, `1.5GB`, `0` (no reserve). */
const sizeBytes: Parser<number> = (raw) => {
  const match = /^(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?$/i.exec(raw.trim());
  const bytes = match ? Math.round(Number(match[1]) * sizeUnits[match[2].toLowerCase()]) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new Error('expected bytes, or a size with a unit: 500M, 1G, 2T');
  return bytes;
};

/** The daily cycle's schedule for a real ANALYSIS_SOURCE unless CYCLE_SCHEDULE says otherwise. */
const DEFAULT_REAL_SCHEDULE = '30 6 * * *';

/** HMAC keys shorter than this are guessable; a generated one is 64 bytes. */
const MIN_SECRET_LENGTH = 16;
const secret: Parser<string | undefined> = (raw) => {
  if (raw.length < MIN_SECRET_LENGTH) throw new Error(`expected at least ${MIN_SECRET_LENGTH} characters`);
  return raw;
};

const fields = {
  port: field('PORT', 'TCP port to listen on', integer(0, 65535), 8080),
  host: field('HOST', 'address to listen on', text, '127.0.0.1'),
  dataDir: field('DATA_DIR', 'folder for the database, the secret and generated files', path, () => resolve('data')),
  databaseUrl: field<string | null>(
    'DATABASE_URL',
    'PostgreSQL to keep accounts, sessions, jobs and the file index in (postgres://…); unset: SQLite in DATA_DIR/app.db',
    postgresUrl,
    null,
  ),
  secret: field<string | undefined>(
    'SECRET',
    'key that signs the session cookie; generated into DATA_DIR/secret when unset',
    secret,
    undefined,
  ),
  demo: field('DEMO', 'seed the demo accounts and demo data (npm start turns it on)', boolean, false),
  jwtExpiresS: field('JWT_EXPIRES', 'session lifetime: seconds or 30m, 12h, 7d', durationSeconds, 7 * 86400),
  demoDays: field('DEMO_DAYS', 'days of demo forecasts to generate', integer(1, 366), 7),
  // A day of the whole Arctic is ~3.5× the sector's cells and bytes: fewer of them (npm start builds 1; 0: none).
  demoArcticDays: field('DEMO_ARCTIC_DAYS', 'days of demo forecasts to generate for region arctic (the newest ones)', integer(0, 366), 0),
  logLevel: field(
    'LOG_LEVEL',
    'pino log level',
    oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    'info',
  ),
  trustProxy: field('TRUST_PROXY', 'trust X-Forwarded-* headers (behind a reverse proxy)', boolean, false),
  tileOrigins: field('TILE_ORIGINS', 'extra base-map tile origins the CSP allows, comma-separated', text, ''),
  distDir: field('DIST_DIR', 'the built single-page app to serve', path, () => resolve(repoRoot, 'dist')),
  // Model generation: `template` works offline; `llm` calls an OpenAI-compatible chat-completions API.
  modelGenerator: field(
    'MODEL_GENERATOR',
    'how /models/generate turns a request into a model: template or llm',
    oneOf('template', 'llm'),
    'template',
  ),
  llmBaseUrl: field('LLM_BASE_URL', 'OpenAI-compatible API root for MODEL_GENERATOR=llm, e.g. https://host/v1', text, ''),
  llmApiKey: field('LLM_API_KEY', 'bearer key for LLM_BASE_URL (empty: none sent)', text, ''),
  llmModel: field('LLM_MODEL', 'model name sent to LLM_BASE_URL', text, 'gpt-4o-mini'),
  // Real data: where analyses come from, and the largest file the import endpoints take.
  analysisSource: field<AnalysisSourceConfig>(
    'ANALYSIS_SOURCE',
    'where analyses come from: demo, dir:PATH (an inbox folder) or a product list JSON file (server/src/ingest/README.md)',
    parseAnalysisSource,
    { kind: 'demo' },
  ),
  chartSource: field<ChartSourceConfig>(
    'CHART_SOURCE',
    "where the daily cycle takes ice charts from: dir:PATH (an inbox folder of zipped SIGRID-3 sets or .imz, named as the services name them) or off",
    parseChartSource,
    null,
  ),
  // Slow links: a switch should find its subset made, not wait seconds for brotli 11 (subsets/subset-warmer.ts).
  subsetWarm: field(
    'SUBSET_WARM',
    "after a forecast file's first subset is asked for, make its others in the background (brotli 11, about 45 s of one core per file, once)",
    boolean,
    true,
  ),
  importMaxBytes: field('IMPORT_MAX_BYTES', 'largest file /analysis/import and /forecast/import accept, bytes', integer(1, 2 ** 40), 512 * 1024 * 1024),
  // The durable job queue: jobs survive a dying process and are shared by several servers (with DATABASE_URL;
  // server/src/jobs/queue/README.md).
  jobRunner: field<'queue' | 'in-process' | null>(
    'JOB_RUNNER',
    'who runs jobs: queue (npm run worker processes; needs DATABASE_URL, and is the default with it) or in-process (this server alone; the default without)',
    oneOf('queue', 'in-process'),
    null,
  ),
  jobAttempts: field('JOB_ATTEMPTS', 'runs of a job at most when its worker process dies mid-job (queue)', integer(1, 10), 3),
  workerHeartbeatS: field('WORKER_HEARTBEAT', 'how often a worker running a job says it is alive: seconds or 5s', durationSeconds, 5),
  workerStaleS: field('WORKER_STALE_AFTER', 'a worker silent this long is dead and its job is retried or failed', durationSeconds, 30),
  workerStopGraceS: field('WORKER_STOP_GRACE', 'on SIGTERM a worker lets its job finish this long, then hands it back', durationSeconds, 20),
  // The daily cycle and retention (server/src/cycle/README.md).
  defaultModel: field('DEFAULT_MODEL', 'the model whose runs the daily cycle builds and the map shows first (a built-in: model_1 persistence, model_2 advection, model_3 damped anomaly, or a generated one)', text, 'model_2'),
  cycleSchedule: field<string | null>(
    'CYCLE_SCHEDULE',
    "when the daily cycle runs: cron (5 or 6 fields, UTC) or off; unset: off with ANALYSIS_SOURCE=demo, '30 6 * * *' otherwise",
    parseCycleSchedule,
    null,
  ),
  // A real source's analyses are regridded into each of them (server/src/ingest/README.md), as the demo's are built.
  cycleRegions: field<RegionId[]>('CYCLE_REGIONS', 'regions whose files the daily cycle builds and that uploaded analyses are regridded into, comma-separated (sector, arctic)', parseCycleRegions, () =>
    parseCycleRegions('sector,arctic'),
  ),
  cycleBackfillDays: field('CYCLE_BACKFILL_DAYS', 'the cycle also fetches this many days before today when they have no analysis', integer(0, 60), 3),
  cycleRetryS: field('CYCLE_RETRY', 'a product not published yet is asked for again after this long: seconds or 15m', durationSeconds, 15 * 60),
  cycleDeadline: field('CYCLE_DEADLINE', "time of day (UTC, HH:MM) after which a date's missing product counts as failed", parseTimeOfDay, '18:00'),
  // A full disk (server/src/disk/README.md): the cycle leaves room for the database and the requests' copies.
  diskReserveBytes: field('DISK_RESERVE', 'the daily cycle starts no date while less than this is free on DATA_DIR\'s disk: bytes or 500M, 1G', sizeBytes, 1024 ** 3),
  retainDays: field('RETAIN_DAYS', 'files of dates older than this many days before today are deleted (0: keep everything)', integer(0, 100_000), 0),
  metricsPort: field('METRICS_PORT', 'npm run worker: the port (on HOST) of its own GET /metrics; 0: none', integer(0, 65535), 0),
  metricsAllow: field('METRICS_ALLOW', 'client addresses or CIDR ranges that may read GET /metrics, comma-separated', parseAllowList, () =>
    parseAllowList(DEFAULT_METRICS_ALLOW),
  ),
};

type Fields = typeof fields;
export type Config = { readonly [K in keyof Fields]: Fields[K] extends Field<infer T> ? T : never };

/** Read and validate the configuration; throws ConfigError listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(fields) as Array<[string, Field<unknown>]>) {
    const raw = env[f.env];
    if (raw === undefined || raw === '') {
      values[key] = typeof f.fallback === 'function' ? (f.fallback as () => unknown)() : f.fallback;
      continue;
    }
    try {
      values[key] = f.parse(raw);
    } catch (error) {
      const shown = f.env === 'SECRET' || f.env === 'DATABASE_URL' ? '(hidden)' : JSON.stringify(raw);
      problems.push(`${f.env}=${shown}: ${(error as Error).message} (${f.doc})`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const demoSource = (values.analysisSource as AnalysisSourceConfig).kind === 'demo';
  // The schedule's default depends on the source: a demo archive needs no morning download.
  if (values.cycleSchedule === null) values.cycleSchedule = demoSource ? 'off' : DEFAULT_REAL_SCHEDULE;
  return Object.freeze(values) as Config;
}

/** For the entry points (`server.ts`, `job-worker.ts`): the configuration, or its error printed and exit code 2. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
