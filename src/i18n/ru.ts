/**
 * Every Russian interface string, once, as `ru.<group>.<text>`. Each group lives in the file of ru/ named after the
 * feature that shows it (ru/forecast-map/ for the map page's parts); the imports below say which file holds which group.
 */
import { app, errors, nav, placeholders, loadErrors, layout } from './ru/app-shell.ts';
import { login, register, accountData } from './ru/auth.ts';
import { account } from './ru/account.ts';
import { dashboard } from './ru/dashboard.ts';
import { startup } from './ru/startup.ts';
import { models } from './ru/models.ts';
import { datasets } from './ru/datasets.ts';
import { upload, onnxUpload, iceChartUpload, forecastImport } from './ru/upload.ts';
import { generateModel } from './ru/generate-model.ts';
import { generateForecast } from './ru/generate-forecast.ts';
import { jobs } from './ru/job-tracking.ts';
import { jobsList, cycle } from './ru/jobs-list.ts';
import { verification } from './ru/verification.ts';
import { offline } from './ru/offline.ts';
import { forecastMap, particles, fieldPreview, linkDecision } from './ru/forecast-map/forecast-map.ts';
import { firstView } from './ru/forecast-map/first-view.ts';
import { polaris } from './ru/forecast-map/polaris.ts';
import { route } from './ru/forecast-map/ship-route.ts';
import { mapTools } from './ru/forecast-map/map-tools.ts';
import { iceProbability } from './ru/forecast-map/ice-probability.ts';
import { localFile } from './ru/forecast-map/local-file.ts';
import { analysisRun } from './ru/forecast-map/analysis-run.ts';
import { regions } from './ru/regions.ts';
import { iceChart } from './ru/forecast-map/ice-chart.ts';

export const ru = {
  app, errors, login, register, nav, dashboard, placeholders,
  models, datasets, upload, generateModel, generateForecast, jobs, loadErrors,
  forecastMap, particles, jobsList, account, startup, accountData,
  polaris, route, mapTools, offline, firstView, localFile, analysisRun, layout, fieldPreview, linkDecision, onnxUpload,
  verification, iceProbability, cycle, regions, iceChart, iceChartUpload, forecastImport,
} as const;
