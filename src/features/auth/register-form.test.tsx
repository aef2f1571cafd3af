import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, makeUser } from '../../testing/fake-api.ts';
import { buttonByText, cleanUpApp, click, fill, renderApp, type RenderedApp, stubAlert, waitUntil } from '../../testing/render-app.tsx';

let app: RenderedApp | null = null;

afterEach(() => (app = cleanUpApp(app)));

async function openForm(api = createFakeApi()) {
  app = await renderApp('/register', api);
  await waitUntil(() => app!.container.querySelector('h1')?.textContent === 'Регистрация', 'registration form');
  return api;
}

function fillForm(username: string, email: string, password: string) {
  fill(app!.container, 'Логин', username);
  fill(app!.container, 'Почта', email);
  fill(app!.container, 'Пароль', password);
}

describe('registration form', () => {
  it('sends a plain-user request, alerts success and opens /login', async () => {
    const alert = stubAlert();
    const api = await openForm();
    fillForm('ivan', 'ivan@example.org', 'long-enough-1');
    await click(buttonByText(app!.container, 'Зарегистрироваться'));
    await waitUntil(() => app!.path() === '/login', '/login');
    expect(alert).toHaveBeenCalledWith('Успешно зарегистрирован!');
    const request = api.requests.find((r) => r.url === '/api/v1/auth/register');
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      email: 'ivan@example.org',
      username: 'ivan',
      password: 'long-enough-1',
      is_superuser: false,
      role_id: 1,
    });
    expect(api.accounts.map((a) => a.user.email)).toContain('ivan@example.org');
  });

  it("shows the server's detail when the email is taken", async () => {
    const alert = stubAlert();
    await openForm(createFakeApi([{ user: makeUser(1, 'user', { email: 'taken@example.org' }), password: 'x' }]));
    fillForm('someone', 'taken@example.org', 'long-enough-1');
    await click(buttonByText(app!.container, 'Зарегистрироваться'));
    await waitUntil(() => app!.container.querySelector('[role="alert"]') !== null, 'error');
    expect(app!.container.querySelector('[role="alert"]')?.textContent).toBe(
      'Не удалось зарегистрироваться: Пользователь с такой почтой уже существует',
    );
    expect(app!.path()).toBe('/register');
    expect(alert).not.toHaveBeenCalled();
  });

  it("shows the server's detail for a short password", async () => {
    await openForm();
    fillForm('petr', 'petr@example.org', 'short');
    await click(buttonByText(app!.container, 'Зарегистрироваться'));
    await waitUntil(() => app!.container.querySelector('[role="alert"]') !== null, 'error');
    expect(app!.container.querySelector('[role="alert"]')?.textContent).toBe(
      'Не удалось зарегистрироваться: Пароль должен быть не короче 8 символов',
    );
  });

  it('shows a detail it has no words for exactly as the server sent it', async () => {
    await openForm();
    fillForm('forbidden', 'f@example.org', 'long-enough-1');
    await click(buttonByText(app!.container, 'Зарегистрироваться'));
    await waitUntil(() => app!.container.querySelector('[role="alert"]') !== null, 'error');
    expect(app!.container.querySelector('[role="alert"]')?.textContent).toBe(
      'Не удалось зарегистрироваться: Имя зарезервировано',
    );
  });
});
