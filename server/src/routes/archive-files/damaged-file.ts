/**
 * A forecast file found damaged while being served (archive/file-integrity.ts): logged, marked in the index (the
 * pipeline then writes it again), its date handed back to the daily cycle, and answered 503 with what was found,
 * at once: never a cut body with 200, never a wait.
 */
import type { FastifyInstance } from 'fastify';
import { checkFile, markDamaged } from '../../archive/file-integrity.ts';
import { setFileDamage, type FileRecord } from '../../archive/forecast-repository.ts';
import { cycleDates, saveCycleDate } from '../../cycle/cycle-repository.ts';
import { HttpError } from '../../http-error.ts';

/** The 503's detail: which file, what was found, what happens next. */
export const damagedDetail = (file: FileRecord, damage: string): string =>
  `Файл ${file.kind}/${file.owner} за ${file.date} повреждён (${damage}); он будет пересоздан при следующем запуске ежедневного цикла`;

/** Throws the 503 when `full` (the file of `record`) is not the file written; clears an old mark when it is again. */
export async function ensureWhole(app: FastifyInstance, full: string, record: FileRecord): Promise<void> {
  const damage = await checkFile(app.db, full, record);
  if (damage === null) {
    // Put back whole by hand (a restore): served again.
    if (record.damaged_at) await setFileDamage(app.db, record, null);
    return;
  }
  const detail = damagedDetail(record, damage);
  if (!record.damaged_at || record.damage !== damage) {
    app.log.error({ kind: record.kind, owner: record.owner, date: record.date, path: record.path, damage }, 'forecast file damaged on disk: marked for rebuilding');
    await markDamaged(app.db, full, record, damage);
    await handBackToCycle(app, record.date, detail);
  }
  throw new HttpError(503, detail, { 'retry-after': '600' });
}

/** A date the cycle had done (or never ran) is failed with the reason, so its next tick makes the file again. */
async function handBackToCycle(app: FastifyInstance, date: string, detail: string): Promise<void> {
  const row = (await cycleDates(app.db, [date])).get(date);
  if (row && ['queued', 'running', 'retired'].includes(row.status)) return;
  await saveCycleDate(app.db, date, { status: 'failed', message: detail });
}
