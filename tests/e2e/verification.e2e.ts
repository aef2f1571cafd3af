/**
 * Issue 21 in Chromium against the real server (demo archive, two days): a plain user opens /verification from
 * the top bar, sees the chart and the scorecard, downloads the CSV (equal to the API's rows); on the map of a past
 * date 'Качество прогноза' shows the IIEE and the skill the API gives, naming the demo truth; on the latest date
 * it says the analysis has not arrived. 'Вероятность льда' draws its own legend with the number of forecasts.
 * 'Район' on /verification names the region in the URL and in every request.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { VerificationReply, VerificationRow } from '../../common/api-types/verification.ts';
import { skillSentence, thousandKm2 } from '../../src/features/verification/verification-format.ts';
import { demoAccounts, screenshotPath, withPage, type RunningServer } from './harness.ts';
import { useJourney } from './journey.ts';

let server: RunningServer;
let browser: Browser;

useJourney((started) => ({ server, browser } = started));

const signedIn = () => ({ signIn: { baseUrl: server.url, account: demoAccounts.user } });

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const reply = await page.request.get(`${server.url}/api/v1/${path}`);
  expect(reply.status(), path).toBe(200);
  return (await reply.json()) as T;
}

/** The forecast dates, and the latest one whose +24 h analysis exists (a past date) and the latest of all. */
async function demoDates(page: Page): Promise<{ past: string; latest: string }> {
  const forecasts = (await getJson<{ available_dates: string[] }>(page, 'forecast/info')).available_dates;
  const analyses = new Set((await getJson<{ available_dates: string[] }>(page, 'analysis/info')).available_dates);
  const past = forecasts.filter((date) => analyses.has(addDays(date, 1))).at(-1);
  if (!past) throw new Error(`no forecast date with a +24 h analysis: ${forecasts.join(', ')}`);
  return { past, latest: forecasts.at(-1)! };
}

/** The records are made in the background after the demo build: wait for the default model's of `date`. */
async function recordsOf(page: Page, query: string, until: (rows: VerificationRow[]) => boolean): Promise<VerificationRow[]> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await getJson<VerificationReply>(page, `verification?${query}`);
    if (until(rows)) return rows;
    if (Date.now() > deadline) throw new Error(`verification records never came: ${query}`);
    await page.waitForTimeout(1000);
  }
}

describe('/verification', () => {
  it('shows a plain user the chart and the scorecard, and downloads the rows as CSV', async () => {
    await withPage(
      browser,
      async ({ page }) => {
        const { past } = await demoDates(page);
        const from = addDays(past, -30);
        const to = addDays(past, 3);
        for (const model of ['model_1', 'model_2', 'model_3']) {
          await recordsOf(page, `model_id=${model}&from=${from}&to=${to}`, (rows) => rows.some((r) => r.date === past && r.lead_hours === 24));
        }
        await page.getByRole('link', { name: 'Проверка' }).click();
        await page.waitForURL(`${server.url}/verification`);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Проверка прогнозов');

        const table = page.getByTestId('scorecard');
        await table.waitFor();
        const models = await table.locator('tbody th').allTextContents();
        expect(new Set(models)).toEqual(new Set(['model_1', 'model_2', 'model_3']));
        expect(await table.locator('tbody tr[data-lead="24"]').count()).toBe(3);
        // Every score cell is coloured as better or worse than persistence (or level with it).
        const classes = await table.locator('tbody td.scorecard__cell').evaluateAll((cells) => cells.map((cell) => cell.className));
        for (const name of classes) expect(name).toMatch(/is-(better|worse|even)/);

        const chart = page.getByTestId('verification-chart');
        await chart.locator('canvas').waitFor();
        const labels = await chart.locator('.u-legend .u-label').allTextContents();
        expect(labels).toContain('model_2 +24 ч');
        expect(labels).toContain('персистентность +24 ч');
        await page.screenshot({ path: screenshotPath('verification-page'), fullPage: true });
        await page.getByRole('button', { name: 'RMSE сплочённости' }).click();
        await page.locator('[data-testid="verification-chart"][data-metric="rmse"] canvas').waitFor();
        await page.screenshot({ path: screenshotPath('verification-page-rmse') });

        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать CSV' }).click()]);
        expect(download.suggestedFilename()).toMatch(/^verification_forecast_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
        const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
        const lines = text.trimEnd().split('\r\n');
        expect(lines[0].split(',').slice(0, 9)).toEqual(['date', 'lead_hours', 'valid_date', 'model_id', 'run', 'truth_source', 'truth_label', 'truth_demo', 'n_cells']);
        // The same rows as the API's for the page's period (the last 30 days) and the three models.
        const [, periodFrom, periodTo] = /_(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2})\.csv$/.exec(download.suggestedFilename())!;
        const api: VerificationRow[] = [];
        for (const model of models) api.push(...(await getJson<VerificationReply>(page, `verification?model_id=${model}&from=${periodFrom}&to=${periodTo}`)).rows);
        expect(lines.length - 1).toBe(api.length);
        const header = lines[0].split(',');
        const row = api.find((r) => r.model_id === 'model_2' && r.date === past && r.lead_hours === 24)!;
        const line = lines.slice(1).map((l) => l.split(',')).find((f) => f[header.indexOf('model_id')] === 'model_2' && f[0] === past && f[1] === '24')!;
        expect(Number(line[header.indexOf('iiee_km2')])).toBe(row.iiee_km2);
        expect(Number(line[header.indexOf('skill_iiee')])).toBe(row.skill_iiee);
        expect(line[header.indexOf('truth_demo')]).toBe('true');
      },
      signedIn(),
    );
  });
});

describe("/verification's 'Район'", () => {
  it("'Арктика целиком' puts region=arctic in the URL and in every request the page makes; the sector's name none", async () => {
    await withPage(
      browser,
      async ({ page }) => {
        const asked: { url: string; status: number }[] = [];
        page.on('response', (response) => {
          if (response.url().includes('/api/v1/verification')) asked.push({ url: response.url(), status: response.status() });
        });
        await page.goto(`${server.url}/verification`);
        await page.getByTestId('scorecard').waitFor();
        const select = page.getByTestId('verification-region');
        expect(await select.locator('option').allTextContents()).toEqual(['Карское море и море Лаптевых', 'Арктика целиком']);
        await expect.poll(() => asked.some((a) => a.url.includes('/api/v1/verification/summary?'))).toBe(true); // beside one per model
        expect(asked.every((a) => !a.url.includes('region='))).toBe(true);
        const before = asked.length;
        await select.selectOption({ label: 'Арктика целиком' });
        await expect.poll(() => new URL(page.url()).searchParams.get('region')).toBe('arctic');
        // One request per model, each naming the region and answered (the summary is asked for once there are records).
        const models = await page.locator('.verification-controls__models input[type="checkbox"]').count();
        expect(models).toBeGreaterThanOrEqual(3);
        await expect.poll(() => asked.slice(before).filter((a) => a.url.includes('/api/v1/verification?') && a.url.endsWith('&region=arctic')).length).toBe(models);
        expect(asked.slice(before).every((a) => a.url.endsWith('&region=arctic') && a.status === 200)).toBe(true);
        // The shared demo archive has no arctic runs: the page says the period has none.
        await expect.poll(() => page.locator('.empty').textContent()).toBe('За выбранный период оценок нет: анализы на эти даты ещё не поступили.');
        await page.screenshot({ path: screenshotPath('verification-page-arctic') });
        // A reload reopens the same region; the sector takes region out of the URL again.
        await page.reload();
        expect(await page.getByTestId('verification-region').inputValue()).toBe('arctic');
        await page.getByTestId('verification-region').selectOption({ label: 'Карское море и море Лаптевых' });
        await expect.poll(() => new URL(page.url()).search).toBe('');
        await page.getByTestId('scorecard').waitFor();
      },
      signedIn(),
    );
  });
});

describe("the map's 'Качество прогноза'", () => {
  it('shows the IIEE and the skill of a past date against the named analysis, and that today’s has not arrived', async () => {
    await withPage(
      browser,
      async ({ page }) => {
        const { past, latest } = await demoDates(page);
        const [row] = await recordsOf(page, `from=${past}&to=${past}`, (rows) => rows.some((r) => r.lead_hours === 24));
        expect(row.lead_hours).toBe(24);

        await page.goto(`${server.url}/forecasts?date=${past}&lead=24&variable=sea_ice_fraction_BREMEN`);
        const section = page.getByTestId('forecast-quality');
        await section.getByTestId('forecast-quality-skill').waitFor({ timeout: 60_000 });
        const text = (await section.textContent())!;
        expect(await page.locator('[data-group="quality"] h2').textContent()).toBe('Качество прогноза');
        expect(text).toContain(thousandKm2(row.iiee_km2));
        expect(text).toContain(skillSentence(row.skill_iiee));
        expect(await section.getByTestId('forecast-quality-truth').textContent()).toBe(`по анализу: ${row.truth.label}`);
        expect(row.truth.demo).toBe(true);
        await section.getByRole('button', { name: 'Показать кромки на карте' }).click();
        await page.getByTestId('edge-legend').locator('[data-run="analysis"]').waitFor({ timeout: 60_000 });
        await page.screenshot({ path: screenshotPath('verification-map-past') });

        await page.getByTestId('date-select').selectOption(latest);
        await page.getByText(`Анализ на ${addDays(latest, 1)} ещё не поступил`).waitFor();
        await page.screenshot({ path: screenshotPath('verification-map-today') });
      },
      signedIn(),
    );
  });

  it("'Вероятность льда' draws its own legend and names how many forecasts made it", async () => {
    await withPage(
      browser,
      async ({ page }) => {
        const { past } = await demoDates(page);
        await page.goto(`${server.url}/forecasts?date=${past}&lead=24&mode=prob`);
        const members = page.getByTestId('probability-members');
        await members.waitFor({ timeout: 90_000 });
        expect(await page.getByTestId('legend').locator('h3').first().textContent()).toBe('Вероятность льда (≥ 15 %)');
        expect(await members.textContent()).toMatch(/^по \d+ прогноз(у|ам)$/);
        expect(Number((await members.textContent())!.split(' ')[1])).toBeGreaterThanOrEqual(2);
        expect(await page.getByTestId('legend-min').textContent()).toBe('0');
        expect(await page.getByTestId('legend-max').textContent()).toBe('1');
        await page.screenshot({ path: screenshotPath('verification-probability') });
      },
      signedIn(),
    );
  });
});
