/**
 * The files that may hold a forecast of a date for 'Вероятность льда': each model's free and assimilated run
 * (`?model_id=`), the models listed once per page load (GET /report/model_architecture; a failure is asked again).
 */
import { forecastFileUrl } from '../../../api/forecast.ts';
import { fetchModelArchitectures } from '../../../api/reports.ts';

let models: Promise<string[]> | null = null;

export async function probabilityMemberUrls(date: string): Promise<string[]> {
  models ??= fetchModelArchitectures().then((list) => list.map((model) => model.model_id));
  models.catch(() => (models = null));
  const ids = await models;
  return ids.flatMap((id) => [forecastFileUrl(date, false, id), forecastFileUrl(date, true, id)]);
}
