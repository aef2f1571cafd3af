import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiJson } from '../api/client.ts';
import { databaseUnavailableMessage, loadErrorMessage } from './load-error.ts';

/** The error the app's client raises for a reply, as the server sends it (fetch answered by a stub). */
async function failureFor(status: number, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })));
  try {
    await apiJson('users/me');
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => vi.unstubAllGlobals());

describe("the database's 503 in Russian", () => {
  it('names the wait the server gave, in the right form of «секунда»', async () => {
    const cases: Array<[string, string]> = [
      ['5', 'База данных недоступна. Повторите через 5 секунд.'],
      ['1', 'База данных недоступна. Повторите через 1 секунду.'],
      ['3', 'База данных недоступна. Повторите через 3 секунды.'],
      ['12', 'База данных недоступна. Повторите через 12 секунд.'],
      ['22', 'База данных недоступна. Повторите через 22 секунды.'],
    ];
    for (const [retryAfter, text] of cases) {
      const error = await failureFor(503, { detail: 'Database unavailable' }, { 'retry-after': retryAfter });
      expect(loadErrorMessage(error)).toBe(text);
      expect(databaseUnavailableMessage(error)).toBe(text);
    }
  });

  it('says to try later when no wait was given', async () => {
    const error = await failureFor(503, { detail: 'Database unavailable' });
    expect(loadErrorMessage(error, 'Не удалось загрузить задания')).toBe('База данных недоступна. Повторите позже.');
  });

  it('leaves other 503s and other errors as they were', async () => {
    const starting = await failureFor(503, { detail: 'STARTING' }, { 'retry-after': '2' });
    expect(databaseUnavailableMessage(starting)).toBeNull();
    expect(loadErrorMessage(starting)).toBe('Не удалось загрузить данные: STARTING');
    const serverError = await failureFor(500, { detail: 'Database unavailable' });
    expect(databaseUnavailableMessage(serverError)).toBeNull();
    expect(loadErrorMessage(await failureFor(401, { detail: 'Not authenticated' }))).toBe('Сессия истекла. Войдите снова.');
  });
});
