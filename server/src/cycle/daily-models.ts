/**
 * Which models the daily cycle runs, and which is the default: the default model (DEFAULT_MODEL, set at every
 * start) and every model marked `run_daily` (migration 11).
 */
import type { Db } from '../db/database.ts';
import { findModel } from '../archive/forecast-repository.ts';

/** The default model first, then the others marked run_daily, by id. */
export async function dailyModels(db: Db, defaultId: string): Promise<string[]> {
  const rows = await db.selectFrom('models').select('model_id').where('run_daily', '=', 1).orderBy('model_id').execute();
  return [defaultId, ...rows.map((row) => row.model_id).filter((id) => id !== defaultId)];
}

export async function setRunDaily(db: Db, modelId: string, runDaily: boolean): Promise<boolean> {
  const result = await db.updateTable('models').set({ run_daily: runDaily ? 1 : 0 }).where('model_id', '=', modelId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

class UnknownDefaultModelError extends Error {
  override name = 'UnknownDefaultModelError';
}

/**
 * Make `modelId` the default (one transaction: the unique index allows one default at a time). Throws when no
 * such model exists, so a mistyped DEFAULT_MODEL stops the start with the reason.
 */
export async function setDefaultModel(db: Db, modelId: string): Promise<void> {
  if (!(await findModel(db, modelId))) throw new UnknownDefaultModelError(`DEFAULT_MODEL=${modelId}: no such model`);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('models').set({ is_default: 0 }).where('is_default', '=', 1).where('model_id', '!=', modelId).execute();
    await trx.updateTable('models').set({ is_default: 1 }).where('model_id', '=', modelId).execute();
  });
}
