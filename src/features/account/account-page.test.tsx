/** /account as a user meets it: the real router, fetch answered by the fake server plus the two account endpoints. */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../common/testing/fake-fetch.ts';
import { createFakeApi, makeUser, type FakeApi } from '../../testing/fake-api.ts';
import { buttonByText, cleanUpApp, click, renderApp, type RenderedApp, waitUntil } from '../../testing/render-app.tsx';

let app: RenderedApp | null = null;
afterEach(() => (app = cleanUpApp(app)));

/** The fake server, answering POST /users/me/password with `reply` and logout-all by ending the session. */
function accountApi(reply: { status: number; detail?: string }): FakeApi {
  return createFakeApi([], makeUser(1, 'user'), (request, api) => {
    if (request.path === '/api/v1/users/me/password') return jsonResponse(reply.status, reply.detail ? { detail: reply.detail } : undefined);
    if (request.path === '/api/v1/auth/jwt/logout-all') {
      api.session = null;
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

function setField(name: string, value: string) {
  const input = app!.container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  input.value = value;
}

async function submitPassword(current: string, next: string, repeat = next) {
  setField('current_password', current);
  setField('new_password', next);
  setField('repeat_password', repeat);
  await click(buttonByText(app!.container, 'Сменить пароль'));
}

describe('/account', () => {
  it("is reached from the user's name in the top bar and changes the password", async () => {
    const api = accountApi({ status: 204 });
    app = await renderApp('/', api);
    await waitUntil(() => app!.container.querySelector('a.top-bar__user') !== null, 'top bar');
    await click(app.container.querySelector<HTMLAnchorElement>('a.top-bar__user')!);
    await waitUntil(() => app!.path() === '/account', '/account');
    await submitPassword('old password', 'a new long passphrase');
    await waitUntil(() => app!.text().includes('Пароль изменён'), 'success message');
    const sent = api.requests.find((r) => r.url === '/api/v1/users/me/password')!;
    expect(JSON.parse(sent.body)).toEqual({ current_password: 'old password', new_password: 'a new long passphrase' });
  });

  it.each([
    [400, 'BAD_CURRENT_PASSWORD', 'Текущий пароль введён неверно'],
    [422, 'PASSWORD_TOO_COMMON', 'Этот пароль слишком распространён'],
  ])('explains a %i %s', async (status, detail, text) => {
    app = await renderApp('/account', accountApi({ status, detail }));
    await waitUntil(() => app!.container.querySelector('input[name="current_password"]') !== null, 'form');
    await submitPassword('old password', 'password1');
    await waitUntil(() => app!.text().includes(text), text);
  });

  it('refuses two different new passwords without asking the server', async () => {
    const api = accountApi({ status: 204 });
    app = await renderApp('/account', api);
    await waitUntil(() => app!.container.querySelector('input[name="current_password"]') !== null, 'form');
    await submitPassword('old password', 'a new long passphrase', 'another one entirely');
    await waitUntil(() => app!.text().includes('Новые пароли не совпадают'), 'mismatch');
    expect(api.requests.some((r) => r.url === '/api/v1/users/me/password')).toBe(false);
  });

  it("'Выйти на всех устройствах' ends the sessions and opens /login", async () => {
    const api = accountApi({ status: 204 });
    app = await renderApp('/account', api);
    await waitUntil(() => app!.text().includes('Выйти на всех устройствах'), 'button');
    await click(buttonByText(app.container, 'Выйти на всех устройствах'));
    await waitUntil(() => app!.path() === '/login', '/login');
    expect(api.requests.some((r) => r.url === '/api/v1/auth/jwt/logout-all')).toBe(true);
  });
});
