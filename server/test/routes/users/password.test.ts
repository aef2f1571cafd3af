import { describe, expect, it } from 'vitest';
import { login, makeApp, PASSWORD, signedIn, signIn } from '../../helpers.ts';
import { ENGINES } from '../../engines.ts';

const change = (app: Awaited<ReturnType<typeof makeApp>>['app'], headers: Record<string, string>, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/users/me/password', headers, payload: body as object });

describe.each(ENGINES)('password (%s)', (database) => {
  describe('POST /api/v1/users/me/password', () => {
    it('changes the password, keeps this session and ends the others', async () => {
      const { app } = await makeApp({ database });
      const here = await signedIn(app);
      const elsewhere = await signIn(app, here.user.email);
      const response = await change(app, here.headers, { current_password: PASSWORD, new_password: 'a new long passphrase' });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: here.cookie } })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: elsewhere.cookie } })).statusCode).toBe(401);
      expect((await login(app, here.user.email, PASSWORD)).statusCode).toBe(400);
      expect((await login(app, here.user.email, 'a new long passphrase')).statusCode).toBe(204);
    });

    it('answers 400 BAD_CURRENT_PASSWORD and changes nothing when the current password is wrong', async () => {
      const { app } = await makeApp({ database });
      const here = await signedIn(app);
      const elsewhere = await signIn(app, here.user.email);
      const response = await change(app, here.headers, { current_password: 'not it', new_password: 'a new long passphrase' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'BAD_CURRENT_PASSWORD' });
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: elsewhere.cookie } })).statusCode).toBe(200);
      expect((await login(app, here.user.email, PASSWORD)).statusCode).toBe(204);
    });

    it.each([
      ['short', 'PASSWORD_TOO_SHORT'],
      ['        ', 'PASSWORD_BLANK'],
    ])('answers 422 for a weak new password %j', async (weak, detail) => {
      const { app } = await makeApp({ database });
      const here = await signedIn(app);
      const response = await change(app, here.headers, { current_password: PASSWORD, new_password: weak });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ detail });
      expect((await login(app, here.user.email, PASSWORD)).statusCode).toBe(204);
    });

    it('answers 422 for missing or unknown fields, 401 without a session, 403 without XSRF', async () => {
      const { app } = await makeApp({ database });
      const here = await signedIn(app);
      expect((await change(app, here.headers, { current_password: PASSWORD })).statusCode).toBe(422);
      const typo = await change(app, here.headers, { current_password: PASSWORD, new_pasword: 'x', new_password: 'long enough 1' });
      expect(typo.statusCode).toBe(422);
      expect((await change(app, {}, { current_password: PASSWORD, new_password: 'long enough 1' })).statusCode).toBe(401);
      expect((await change(app, { cookie: here.cookie }, { current_password: PASSWORD, new_password: 'long enough 1' })).statusCode).toBe(403);
    });
  });
});
