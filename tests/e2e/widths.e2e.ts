/**
 * The interface at the widths people use (1024, 1280, 1366, 1920 px, and 1024 × 700), for a plain user and an
 * admin, in Chromium against the real server: every top bar link whole, inside the bar and the window and clear of
 * the user's name and 'Выйти', or in 'Ещё', which opens by click and by keyboard; the /forecasts sidebar's
 * forecast controls on screen without scrolling; the hover readout clear of the panels. One server, one browser
 * and one page per role for all sizes. Screenshots go to a temporary folder (printed) for a person to look at.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccounts, type RunningServer, withPage } from './harness.ts';
import { useJourney } from './journey.ts';
import { waitForDrawn, waitForIdle } from './forecast-map-helpers.ts';

let server: RunningServer;
let browser: Browser;
useJourney((started) => ({ server, browser } = started));

const shots = mkdtempSync(join(tmpdir(), 'widths-journey-'));
console.log(`widths journey: screenshots in ${shots}`);
const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`) });

// The four widths of desktops and ships' laptops, a short screen, and a narrower window (a laptop zoomed in)
// where an admin's links cannot all fit, so that 'Ещё' is tried on a real layout.
const SIZES = [
  [1024, 800],
  [1280, 800],
  [1366, 768],
  [1920, 1080],
  [1024, 700],
  [860, 700],
] as const;

/** The section links of each role, in the bar's order. */
const USER_LINKS = ['Прогнозы', 'Модели', 'Датасеты', 'Проверка'];
const ADMIN_LINKS = [...USER_LINKS, 'Загрузка', 'Модель', 'Генерация', 'Задания'];
const ROLES = [
  ['user', demoAccounts.user, USER_LINKS],
  ['admin', demoAccounts.admin, ADMIN_LINKS],
] as const;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface BarGeometry {
  viewport: number;
  bar: Box;
  list: Box;
  links: { text: string; box: Box; clipped: boolean; current: boolean }[];
  more: Box | null;
  account: { name: Box; nameClipped: boolean; signOut: Box; brand: Box };
}

/** The bar's parts as the browser laid them out (page CSS px). */
function barGeometry(page: Page): Promise<BarGeometry> {
  return page.evaluate(() => {
    const box = (element: Element): Box => {
      const r = element.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const bar = document.querySelector('.top-bar')!;
    const name = bar.querySelector('.top-bar__user')!;
    const signOut = [...bar.querySelectorAll('button')].find((b) => b.textContent === 'Выйти')!;
    const more = bar.querySelector('.top-bar__more > button');
    return {
      viewport: document.documentElement.clientWidth,
      bar: box(bar),
      list: box(bar.querySelector('.top-bar__links')!),
      links: [...bar.querySelectorAll<HTMLElement>('.top-bar__links a')].map((a) => ({
        text: a.textContent ?? '',
        box: box(a),
        clipped: a.scrollWidth > a.clientWidth,
        current: a.getAttribute('aria-current') === 'page',
      })),
      more: more ? box(more) : null,
      account: { name: box(name), nameClipped: name.scrollWidth > name.clientWidth, signOut: box(signOut), brand: box(bar.querySelector('.top-bar__brand')!) },
    };
  });
}

const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Every link in the bar whole and clear of the rest; returns the texts of the links in the bar. */
function expectBarFits(g: BarGeometry, label: string): string[] {
  const window: Box = { left: 0, right: g.viewport, top: 0, bottom: g.bar.bottom };
  expect(inside(g.bar, window), `${label}: the bar fits the window`).toBe(true);
  for (const link of [...g.links, ...(g.more ? [{ text: 'Ещё', box: g.more, clipped: false }] : [])]) {
    const what = `${label}: '${link.text}'`;
    expect(link.clipped, `${what} shows its whole text`).toBe(false);
    expect(inside(link.box, g.bar), `${what} inside the bar`).toBe(true);
    expect(inside(link.box, window), `${what} inside the window`).toBe(true);
    if (link.text !== 'Ещё') expect(inside(link.box, g.list), `${what} inside the link list (not cut by it)`).toBe(true);
    for (const [other, box] of Object.entries(g.account)) {
      if (typeof box === 'object') expect(overlap(link.box, box), `${what} clear of ${other}`).toBe(false);
    }
  }
  expect(g.account.name.right - g.account.name.left, `${label}: the user's name shows`).toBeGreaterThan(10);
  expect(g.account.nameClipped, `${label}: the user's name whole`).toBe(false);
  expect(inside(g.account.signOut, window), `${label}: 'Выйти' inside the window`).toBe(true);
  return g.links.map((link) => link.text);
}

async function menuLinks(page: Page): Promise<{ text: string; box: Box; current: boolean }[]> {
  return page.locator('.top-bar__menu a').evaluateAll((links) =>
    links.map((a) => {
      const r = a.getBoundingClientRect();
      return { text: a.textContent ?? '', box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom }, current: a.getAttribute('aria-current') === 'page' };
    }),
  );
}

describe('the top bar at each width', () => {
  for (const [role, account, links] of ROLES) {
    it(`fits for a ${role}: links whole or in 'Ещё', which works by click and keyboard`, async () => {
      await withPage(
        browser,
        async ({ page }) => {
          let menusTried = 0;
          for (const [width, height] of SIZES) {
            const label = `${role} ${width}×${height}`;
            await page.setViewportSize({ width, height });
            await page.goto(`${server.url}/models`);
            await page.locator('.catalog-card').first().waitFor();
            const g = await barGeometry(page);
            const inBar = expectBarFits(g, label);
            const more = page.locator('.top-bar__more > button');
            let inMenu: string[] = [];
            if (g.more) {
              menusTried++;
              // By click: the rest of the links, on screen; Escape closes it and focus is back on the button.
              expect(await more.getAttribute('aria-expanded')).toBe('false');
              await more.click();
              expect(await more.getAttribute('aria-expanded')).toBe('true');
              const menu = await menuLinks(page);
              inMenu = menu.map((link) => link.text);
              for (const link of menu) expect(inside(link.box, { left: 0, right: width, top: 0, bottom: height }), `${label}: '${link.text}' in the menu on screen`).toBe(true);
              await shot(page, `${role}-${width}x${height}-menu`);
              await page.keyboard.press('Escape');
              expect(await more.getAttribute('aria-expanded')).toBe('false');
              expect(await page.locator('.top-bar__menu').isVisible()).toBe(false);
              expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);
              // By keyboard: Enter opens, ArrowDown reaches the last link, Enter follows it; the button marks the page.
              await page.keyboard.press('Enter');
              expect(await more.getAttribute('aria-expanded')).toBe('true');
              await page.keyboard.press('ArrowUp');
              expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(inMenu[inMenu.length - 1]);
              await page.keyboard.press('Enter');
              await page.waitForURL((url) => url.pathname !== '/models');
              expect(await more.getAttribute('aria-expanded')).toBe('false');
              expect(await more.getAttribute('class')).toContain('is-active');
              await more.click();
              expect((await menuLinks(page)).filter((link) => link.current).map((link) => link.text)).toEqual([inMenu[inMenu.length - 1]]);
              await page.keyboard.press('Escape');
            } else {
              // On /models, its link is marked as the current page.
              expect(g.links.filter((link) => link.current).map((link) => link.text), label).toEqual(['Модели']);
            }
            expect([...inBar, ...inMenu], `${label}: every link of the role, in order`).toEqual(links);
            await page.goto(`${server.url}/models`);
            await page.locator('.catalog-card').first().waitFor();
            await shot(page, `${role}-${width}x${height}-models`);
          }
          // An admin's links cannot all fit at 860 px: the menu was tried.
          if (role === 'admin') expect(menusTried).toBeGreaterThan(0);
        },
        { signIn: { baseUrl: server.url, account } },
      );
    }, 300_000);
  }
});

describe('/forecasts at 1024 × 700 and 1280 × 800', () => {
  it('shows the forecast controls without scrolling and keeps the hover readout clear of the panels', async () => {
    await withPage(
      browser,
      async ({ page }) => {
        for (const [width, height] of [
          [1024, 700],
          [1280, 800],
        ] as const) {
          await page.setViewportSize({ width, height });
          // POLARIS has the tallest readout; the point panel opens from the link's `point`.
          await page.goto(`${server.url}/forecasts?variable=POLARIS&point=79.6,86.3`);
          await waitForDrawn(page, (drawn) => drawn.endsWith('|POLARIS|0'));
          await page.getByTestId('point-panel').waitFor();
          const groups = await page.locator('.sidebar-group__toggle').allTextContents();
          expect(groups).toEqual(['Прогноз', 'Инструменты', 'Ледовая карта', 'Судно', 'Качество прогноза']);
          // The forecast controls: the date, the run, the leads and the variables, all on screen.
          const controls = [
            page.getByTestId('date-select'),
            page.getByRole('checkbox', { name: 'Ассимилированный прогноз' }),
            ...['+24h', '+72h', 'sithick_GLORYS', 'POLARIS'].map((name) => page.getByRole('button', { name, exact: true })),
          ];
          for (const control of controls) {
            const box = (await control.boundingBox())!;
            expect(box.y + box.height, `${width}×${height}: a forecast control below the window`).toBeLessThanOrEqual(height);
          }
          expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight)).toBe(true);

          // The readout, wherever the cursor is on the map, clear of the point panel, 'Маршрут' and the legend.
          await page.evaluate(() => { window.__forecastMap!.jumpTo({ center: [90, 78], zoom: 3 }); });
          await waitForIdle(page);
          const panels = ['[data-testid="point-panel"]', '.route-panel', '[data-testid="legend"]'];
          // The point panel's table is whole (no scrolling sideways inside the panel).
          await shot(page, `forecasts-${width}x${height}-panels`);
          const panelWidths = await page.getByTestId('point-panel').evaluate((panel) => [panel.scrollWidth, panel.clientWidth]);
          expect(panelWidths[0], `${width}×${height}: the point panel's content wider than the panel`).toBeLessThanOrEqual(panelWidths[1]);
          // The panels themselves do not cover one another (the point panel narrows beside POLARIS's legend).
          const boxes = await Promise.all(panels.map((selector) => page.locator(selector).first().boundingBox()));
          for (let i = 0; i < boxes.length; i++) {
            for (let j = i + 1; j < boxes.length; j++) {
              const [a, b] = [boxes[i]!, boxes[j]!];
              const clash = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
              expect(clash, `${width}×${height}: ${panels[i]} over ${panels[j]}`).toBe(false);
            }
          }
          // Right of the point panel; the bottom left, where the readout docks; below the point panel.
          for (const [px, py] of [
            [width - 150, 250],
            [450, height - 40],
            [width / 2 + 150, height - 150],
          ]) {
            await page.mouse.move(px, py);
            const readout = page.getByTestId('hover-readout');
            await readout.waitFor({ timeout: 10_000 });
            const r = (await readout.boundingBox())!;
            for (const selector of panels) {
              const p = await page.locator(selector).first().boundingBox();
              if (!p) continue;
              const clash = r.x < p.x + p.width && p.x < r.x + r.width && r.y < p.y + p.height && p.y < r.y + r.height;
              expect(clash, `${width}×${height}: the readout under ${selector}`).toBe(false);
            }
          }
          await page.mouse.move(width - 150, 250);
          await shot(page, `forecasts-${width}x${height}`);
        }
      },
      { signIn: { baseUrl: server.url, account: demoAccounts.admin } },
    );
  }, 300_000);
});

describe("/forecasts' sidebar at 1366 × 768", () => {
  it("shows 'Режим' whole: 'Вероятность льда' and the difference pairs each inside its button", async () => {
    await withPage(
      browser,
      async ({ page }) => {
        await page.setViewportSize({ width: 1366, height: 768 });
        await page.goto(`${server.url}/forecasts`);
        await waitForDrawn(page, (drawn) => drawn.endsWith('|0'));
        const mode = page.getByRole('group', { name: 'Режим' });
        await mode.scrollIntoViewIfNeeded();
        /** Each button of `group`: its text, how far its content runs past its border (px), its right edge. */
        const buttons = (group: Locator) =>
          group.locator('button').evaluateAll((all) =>
            all.map((button) => ({ text: button.textContent, overflow: button.scrollWidth - button.clientWidth, right: button.getBoundingClientRect().right })),
          );
        const modes = await buttons(mode.locator('.forecast-sidebar__buttons').first());
        expect(modes.map((b) => b.text)).toEqual(['Поле', 'Разность', 'Вероятность льда']);
        await mode.getByRole('button', { name: 'Разность', exact: true }).click();
        const kinds = await buttons(mode.getByRole('group', { name: 'Разность' }));
        expect(kinds.map((b) => b.text)).toEqual(['Ассимилированный − свободный', 'Прогноз − анализ']);
        for (const button of [...modes, ...kinds]) {
          expect(button.overflow, `'${button.text}' runs past its button`).toBeLessThanOrEqual(0);
          expect(button.right, `'${button.text}' inside the 300 px sidebar`).toBeLessThanOrEqual(300);
        }
        await shot(page, 'forecasts-1366x768-mode');
      },
      { signIn: { baseUrl: server.url, account: demoAccounts.user } },
    );
  }, 300_000);
});
