/**
 * The decode worker: downloads and decodes forecast files off the main thread. Everything it does is in
 * ForecastService; this file only exposes it through comlink (typed by forecast.api.ts), with the fetch that
 * keeps an offline copy of what it downloads for a ship whose link drops (forecast/offline-fetch.ts).
 */
import * as Comlink from 'comlink';
import { ForecastService } from './forecast-service.ts';
import { keepErrorFields } from './worker-errors.ts';
import { copyHeld, offlineFetch } from './forecast/offline-fetch.ts';
import { resourceTimingClock } from './forecast/transfer-timing.ts';

keepErrorFields();
// The link is timed on the browser's record of each transfer, not on when this busy thread reads the bodies.
Comlink.expose(new ForecastService({ fetch: offlineFetch(), heldWhole: (url) => copyHeld(url), clock: resourceTimingClock() }));
