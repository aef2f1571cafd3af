import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, fakeApi, render, waitFor, type Rendered } from '../../testing/page-helpers.tsx';
import { UploadPage } from './upload-page.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

const job = (status: string, progress: number, extra: object = {}) => ({
  id: 7,
  kind: 'force_fetch_data',
  status,
  progress,
  message: null,
  result: null,
  request: {},
  user_id: 1,
  created_at: '2026-01-01T00:00:00Z',
  started_at: null,
  finished_at: null,
  ...extra,
});

const button = () => byText(view!.container, 'button', 'Загрузить данные на сегодня');

describe('/upload', () => {
  it('starts the upload, shows the server message, then follows the job to its result', async () => {
    let polls = 0;
    const seen = fakeApi({
      'GET /api/v1/jobs': { status: 200, body: [] },
      'POST /api/v1/force_fetch_data': { status: 202, body: { message: 'Начало загрузки данных', job_id: 7 } },
      'GET /api/v1/jobs/7': () => {
        polls += 1;
        return polls === 1
          ? { status: 200, body: job('running', 0.5, { message: 'writing forecasts' }) }
          : { status: 200, body: job('succeeded', 1, { result: { date: '2026-01-01' } }) };
      },
    });
    view = await render(<UploadPage />);
    expect(view.container.querySelector('h1')?.textContent).toBe('Загрузка данных');
    await click(button());
    await waitFor(() => expect(view!.container.textContent).toContain('Начало загрузки данных'));
    await waitFor(() => expect(view!.container.textContent).toContain('Выполняется — 50%'));
    expect(view.container.querySelector('progress')?.getAttribute('value')).toBe('50');
    await waitFor(() => expect(view!.container.textContent).toContain('Данные за 2026-01-01 загружены'), 4000);
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("shows the server's detail when an upload is already running", async () => {
    fakeApi({
      'GET /api/v1/jobs': 'network-error',
      'POST /api/v1/force_fetch_data': { status: 409, body: { detail: 'Загрузка уже идёт' } },
    });
    view = await render(<UploadPage />);
    await click(button());
    await waitFor(() => expect(view!.container.querySelector('[role="alert"]')?.textContent).toBe('Загрузка уже идёт'));
  });

  it('shows the generic failure when the server is unreachable, and clears it on the next press', async () => {
    let reachable = false;
    fakeApi({
      'GET /api/v1/jobs': { status: 200, body: [job('succeeded', 1, { id: 3 })] },
      'POST /api/v1/force_fetch_data': () =>
        reachable ? { status: 202, body: { message: 'Начало загрузки данных', job_id: 7 } } : 'network-error',
      'GET /api/v1/jobs/7': { status: 200, body: job('failed', 0.2, { message: 'disk full' }) },
    });
    view = await render(<UploadPage />);
    await click(button());
    await waitFor(() => expect(view!.container.textContent).toContain('Ошибка при загрузке данных'));
    reachable = true;
    await click(button());
    await waitFor(() => expect(view!.container.textContent).toContain('disk full'));
    expect(view.container.textContent).not.toContain('Ошибка при загрузке данных');
    expect(view.container.textContent).toContain('Ошибка');
  });

  it('follows an upload that is already under way when the page opens', async () => {
    fakeApi({
      'GET /api/v1/jobs': {
        status: 200,
        body: [job('running', 0.3, { id: 9, kind: 'generate_model' }), job('running', 0.25, { id: 7 })],
      },
      'GET /api/v1/jobs/7': { status: 200, body: job('running', 0.25, { message: 'writing forecasts' }) },
    });
    view = await render(<UploadPage />);
    await waitFor(() => expect(view!.container.textContent).toContain('Задача №7: Выполняется — 25%'));
  });
});
