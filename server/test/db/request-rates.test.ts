import { describe, expect, it } from 'vitest';
import { RequestRates } from '../../src/db/request-rates.ts';
import { ENGINES, freshDb } from '../engines.ts';

describe.each(ENGINES)('request-rate windows (%s)', (engine) => {
  it('counts hits per route and client in a fixed window, and starts again after it', async () => {
    const rates = new RequestRates(await freshDb(engine));
    const t0 = 1_800_000_000_000;
    expect(await rates.hit('POST /login', '10.0.0.1', 60_000, t0)).toEqual({ current: 1, ttl: 60_000 });
    expect(await rates.hit('POST /login', '10.0.0.1', 60_000, t0 + 1_000)).toEqual({ current: 2, ttl: 59_000 });
    // Another client, another route: windows of their own.
    expect(await rates.hit('POST /login', '10.0.0.2', 60_000, t0 + 2_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(await rates.hit('POST /register', '10.0.0.1', 60_000, t0 + 2_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(await rates.hit('POST /login', '10.0.0.1', 60_000, t0 + 59_999)).toEqual({ current: 3, ttl: 1 });
    // The window has ended: the next hit opens a new one.
    expect(await rates.hit('POST /login', '10.0.0.1', 60_000, t0 + 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });
});
