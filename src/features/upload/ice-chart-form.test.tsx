import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor, type Rendered } from '../../testing/page-helpers.tsx';
import { IceChartForm } from './ice-chart-form.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that keeps the multipart form it was sent and answers the import and its job. */
function fakeServer(importReply: Response) {
  const sent: FormData[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/v1/icecharts') && init?.method === 'POST') {
      sent.push(init.body as FormData);
      return importReply;
    }
    if (url.endsWith('/api/v1/jobs/9')) {
      return json(200, {
        id: 9, kind: 'import_icechart', status: 'succeeded', progress: 1, message: null, request: {}, user_id: 1,
        result: { chart_id: 3, source: 'ААНИИ', valid_time: '2014-02-11T00:00:00Z', polygons: 342 },
        created_at: '2026-01-01T00:00:00Z', started_at: null, finished_at: null,
      });
    }
    throw new Error(`unexpected ${url}`);
  });
  return sent;
}

async function fill(validTime: string, source: string) {
  const form = view!.container.querySelector('[data-testid="ice-chart-upload"] form')!;
  const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'aari_arc_20140211_pl_a.zip', { type: 'application/zip' });
  const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
  const files = new DataTransfer();
  files.items.add(file);
  input.files = files.files;
  await act(async () => {
    form.querySelector<HTMLInputElement>('input[name="valid_time"]')!.value = validTime;
    form.querySelector<HTMLInputElement>('input[name="source"]')!.value = source;
  });
  return form;
}

const submit = (form: Element) =>
  act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });

describe("/upload: 'Загрузить ледовую карту'", () => {
  it('sends the zip with the valid time as UTC and the service, then follows the import job to its chart', async () => {
    const sent = fakeServer(json(202, { message: 'Импорт ледовой карты начат', job_id: 9 }));
    view = await render(<IceChartForm />);
    const form = await fill('2014-02-11T00:00', 'ААНИИ');
    await submit(form);
    await waitFor(() => expect(view!.container.textContent).toContain('Ледовая карта ААНИИ на 2014-02-11 00:00 загружена, полигонов: 342'));
    expect(sent).toHaveLength(1);
    expect(sent[0].get('valid_time')).toBe('2014-02-11T00:00:00Z');
    expect(sent[0].get('source')).toBe('ААНИИ');
    expect(sent[0].get('replace')).toBeNull();
    expect((sent[0].get('file') as File).name).toBe('aari_arc_20140211_pl_a.zip');
    expect(view.container.textContent).toContain('Импорт ледовой карты начат');
  });

  it("shows the server's Russian reason when the set is refused", async () => {
    fakeServer(json(422, { detail: 'нет полей SIGRID-3: CT, SA' }));
    view = await render(<IceChartForm />);
    const form = await fill('', '');
    await submit(form);
    await waitFor(() => expect(view!.container.querySelector('[role="alert"]')?.textContent).toBe('нет полей SIGRID-3: CT, SA'));
  });
});
