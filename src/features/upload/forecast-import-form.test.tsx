import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor, type Rendered } from '../../testing/page-helpers.tsx';
import { chooseFile, fakeUploadServer, jsonReply, submitForm as submit } from '../../testing/upload-form.ts';
import { ForecastImportForm } from './forecast-import-form.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

async function fill(modelId: string, region: string | null) {
  const form = view!.container.querySelector('[data-testid="forecast-import"] form')!;
  chooseFile(form, new File([new Uint8Array([0x43, 0x44, 0x46, 1])], 'Arctic20_1to5Feb_2016.nc'));
  await act(async () => {
    form.querySelector<HTMLInputElement>('input[name="model_id"]')!.value = modelId;
    if (region) form.querySelector<HTMLSelectElement>('select[name="region"]')!.value = region;
  });
  return form;
}

/** The import's job, succeeded with the model's run of 2016-02-01 (and `result`'s other fields). */
const server = (reply: Response, result: Record<string, unknown> = {}) =>
  fakeUploadServer('forecast/import', reply, { id: 5, kind: 'import_forecast', result: { model_id: 'roms_arctic20', date: '2016-02-01', ...result } });

describe("/upload: 'Импортировать прогноз внешней модели'", () => {
  it("offers 'Район', sends region=arctic with the file and the model's id, and names the region of the imported run", async () => {
    const sent = server(jsonReply(202, { message: 'Импорт файла начат', job_id: 5 }), { region: 'arctic' });
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
    const sent = server(jsonReply(422, { detail: 'Поле model_id обязательно: латинские буквы, цифры, _ и - (до 64 символов)' }));
    view = await render(<ForecastImportForm />);
    await submit(await fill('roms arctic', null));
    await waitFor(() => expect(view!.container.querySelector('[role="alert"]')?.textContent).toBe('Поле model_id обязательно: латинские буквы, цифры, _ и - (до 64 символов)'));
    expect(sent[0].get('region')).toBeNull();
  });
});
