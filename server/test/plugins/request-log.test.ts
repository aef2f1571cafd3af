import { describe, expect, it } from 'vitest';
import { makeApp, signedIn } from '../helpers.ts';

const lines = (logs: string) =>
  logs
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; userId?: number | null; url?: string });

describe('the log', () => {
  it('keeps plain requests out of the info level, and sign-ins and admin actions in it with the user id', async () => {
    const { app, logs } = await makeApp();
    const admin = await signedIn(app, 'admin');
    for (let i = 0; i < 5; i++) await app.inject({ url: '/api/v1/users/me', headers: { cookie: admin.cookie } });
    const action = await app.inject({
      method: 'POST',
      url: '/api/v1/models/generate',
      headers: admin.headers,
      payload: { content: 'x', prompt_id: 'nope', dataset: 'none', experiment_name: 'typo_test', extra_field: 1 },
    });
    expect(action.statusCode).toBe(422);
    await app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout', headers: admin.headers });
    const info = lines(logs()).filter((line) => line.level >= 30);
    expect(info.filter((line) => line.url === '/api/v1/users/me')).toEqual([]);
    expect(info.some((line) => /incoming request|request completed/.test(line.msg))).toBe(false);
    expect(info).toContainEqual(expect.objectContaining({ msg: 'signed in', userId: admin.user.id }));
    expect(info).toContainEqual(expect.objectContaining({ msg: 'signed out', userId: admin.user.id }));
    expect(info).toContainEqual(expect.objectContaining({ msg: 'admin action', userId: admin.user.id, url: '/api/v1/auth/jwt/logout' }));
  });

  it('has one debug line per request at LOG_LEVEL=debug', async () => {
    const { app, logs } = await makeApp({ env: { LOG_LEVEL: 'debug' } });
    const user = await signedIn(app);
    await app.inject({ url: '/api/v1/users/me', headers: { cookie: user.cookie } });
    expect(lines(logs()).filter((line) => line.msg === 'request' && line.url === '/api/v1/users/me')).toEqual([
      expect.objectContaining({ level: 20, userId: user.user.id }),
    ]);
  });
});

describe('admin endpoints', () => {
  it.each([
    ['/api/v1/models/generate', { content: 'a=1', prompt_id: 1, dataset: 'x', experiment_name: 'e1', experiment_nme: 'typo' }],
    ['/api/v1/forecast/generate', { date: '2026-01-01', model_ids: [], modelids: ['typo'] }],
  ])('answer 422 for an unknown field in %s', async (url, payload) => {
    const { app } = await makeApp();
    const admin = await signedIn(app, 'admin');
    const response = await app.inject({ method: 'POST', url, headers: admin.headers, payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/additional properties/);
  });
});
