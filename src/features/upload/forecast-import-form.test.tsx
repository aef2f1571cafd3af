import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor, type Rendered } from '../../testing/page-helpers.tsx';
import { ForecastImportForm } from './forecast-import-form.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that keeps the multipart form it was sent and answers the import and its job (whose result is `result`). */
function fakeServer(importReply: Response, result: Record<string, unknown> = {}) {
  const sent: FormData[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/v1/forecast/import') && init?.method === 'POST') {
      sent.push(init.body as FormData);
      return importReply;
    }
    if (url.endsWith('/api/v1/jobs/5')) {
      return json(200, {
        id: 5, kind: 'import_forecast', status: 'succeeded', progress: 1, message: null, request: {}, user_id: 1,
        result: { model_id: 'roms_arctic20', date: '2016-02-01', ...result },
        created_at: '2026-01-01T00:00:00Z', started_at: null, finished_at: null,
      });
    }
    throw new Error(`unexpected ${url}`);
  });
  return sent;
}

async function fill(modelId: string, region: string | null) {
  const form = view!.container.querySelector('[data-testid="forecast-import"] form')!;
  const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
  const files = new DataTransfer();
  files.items.add(new File([new Uint8Array([0x43, 0x44, 0x46, 1])], 'Arctic20_1to5Feb_2016.nc'));
  input.files = files.files;
  await act(async () => {
    form.querySelector<HTMLInputElement>('input[name="model_id"]')!.value = modelId;
    if (region) form.querySelector<HTMLSelectElement>('select[name="region"]')!.value = region;
  });
  return form;
}

const submit = (form: Element) =>
  act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });

describe("/upload: 'Импортировать прогноз внешней модели'", () => {
  it("offers 'Район', sends region=arctic with the file and the model's id, and names the region of the imported run", async () => {
    const sent = fakeServer(json(202, { message: 'Импорт файла начат', job_id: 5 }), { region: 'arctic' });
    view = await render(<ForecastImportForm />);
    const options = [...view.container.querySelectorAll('select[name="region"] option')].map((option) => option.textContent);
    expect(options).toEqual(['Карское море и море Лаптевых', 'Арктика целиком']);
    expect(view.container.querySelector<HTMLSelectElement>('select[name="region"]')!.value).toBe('sector');
    await submit(await fill('roms_arctic20', 'arctic'));
    await waitFor(() => expect(view!.container.textContent).toContain('Прогноз модели roms_arctic20 за 2016-02-01 импортирован (Арктика целиком)'));
    expect(sent).toHaveLength(1);
    expect(sent[0].get('region')).toBe('arctic');
    expect(sent[0].get('model_id')).toBe('roms_arctic20');
    expect(sent[0].get('date')).toBeNull();
    expect((sent[0].get('file') as File).name).toBe('Arctic20_1to5Feb_2016.nc');
  });

  it("the sector (the default) is asked for without region, as before; the server's reason shown when refused", async () => {
    const sent = fakeServer(json(422, { detail: 'Поле model_id обязательно: латинские буквы, цифры, _ и - (до 64 символов)' }));
    view = await render(<ForecastImportForm />);
    await submit(await fill('roms arctic', null));
    await waitFor(() => expect(view!.container.querySelector('[role="alert"]')?.textContent).toBe('Поле model_id обязательно: латинские буквы, цифры, _ и - (до 64 символов)'));
    expect(sent[0].get('region')).toBeNull();
  });
});
