/**
 * What the map page's sidebar says of the link (workers/forecast/link-decision.ts): its mode and the rate the
 * decode worker measured, as the benches record it beside their timings (bench:switch, bench:slow-link).
 */
import type { Page } from 'playwright-core';

/** 'whole 94 Мбит/с' or 'slices 0,26 Мбит/с', waiting up to `timeoutMs` for it; '' when none is shown (the peer). */
export async function linkShown(page: Page, timeoutMs = 10_000): Promise<string> {
  const status = page.getByTestId('link-decision');
  try {
    await status.waitFor({ timeout: timeoutMs });
  } catch {
    return '';
  }
  const text = (await status.textContent()) ?? '';
  return `${await status.getAttribute('data-mode')} ${/\((.+?), порог/.exec(text)?.[1] ?? text}`;
}
