/**
 * The chart worker: an ice chart fetched, parsed and prepared off the main thread (chart/chart-service.ts); this
 * file only exposes it through comlink (typed by chart.api.ts).
 */
import * as Comlink from 'comlink';
import { ChartService } from './chart/chart-service.ts';
import { keepErrorFields } from './worker-errors.ts';

keepErrorFields();
Comlink.expose(new ChartService(globalThis.fetch.bind(globalThis)));
