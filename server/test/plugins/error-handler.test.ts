import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http-error.ts';
import { makeApp } from '../helpers.ts';

describe('error handler', () => {
  it('answers 500 {"detail": "Internal Server Error"} for an unexpected error and logs its stack', async () => {
    const { app, logs } = await makeApp();
    app.get('/api/v1/test-crash', async () => {
      throw new Error('database password is hunter2');
    });
    const response = await app.inject({ url: '/api/v1/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal Server Error' });
    expect(response.body).not.toContain('hunter2');
    const logged = logs().split('\n').filter(Boolean).map((line) => JSON.parse(line));
    const entry = logged.find((l) => l.err?.message === 'database password is hunter2');
    expect(entry.level).toBe(50); // pino's "error"
    expect(entry.err.stack).toMatch(/error-handler\.test\.ts/);
  });

  it('answers an HttpError with its status, detail and headers', async () => {
    const { app } = await makeApp();
    app.get('/api/v1/test-teapot', async () => {
      throw new HttpError(409, { field: 'name', problem: 'taken' }, { 'x-why': 'because' });
    });
    const response = await app.inject({ url: '/api/v1/test-teapot' });
    expect(response.statusCode).toBe(409);
    expect(response.headers['x-why']).toBe('because');
    expect(response.json()).toEqual({ detail: { field: 'name', problem: 'taken' } });
  });

  it('answers a querystring validation error with 422 and coerces query numbers', async () => {
    const { app } = await makeApp();
    app.get(
      '/api/v1/test-query',
      { schema: { querystring: { type: 'object', properties: { lead: { type: 'integer', minimum: 0 } } } } },
      async (request) => request.query,
    );
    expect((await app.inject({ url: '/api/v1/test-query?lead=2' })).json()).toEqual({ lead: 2 });
    const bad = await app.inject({ url: '/api/v1/test-query?lead=two' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ detail: 'querystring/lead must be integer' });
  });
});
