/** The route guards as a visitor meets them: the real router and routes, fetch answered by a fake server. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, FAKE_XSRF, makeUser } from '../testing/fake-api.ts';
import { buttonByText, cleanUpApp, click, renderApp, type RenderedApp, waitUntil } from '../testing/render-app.tsx';

let app: RenderedApp | null = null;

afterEach(() => (app = cleanUpApp(app)));

const heading = (a: RenderedApp) => a.container.querySelector('h1')?.textContent ?? '';

describe('signed-in routes', () => {
  it('send a visitor without a session to /login', async () => {
    app = await renderApp('/models', createFakeApi());
    await waitUntil(() => app!.path() === '/login', '/login');
    await waitUntil(() => heading(app!) === 'Вход', 'login form');
    expect(app.container.querySelector('.top-bar')).toBeNull();
  });

  it("show 'Загрузка...' while the user is being checked", async () => {
    const api = createFakeApi([], makeUser(1, 'user'));
    const hold = api.holdMe();
    app = await renderApp('/models', api);
    await waitUntil(() => app!.text().includes('Загрузка...'), 'loading text');
    expect(app.container.querySelector('.top-bar')).toBeNull();
    hold.release();
    await waitUntil(() => heading(app!) === 'Модели', 'models page');
    expect(app.text()).not.toContain('Загрузка...');
  });

  it('send the visitor to /login when the user check fails (server down)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = createFakeApi([], makeUser(1, 'admin'));
    app = await renderApp('/datasets', {
      ...api,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await waitUntil(() => app!.path() === '/login', '/login');
  });

  // /forecasts shares this guard; its map page needs WebGL, so its journey is tested in Chromium (tests/e2e).
  it.each([
    ['/', 'Прогноз морского льда Арктики'],
    ['/models', 'Модели'],
    ['/datasets', 'Датасеты'],
  ])('open %s for a plain user', async (path, title) => {
    app = await renderApp(path, createFakeApi([], makeUser(1, 'user')));
    await waitUntil(() => heading(app!) === title, title);
    expect(app.path()).toBe(path);
  });
});

describe('admin routes', () => {
  it.each(['/upload', '/generate-model', '/generate-forecast'])('send a plain user from %s to /login', async (path) => {
    app = await renderApp(path, createFakeApi([], makeUser(1, 'user')));
    await waitUntil(() => app!.path() === '/login', '/login');
    await waitUntil(() => heading(app!) === 'Вход', 'login form');
  });

  it('send a user without a role to /login', async () => {
    app = await renderApp('/upload', createFakeApi([], makeUser(1, null)));
    await waitUntil(() => app!.path() === '/login', '/login');
  });

  // /generate-forecast shares this guard; it is the map page (WebGL), so superusers and admins opening it are
  // tested in Chromium (tests/e2e/admin.e2e.ts).
  it.each([
    ['admin', '/upload', 'Загрузка данных'],
    ['admin', '/generate-model', 'Сгенерировать модель'],
    ['superuser', '/generate-model', 'Сгенерировать модель'],
    ['superuser', '/upload', 'Загрузка данных'],
  ])('open for %s: %s', async (role, path, title) => {
    app = await renderApp(path, createFakeApi([], makeUser(1, role)));
    await waitUntil(() => heading(app!) === title, title);
    expect(app.path()).toBe(path);
  });
});

describe('other pages', () => {
  it('show a Russian not-found page for an unknown address', async () => {
    app = await renderApp('/no-such-page', createFakeApi([], makeUser(1, 'user')));
    await waitUntil(() => app!.text().includes('Страница не найдена'), 'not found');
  });

  it('sign out from the top bar: logout with the XSRF header, then /login', async () => {
    document.cookie = `XSRF-TOKEN=${FAKE_XSRF}; path=/`;
    const api = createFakeApi([], makeUser(1, 'user'));
    app = await renderApp('/models', api);
    await waitUntil(() => heading(app!) === 'Модели', 'models page');
    await click(buttonByText(app.container, 'Выйти'));
    await waitUntil(() => app!.path() === '/login', '/login');
    const logout = api.requests.find((r) => r.url === '/api/v1/auth/jwt/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('X-XSRF-TOKEN')).toBe(FAKE_XSRF);
    expect(api.session).toBeNull();
    expect(app.container.querySelector('.top-bar')).toBeNull();
  });
});
