import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { findCredentialsByEmail, listUsers } from '../../../src/db/users.ts';
import { login, makeApp, signIn } from '../../helpers.ts';
import { ENGINES } from '../../engines.ts';

const valid = { email: 'new@example.com', username: 'newbie', password: 'long enough', is_superuser: false, role_id: 1 };

function register(app: FastifyInstance, payload: unknown) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: payload as object });
}

describe.each(ENGINES)('register (%s)', (database) => {
  describe('POST /api/v1/auth/register', () => {
    it('creates a user and answers 201 with the user, never the password or its hash', async () => {
      const { app } = await makeApp({ database });
      const response = await register(app, valid);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.any(Number),
        email: 'new@example.com',
        username: 'newbie',
        is_superuser: false,
        role_id: 1,
        role: { id: 1, name: 'user' },
      });
      expect(response.body).not.toMatch(/password|scrypt|long enough/);
      expect((await login(app, 'new@example.com', 'long enough')).statusCode).toBe(204);
    });

    it('stores the email in lower case and trims the username', async () => {
      const { app } = await makeApp({ database });
      const response = await register(app, { ...valid, email: 'New@Example.COM', username: ' newbie ' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ email: 'new@example.com', username: 'newbie' });
    });

    it.each([
      ['is_superuser: true', { is_superuser: true }],
      ['role_id: 3', { role_id: 3 }],
      ['role_id: 2 and is_superuser', { role_id: 2, is_superuser: true }],
      ['a role object', { role: { id: 3, name: 'superuser' } }],
    ])('ignores %s: the new account is a plain user', async (_name, extra) => {
      const { app } = await makeApp({ database });
      const response = await register(app, { ...valid, ...extra });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ is_superuser: false, role_id: 1, role: { id: 1, name: 'user' } });
      const session = await signIn(app, valid.email, valid.password);
      const me = await app.inject({ url: '/api/v1/users/me', headers: { cookie: session.cookie } });
      expect(me.json()).toMatchObject({ is_superuser: false, role: { name: 'user' } });
    });

    it('answers 400 for a taken email (in any case) or username, and creates nothing', async () => {
      const { app } = await makeApp({ database });
      expect((await register(app, valid)).statusCode).toBe(201);
      const sameEmail = await register(app, { ...valid, email: 'NEW@example.com', username: 'someone' });
      expect(sameEmail.statusCode).toBe(400);
      expect(sameEmail.json()).toEqual({ detail: 'REGISTER_USER_ALREADY_EXISTS' });
      const sameName = await register(app, { ...valid, email: 'other@example.com', username: 'NEWBIE' });
      expect(sameName.statusCode).toBe(400);
      expect(sameName.json()).toEqual({ detail: 'REGISTER_USERNAME_ALREADY_EXISTS' });
      expect(await listUsers(app.db)).toHaveLength(1);
    });

    it.each([
      ['a malformed email', { email: 'not-an-email' }, /email/],
      ['an email with spaces inside', { email: 'a b@example.com' }, /email/],
      ['an empty email', { email: '' }, /email/],
      ['an empty username', { username: '' }, /username/],
      ['a blank username', { username: '   ' }, /username/],
      ['an empty password', { password: '' }, /password/],
      ['a 7-character password', { password: '1234567' }, /password must NOT have fewer than 8 characters/],
      ['a numeric password', { password: 12345678 }, /password must be string/],
      ['an email in an array', { email: ['new@example.com'] }, /email must be string/],
      ['a username object', { username: { $ne: null } }, /username must be string/],
      ['is_superuser as text', { is_superuser: 'false' }, /is_superuser must be boolean/],
      ['role_id as text', { role_id: '1' }, /role_id must be integer/],
      ['a null password', { password: null }, /password must be string/],
    ])('answers 422 with a readable detail for %s', async (_name, change, detail) => {
      const { app } = await makeApp({ database });
      const response = await register(app, { ...valid, ...change });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toMatch(detail);
      expect(await listUsers(app.db)).toHaveLength(0);
    });

    it.each(['email', 'username', 'password'])('answers 422 when %s is missing', async (field) => {
      const { app } = await makeApp({ database });
      const payload: Record<string, unknown> = { ...valid };
      delete payload[field];
      const response = await register(app, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toContain(`must have required property '${field}'`);
    });

    it('answers 422 for a body that is not an object', async () => {
      const { app } = await makeApp({ database });
      const response = await register(app, ['new@example.com']);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toMatch(/body must be object/);
    });

    it('answers 400 with a detail for malformed JSON', async () => {
      const { app } = await makeApp({ database });
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.c",',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    });

    it('answers 413 with a detail for a body over 1 MiB', async () => {
      const { app } = await makeApp({ database });
      const response = await register(app, { ...valid, username: 'x'.repeat(1024 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'Request body is too large' });
    });

    it('answers 415 with a detail for a content type it does not read', async () => {
      const { app } = await makeApp({ database });
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: { 'content-type': 'application/xml' },
        payload: '<user/>',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ detail: 'Unsupported content type' });
    });

    it('stores SQL-looking input literally and keeps working', async () => {
      const { app } = await makeApp({ database });
      const sneaky = { ...valid, email: "o'brien@example.com", username: "robert'); DROP TABLE users;--" };
      const response = await register(app, sneaky);
      expect(response.statusCode).toBe(201);
      expect(response.json().username).toBe(sneaky.username);
      expect((await findCredentialsByEmail(app.db, "o'brien@example.com"))?.user.username).toBe(sneaky.username);
      expect((await register(app, valid)).statusCode).toBe(201);
      expect(await listUsers(app.db)).toHaveLength(2);
    });
  });
});
