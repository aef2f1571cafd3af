/**
 * The whole server as one builder (fastify/demo style): configuration in, a ready-to-listen Fastify
 * instance out. server.ts listens; tests call buildApp with a temporary DATA_DIR and use app.inject().
 */
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import { RequestRates } from './db/request-rates.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import { loadOrCreateSecret } from './auth/secret.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { removeDemoAccounts, seedDemoAccounts } from './db/demo-users.ts';
import './fastify-types.ts';
import { HttpError } from './http-error.ts';
import { setupJobs } from './jobs/setup-jobs.ts';
import { setupCycle } from './jobs/setup-cycle.ts';
import { setupDisk } from './disk/setup-disk.ts';
import { setupScoring } from './verification/scoring.ts';
import { clientErrorHandler, frameworkErrors, setupErrorHandler } from './plugins/error-handler.ts';
import { setupSecurityHeaders } from './plugins/security-headers.ts';
import { setupOpenApi } from './plugins/openapi.ts';
import { setupRequestLog } from './plugins/request-log.ts';
import { setupSession } from './plugins/session.ts';
import { setupSpa } from './plugins/spa.ts';
import { setupStartupGate } from './plugins/startup-gate.ts';
import { setupValidation } from './plugins/validation.ts';
import { setupXsrf } from './plugins/xsrf.ts';
import { setupSubsets } from './subsets/setup-subsets.ts';
import { metricsRoute, setupMetrics } from './metrics/setup-metrics.ts';
import { apiRoutes } from './routes/index.ts';

const API_PREFIX = '/api/v1';

/** Largest request body accepted, bytes; larger ones get 413. Routes that take uploads raise it for themselves. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildOptions {
  /** Where logs go (default stdout); tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
}

/**
 * Build the server: database opened and migrated, demo accounts seeded or removed, plugins and routes
 * registered. The instance is not yet `ready()`: a test may still add routes before inject(); listen()
 * or inject() make it ready.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream && { stream: options.logStream }) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Errors before routing (bad URL, malformed or oversized request) answer {"detail": ...} too.
    frameworkErrors,
    clientErrorHandler,
    // One debug line per request instead (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });
  try {
    await setup(app, config);
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}

async function setup(app: FastifyInstance, config: Config): Promise<void> {
  app.decorate('config', config);
  const db = await openDatabase(config);
  app.decorate('db', db);
  app.addHook('onClose', async () => db.destroy());
  setupDisk(app);
  setupMetrics(app);
  await setupJobs(app);
  setupCycle(app);
  setupScoring(app);

  if (config.demo) {
    const seeded = await seedDemoAccounts(db);
    if (seeded.created.length) app.log.info({ created: seeded.created }, 'demo accounts created');
    if (seeded.skipped.length) {
      app.log.warn({ skipped: seeded.skipped }, 'demo accounts not created: a real account holds the email or name');
    }
  } else {
    const removed = await removeDemoAccounts(db);
    if (removed.deleted || removed.disabled) app.log.info(removed, 'demo mode is off: demo accounts removed');
  }

  setupValidation(app);
  setupErrorHandler(app);
  await setupSecurityHeaders(app, config.distDir);
  setupRequestLog(app);
  setupSubsets(app);
  setupStartupGate(app);

  // The secret signs the session cookie (plugins/session.ts).
  await app.register(fastifyCookie, { secret: loadOrCreateSecret(config.dataDir, config.secret) });
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs seconds on megabyte replies; 4 compresses about as well as gzip, faster.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Off by default; routes opt in with `config: { rateLimit: { max, timeWindow } }` (login, register).
  // With PostgreSQL the windows are counted in the database, so several API servers share one limit.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(config.databaseUrl ? { store: databaseRateLimitStore(new RequestRates(app.db)) } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, `Too many requests, retry in ${context.after}`),
  });

  setupSession(app, { expiresS: config.jwtExpiresS });
  setupXsrf(app);
  await setupOpenApi(app); // before the routes: it collects their schemas

  await app.register(
    async (api) => {
      for (const route of apiRoutes) await api.register(route.plugin, { prefix: route.prefix });
    },
    { prefix: API_PREFIX },
  );
  metricsRoute(app);

  await setupSpa(app, config.distDir);
}
