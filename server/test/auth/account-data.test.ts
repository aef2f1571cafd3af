import { describe, expect, it } from 'vitest';
import { weakPasswordReason } from '../../src/auth/password-policy.ts';
import { normalizeUsername, usernameSkeleton } from '../../src/auth/usernames.ts';
import { makeApp } from '../helpers.ts';

describe('usernames', () => {
  it('are NFKC-normalised', () => {
    expect(normalizeUsername('ｔｅｓｔ')).toEqual({ username: 'test' });
    expect(normalizeUsername('  Иван Петров ')).toEqual({ username: 'Иван Петров' });
  });

  it.each([
    ['admin\u200b', 'USERNAME_INVALID_CHARACTERS'],
    ['ad\u0000min', 'USERNAME_INVALID_CHARACTERS'],
    ['admin\u202e', 'USERNAME_INVALID_CHARACTERS'],
    ['ad\u00admin', 'USERNAME_INVALID_CHARACTERS'],
    ['a\tb', 'USERNAME_INVALID_CHARACTERS'],
    ['\u3164', 'USERNAME_INVALID_CHARACTERS'],
    ['t\u0435st', 'USERNAME_MIXED_SCRIPTS'],
    ['\u200b', 'USERNAME_INVALID_CHARACTERS'],
    ['   ', 'USERNAME_EMPTY'],
  ])('refuse %j (%s)', (raw, problem) => {
    expect(normalizeUsername(raw)).toEqual({ problem });
  });

  it('have one skeleton for look-alikes', () => {
    const admin = usernameSkeleton('admin');
    for (const lookalike of ['аdmin', 'ADMIN', 'adrnin', 'adm1n', 'аdmіn', 'ΑDΜΙΝ']) {
      expect(usernameSkeleton(lookalike)).toBe(admin);
    }
    expect(usernameSkeleton('тест')).not.toBe(usernameSkeleton('test'));
    expect(usernameSkeleton('сох')).toBe(usernameSkeleton('cox'));
    expect(usernameSkeleton('l0ve')).toBe(usernameSkeleton('love'));
    expect(usernameSkeleton('alice')).not.toBe(usernameSkeleton('bob'));
  });
});

describe('new passwords', () => {
  it.each([
    ['short', 'PASSWORD_TOO_SHORT'],
    ['        ', 'PASSWORD_BLANK'],
    ['password1', 'PASSWORD_TOO_COMMON'],
    ['QWERTYUIOP', 'PASSWORD_TOO_COMMON'],
    ['12345678', 'PASSWORD_TOO_COMMON'],
    ['ice floe over the Kara Sea', null],
  ])('%j → %s', (password, reason) => {
    expect(weakPasswordReason(password)).toBe(reason);
  });
});

describe('registration', () => {
  const register = (app: Awaited<ReturnType<typeof makeApp>>['app'], username: string, password = 'ice floe over the Kara Sea') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: `${Math.random().toString(36).slice(2)}@example.com`, username, password },
    });

  it('refuses invisible characters, mixed scripts, look-alikes of taken names and common passwords', async () => {
    const { app } = await makeApp();
    expect((await register(app, 'test')).statusCode).toBe(201);
    expect((await register(app, 'admin\u200b')).json()).toEqual({ detail: 'USERNAME_INVALID_CHARACTERS' });
    expect((await register(app, 'ad\u0000min')).statusCode).toBe(422);
    expect((await register(app, 't\u0435st')).json()).toEqual({ detail: 'USERNAME_MIXED_SCRIPTS' });
    for (const lookalike of ['TEST', 'ｔｅｓｔ', 'Τеѕт', 'tеѕt']) {
      const response = await register(app, lookalike);
      expect(response.statusCode, lookalike).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, lookalike).toBeLessThan(500);
    }
    // All-Cyrillic, every letter a look-alike of the Latin name (Т Е Ѕ Т).
    expect((await register(app, 'ТЕЅТ')).json()).toEqual({ detail: 'REGISTER_USERNAME_ALREADY_EXISTS' });
    expect((await register(app, 'тест')).statusCode).toBe(201);
    expect((await register(app, 'someone', '        ')).json()).toEqual({ detail: 'PASSWORD_BLANK' });
    expect((await register(app, 'someone', 'password1')).json()).toEqual({ detail: 'PASSWORD_TOO_COMMON' });
    const stored = (await register(app, 'ｓｏｍｅｏｎｅ')).json();
    expect(stored.username).toBe('someone');
  });
});
