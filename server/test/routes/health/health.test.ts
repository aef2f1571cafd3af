import { describe, expect, it } from 'vitest';
import { makeApp } from '../../helpers.ts';

describe('GET /api/v1/health', () => {
  it('answers 200 {"status": "ok"} without a session', async () => {
    const { app } = await makeApp();
    const response = await app.inject({ url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
