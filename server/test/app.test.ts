import { describe, expect, it } from 'vitest';
import { listUsers } from '../src/db/users.ts';
import { login, makeApp } from './helpers.ts';

describe('buildApp', () => {
  it('with DEMO on, lets each demo account sign in with password "demo"', async () => {
    const { app } = await makeApp({ env: { DEMO: '1' } });
    for (const email of ['admin@demo.local', 'super@demo.local', 'test@demo.local']) {
      expect((await login(app, email, 'demo')).statusCode).toBe(204);
    }
  });

  it('with DEMO off, has no demo accounts, also when an earlier start seeded them', async () => {
    const { app } = await makeApp();
    expect(await listUsers(app.db)).toEqual([]);
    expect((await login(app, 'admin@demo.local', 'demo')).statusCode).toBe(400);

    const demo = await makeApp({ env: { DEMO: '1' } });
    await demo.app.close();
    const after = await makeApp({ dataDir: demo.dataDir, env: { DEMO: '0' } });
    expect(await listUsers(after.app.db)).toEqual([]);
    const response = await login(after.app, 'admin@demo.local', 'demo');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
  });

  it('rate-limits floods of registrations from one address with 429 and a detail', async () => {
    const { app } = await makeApp();
    let last = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: {} });
    for (let i = 0; i < 30 && last.statusCode !== 429; i++) {
      last = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: {} });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().detail).toMatch(/^Too many requests, retry in /);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
