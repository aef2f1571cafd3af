/**
 * The decode worker: downloads and decodes forecast files off the main thread. Everything it does is in
 * ForecastService; this file only exposes it through comlink (typed by forecast.api.ts).
 */
import * as Comlink from 'comlink';
import { ForecastService } from './forecast-service.ts';
import { keepErrorFields } from './worker-errors.ts';

keepErrorFields();
Comlink.expose(new ForecastService());
