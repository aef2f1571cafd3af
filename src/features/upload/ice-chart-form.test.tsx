import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor, type Rendered } from '../../testing/page-helpers.tsx';
import { chooseFile, fakeUploadServer, jsonReply as json, submitForm as submit } from '../../testing/upload-form.ts';
import { IceChartForm } from './ice-chart-form.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

/** The import's job, succeeded with ААНИИ's chart of 2014-02-11. */
const fakeServer = (reply: Response) =>
  fakeUploadServer('icecharts', reply, { id: 9, kind: 'import_icechart', result: { chart_id: 3, source: 'ААНИИ', valid_time: '2014-02-11T00:00:00Z', polygons: 342 } });

async function fill(validTime: string, source: string) {
  const form = view!.container.querySelector('[data-testid="ice-chart-upload"] form')!;
  chooseFile(form, new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'aari_arc_20140211_pl_a.zip', { type: 'application/zip' }));
  await act(async () => {
    form.querySelector<HTMLInputElement>('input[name="valid_time"]')!.value = validTime;
    form.querySelector<HTMLInputElement>('input[name="source"]')!.value = source;
  });
  return form;
}

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
