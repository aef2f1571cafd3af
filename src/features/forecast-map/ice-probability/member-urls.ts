/**
 * The files that may hold a forecast of a date for 'Вероятность льда': each model's free and assimilated run
 * (`?model_id=`) on the region's grid (`region=arctic` for the whole Arctic), the models listed once per page load (GET /report/model_architecture; a failure is asked again).
 * The default model's runs are named as the map names them (no `model_id`: the server's default), so the file on
 * the map is the worker's cached one, not downloaded again under a second URL.
 */
import { forecastFileUrl } from '../../../api/forecast.ts';
import { fetchModelArchitectures } from '../../../api/reports.ts';
import type { RegionId } from '../../../../common/regions/types.ts';

let models: Promise<Array<{ id: string; isDefault: boolean }>> | null = null;

export async function probabilityMemberUrls(date: string, region: RegionId = 'sector'): Promise<string[]> {
  models ??= fetchModelArchitectures().then((list) => list.map((model) => ({ id: model.model_id, isDefault: model.is_default === true })));
  models.catch(() => (models = null));
  const list = await models;
  return list.flatMap(({ id, isDefault }) => {
    const modelId = isDefault ? undefined : id;
    return [forecastFileUrl(date, false, modelId, region), forecastFileUrl(date, true, modelId, region)];
  });
}
