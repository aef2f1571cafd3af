import { describe, expect, it } from 'vitest';
import { makeApp } from '../../helpers.ts';
import { ENGINES } from '../../engines.ts';

describe.each(ENGINES)('health (%s)', (database) => {
  describe('GET /api/v1/health', () => {
    it('answers 200 {"status": "ok"} without a session', async () => {
      const { app } = await makeApp({ database });
      const response = await app.inject({ url: '/api/v1/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });
  });

  describe('while the startup tasks run', () => {
    it('health reports their progress with 503, other API routes answer 503 STARTING, then all is ready', async () => {
      const { runStartupTasks } = await import('../../../src/startup.ts');
      const { app } = await makeApp({ database });
      let release = () => {};
      const waiting = new Promise<void>((done) => (release = done));
      const running = runStartupTasks(app, [
        { name: 'stale temporaries', run: async () => {} },
        { name: 'forecast archive', run: () => waiting },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      const health = await app.inject({ url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('2');
      expect(health.json()).toMatchObject({ status: 'starting', task: 'forecast archive', step: 2, steps: 2 });
      const me = await app.inject({ url: '/api/v1/users/me' });
      expect(me.statusCode).toBe(503);
      expect(me.json()).toEqual({ detail: 'STARTING' });
      release();
      await running;
      expect((await app.inject({ url: '/api/v1/health' })).json()).toEqual({ status: 'ok' });
      expect((await app.inject({ url: '/api/v1/users/me' })).statusCode).toBe(401);
    });
  });
});
