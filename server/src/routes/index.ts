/**
 * Every API route module, mounted under /api/v1 by app.ts. To add yours: import it and append one line
 * `{ prefix: '/forecasts', plugin: forecastRoutes },` (keep the list flat; one resource per module: a resource's
 * routes live in its folder, and what several resources share in a folder of its own, e.g. `archive-files/`, `uploads/`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { cycleRoutes } from './cycle/index.ts';
import { forceFetchDataRoutes } from './force-fetch-data/index.ts';
import { authRoutes } from './auth/index.ts';
import { analysisRoutes } from './analysis/index.ts';
import { assimForecastRoutes } from './assim-forecast/index.ts';
import { forecastRoutes } from './forecast/index.ts';
import { healthRoutes } from './health/index.ts';
import { iceChartRoutes } from './icecharts/index.ts';
import { jobsRoutes } from './jobs/index.ts';
import { modelsRoutes } from './models/index.ts';
import { regionsRoutes } from './regions/index.ts';
import { reportRoutes } from './report/index.ts';
import { shipRouteRoutes } from './ship-route/index.ts';
import { usersRoutes } from './users/index.ts';
import { verificationRoutes } from './verification/index.ts';

export interface RouteModule {
  /** Path under /api/v1, starting with a slash. */
  prefix: string;
  plugin: FastifyPluginAsync;
}

export const apiRoutes: RouteModule[] = [
  { prefix: '/health', plugin: healthRoutes },
  { prefix: '/auth', plugin: authRoutes },
  { prefix: '/users', plugin: usersRoutes },
  { prefix: '/jobs', plugin: jobsRoutes },
  { prefix: '/force_fetch_data', plugin: forceFetchDataRoutes },
  { prefix: '/models', plugin: modelsRoutes },
  { prefix: '/forecast', plugin: forecastRoutes },
  { prefix: '/assim_forecast', plugin: assimForecastRoutes },
  { prefix: '/analysis', plugin: analysisRoutes },
  { prefix: '/report', plugin: reportRoutes },
  { prefix: '/route', plugin: shipRouteRoutes },
  { prefix: '/cycle', plugin: cycleRoutes },
  { prefix: '/verification', plugin: verificationRoutes },
  { prefix: '/regions', plugin: regionsRoutes },
  { prefix: '/icecharts', plugin: iceChartRoutes },
];
