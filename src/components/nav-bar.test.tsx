/**
 * The top bar when its links do not all fit: the ones that do stay, the rest are behind 'Ещё', which works by
 * mouse and keyboard. The DOM here has no layout, so widths come from a stand-in: each measured link 10 px a
 * letter plus 24 px, the link list 614 px wide less the title beside the logo (the bar's width is fixed).
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, makeUser } from '../testing/fake-api.ts';
import { cleanUpApp, click, renderApp, type RenderedApp, waitUntil } from '../testing/render-app.tsx';

let app: RenderedApp | null = null;

beforeEach(() => {
  // A title is 314 px on one line, 164 px on two; the link list gets what the title leaves of 614 px.
  const titleWidth = (element: Element | null | undefined) =>
    !element ? 0 : element.classList.contains('top-bar__title--two-lines') ? 164 : 314;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    let width = 0;
    if (this.classList.contains('top-bar__nav')) width = 614 - titleWidth(this.closest('.top-bar')?.querySelector('.top-bar__brand .top-bar__title'));
    else if (this.classList.contains('top-bar__title')) width = titleWidth(this);
    else if (this.dataset.measure) width = (this.textContent ?? '').length * 10 + 24;
    return new DOMRect(0, 0, width, 40);
  });
});
afterEach(() => (app = cleanUpApp(app)));

const texts = (elements: Iterable<Element>) => [...elements].map((element) => element.textContent);

async function openAs(role: string, path: string) {
  app = await renderApp(path, createFakeApi([], makeUser(1, role)));
  await waitUntil(() => app!.container.querySelector('.top-bar__links a') !== null, 'top bar');
  return app;
}

function key(target: Element, name: string) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
  });
}

describe('the top bar', () => {
  it('keeps every link of a plain user, with the title on two lines beside them', async () => {
    const a = await openAs('user', '/');
    // Four links take 416 px: with the title on one line (314 px) they would need 730, on two (164 px) 580.
    expect(texts(a.container.querySelectorAll('.top-bar__links a'))).toEqual(['Прогнозы', 'Модели', 'Датасеты', 'Проверка']);
    const title = a.container.querySelector('.top-bar__brand .top-bar__title');
    expect(title?.textContent).toBe('Прогноз морского льда Арктики');
    expect(title?.classList.contains('top-bar__title--two-lines')).toBe(true);
    expect(a.container.querySelector('.top-bar__more')).toBeNull();
  });

  it("gives up the title, then moves the admin's last links into 'Ещё', marked while it holds the current page", async () => {
    const a = await openAs('admin', '/jobs');
    // Without the title the list has 614 px: five links (500 px) and 'Ещё' (54 px) fit, a sixth does not.
    expect(a.container.querySelector('.top-bar__brand .top-bar__title')).toBeNull();
    expect(texts(a.container.querySelectorAll('.top-bar__links a'))).toEqual(['Прогнозы', 'Модели', 'Датасеты', 'Проверка', 'Загрузка']);
    const more = a.container.querySelector<HTMLButtonElement>('.top-bar__more button')!;
    expect(more.textContent).toBe('Ещё');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.classList.contains('is-active')).toBe(true);
    const menu = a.container.querySelector<HTMLUListElement>(`#${CSS.escape(more.getAttribute('aria-controls')!)}`)!;
    expect(menu.hidden).toBe(true);

    await click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(menu.hidden).toBe(false);
    expect(texts(menu.querySelectorAll('a'))).toEqual(['Модель', 'Генерация', 'Задания']);
    expect(menu.querySelector('a[href="/jobs"]')?.getAttribute('aria-current')).toBe('page');
    expect(menu.querySelector('a[href="/generate-forecast"]')?.getAttribute('aria-current')).toBeNull();

    // Escape closes it and gives focus back to the button.
    key(menu.querySelector('a')!, 'Escape');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(more);
  });

  it("opens 'Ещё' from the keyboard, moves along its links with the arrows and follows one", async () => {
    const a = await openAs('superuser', '/');
    const more = a.container.querySelector<HTMLButtonElement>('.top-bar__more button')!;
    expect(more.classList.contains('is-active')).toBe(false);
    more.focus();
    key(more, 'ArrowDown');
    expect(more.getAttribute('aria-expanded')).toBe('true');
    await waitUntil(() => document.activeElement?.textContent === 'Модель', 'focus on the first link');
    const links = [...a.container.querySelectorAll<HTMLAnchorElement>('.top-bar__menu a')];
    key(links[0], 'ArrowDown');
    expect(document.activeElement).toBe(links[1]);
    key(links[1], 'End');
    expect(document.activeElement).toBe(links[2]);
    key(links[2], 'ArrowDown');
    expect(document.activeElement).toBe(links[0]);
    key(links[0], 'ArrowUp');
    expect(document.activeElement).toBe(links[2]);

    await click(links[2]);
    await waitUntil(() => a.path() === '/jobs', '/jobs');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.classList.contains('is-active')).toBe(true);
  });

  it("closes 'Ещё' on a click elsewhere", async () => {
    const a = await openAs('admin', '/');
    const more = a.container.querySelector<HTMLButtonElement>('.top-bar__more button')!;
    await click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    act(() => {
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });
});
