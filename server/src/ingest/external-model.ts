/**
 * Models of other systems (`model_type` 'external'): registered by POST /forecast/import, their runs are the
 * imported files (`forecast/<model_id>/<date>.nc`) rather than computed. Hindcast metrics score those files'
 * leads against the analyses of their valid dates, like the computed models' runs.
 */
import { readFile } from 'node:fs/promises';
import type { Db } from '../db/database.ts';
import type { ArchiveContext } from '../archive/pipeline.ts';
import { existingFile } from '../archive/pipeline.ts';
import { resolveInside } from '../archive/file-store.ts';
import { decodeStateFile } from '../archive/forecast-file.ts';
import { fileDates, findModel, insertModel, type ModelRecord } from '../archive/forecast-repository.ts';
import { LEAD_HOURS } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';
import { IngestError } from './errors.ts';

export const EXTERNAL_MODEL_TYPE = 'external';

export const isExternal = (model: Pick<ModelRecord, 'model_type'>): boolean => model.model_type === EXTERNAL_MODEL_TYPE;

/** The external model `modelId`, registered now if new; a computed model of that id is refused. */
export async function registerExternalModel(db: Db, modelId: string): Promise<ModelRecord> {
  const existing = await findModel(db, modelId);
  if (existing && !isExternal(existing)) {
    throw new IngestError(`идентификатор ${modelId} занят моделью типа ${existing.model_type}: выберите другой model_id для внешней модели`);
  }
  if (!existing) await insertModel(db, { model_id: modelId, model_type: EXTERNAL_MODEL_TYPE, hyperparameters: {}, is_default: false });
  return (await findModel(db, modelId))!;
}

/** Dates of the model's imported runs, oldest first. */
export const importedDates = (db: Db, modelId: string): Promise<string[]> => fileDates(db, 'forecast', modelId);

/** The imported run of `date` (one state per lead of LEAD_HOURS), or undefined when there is none. */
export async function importedRun(ctx: ArchiveContext, modelId: string, date: string): Promise<IceState[] | undefined> {
  const record = await existingFile(ctx, 'forecast', modelId, date);
  if (!record) return undefined;
  const buffer = await readFile(resolveInside(ctx.dataDir, record.path));
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return LEAD_HOURS.map((_, lead) => decodeStateFile(bytes, lead).state);
}

/** What identifies an external model's runs for its metrics fingerprint: each file's date and ETag. */
export async function importedFingerprint(ctx: ArchiveContext, modelId: string): Promise<string[]> {
  const prints: string[] = [];
  for (const date of await importedDates(ctx.db, modelId)) prints.push(`${date}:${(await existingFile(ctx, 'forecast', modelId, date))?.etag ?? ''}`);
  return prints;
}
