import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, makeUser } from '../../testing/fake-api.ts';
import { buttonByText, cleanUpApp, click, fill, renderApp, type RenderedApp, stubAlert, waitUntil } from '../../testing/render-app.tsx';

let app: RenderedApp | null = null;

afterEach(() => (app = cleanUpApp(app)));

const admin = { user: makeUser(1, 'admin', { email: 'admin@demo.local' }), password: 'demo' };

describe('login form', () => {
  it('has the fields and button the old tool had', async () => {
    app = await renderApp('/login', createFakeApi());
    await waitUntil(() => app!.text().includes('Вход'), 'login form');
    const email = app.container.querySelector<HTMLInputElement>('input[placeholder="Почта"]');
    const password = app.container.querySelector<HTMLInputElement>('input[placeholder="Пароль"]');
    expect(email?.type).toBe('email');
    expect(email?.required).toBe(true);
    expect(password?.type).toBe('password');
    expect(password?.required).toBe(true);
    expect(buttonByText(app.container, 'Войти').type).toBe('submit');
    expect(app.container.querySelector('a[href="/register"]')).not.toBeNull();
  });

  it.each([
    ['/models?sort=name', '/models'],
    ['https://evil.example/models', '/'],
    ['//evil.example/models', '/'],
  ])('after a sign-in with redirect %s opens %s', async (target, landing) => {
    app = await renderApp(`/login?redirect=${encodeURIComponent(target)}`, createFakeApi([admin]));
    await waitUntil(() => app!.text().includes('Вход'), 'login form');
    fill(app.container, 'Почта', 'admin@demo.local');
    fill(app.container, 'Пароль', 'demo');
    await click(buttonByText(app.container, 'Войти'));
    await waitUntil(() => app!.path() === landing, landing);
  });

  it('signs in and opens the dashboard with the user from /users/me', async () => {
    const api = createFakeApi([admin]);
    app = await renderApp('/login', api);
    await waitUntil(() => app!.text().includes('Вход'), 'login form');
    fill(app.container, 'Почта', 'admin@demo.local');
    fill(app.container, 'Пароль', 'demo');
    await click(buttonByText(app.container, 'Войти'));
    await waitUntil(() => app!.path() === '/', 'dashboard');
    await waitUntil(() => app!.container.querySelectorAll('.card').length === 7, 'seven cards');
    const login = api.requests.find((r) => r.url === '/api/v1/auth/jwt/login');
    expect(login?.method).toBe('POST');
    expect(new URLSearchParams(login?.body)).toEqual(new URLSearchParams({ username: 'admin@demo.local', password: 'demo' }));
    expect(login?.credentials).toBe('include');
  });

  it("alerts 'Неверная почта или пароль' and says it inline on a wrong password", async () => {
    const alert = stubAlert();
    app = await renderApp('/login', createFakeApi([admin]));
    await waitUntil(() => app!.text().includes('Вход'), 'login form');
    fill(app.container, 'Почта', 'admin@demo.local');
    fill(app.container, 'Пароль', 'wrong');
    await click(buttonByText(app.container, 'Войти'));
    await waitUntil(() => alert.mock.calls.length === 1, 'alert');
    expect(alert).toHaveBeenCalledWith('Неверная почта или пароль');
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe('Неверная почта или пароль');
    expect(app.path()).toBe('/login');
    expect(buttonByText(app.container, 'Войти').disabled).toBe(false);
  });

  it.each([
    ['7', 'Слишком много попыток входа. Попробуйте снова через 7 секунд.'],
    ['1', 'Слишком много попыток входа. Попробуйте снова через 1 секунду.'],
    ['42', 'Слишком много попыток входа. Попробуйте снова через 42 секунды.'],
    [null, 'Слишком много попыток входа. Подождите немного и попробуйте снова.'],
  ])('on a 429 with Retry-After %s says how many seconds to wait', async (retryAfter, text) => {
    const alert = stubAlert();
    const api = createFakeApi([admin], null, ({ method, path }) =>
      method === 'POST' && path === '/api/v1/auth/jwt/login'
        ? new Response(JSON.stringify({ detail: 'LOGIN_TOO_MANY_ATTEMPTS' }), {
            status: 429,
            headers: { 'content-type': 'application/json', ...(retryAfter !== null && { 'retry-after': retryAfter }) },
          })
        : undefined,
    );
    app = await renderApp('/login', api);
    await waitUntil(() => app!.text().includes('Вход'), 'login form');
    fill(app.container, 'Почта', 'admin@demo.local');
    fill(app.container, 'Пароль', 'demo');
    await click(buttonByText(app.container, 'Войти'));
    await waitUntil(() => alert.mock.calls.length === 1, 'alert');
    expect(alert).toHaveBeenCalledWith(text);
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe(text);
  });

  it('says the server is unreachable when the request cannot be sent', async () => {
    const alert = stubAlert();
    const api = createFakeApi([admin]);
    app = await renderApp('/login', {
      ...api,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await waitUntil(() => app!.text().includes('Вход'), 'login form');
    fill(app.container, 'Почта', 'admin@demo.local');
    fill(app.container, 'Пароль', 'demo');
    await click(buttonByText(app.container, 'Войти'));
    await waitUntil(() => alert.mock.calls.length === 1, 'alert');
    expect(alert.mock.calls[0][0]).toMatch(/^Сервер недоступен/);
  });
});
