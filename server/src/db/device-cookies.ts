/**
 * Known browsers (migration 9), the rows behind plugins/device-cookie.ts: one row per browser id (SHA-256 hex of the
 * random id its `device` cookie carries) and account it has signed in to. Times are Unix seconds. Rows go when the
 * account signs out everywhere or changes its password, when it is deleted (cascade), and when they expire.
 */
import type { Db } from './database.ts';

/** Is this browser id known for this account, and not expired at `now`? */
export async function isKnownDevice(db: Db, id: string, userId: number, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('device_cookies')
    .select('user_id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * After a successful sign-in: the browser gets the new id `id`; the accounts its previous id (`previousId`) was
 * known for move to the new one (a copy of the old cookie stops working), and `userId` is known from now until
 * `expiresAt`.
 */
export async function rememberDevice(
  db: Db,
  device: { id: string; previousId: string | null; userId: number; now: number; expiresAt: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (device.previousId) {
      await trx
        .updateTable('device_cookies')
        .set({ id: device.id })
        .where('id', '=', device.previousId)
        .where('expires_at', '>', device.now)
        .execute();
      await trx.deleteFrom('device_cookies').where('id', '=', device.previousId).execute();
    }
    await trx.deleteFrom('device_cookies').where('user_id', '=', device.userId).where('expires_at', '<=', device.now).execute();
    await trx
      .insertInto('device_cookies')
      .values({ id: device.id, user_id: device.userId, created_at: device.now, expires_at: device.expiresAt })
      .onConflict((oc) => oc.columns(['id', 'user_id']).doUpdateSet({ expires_at: device.expiresAt }))
      .execute();
  });
}

/** Forget every browser of an account; returns how many there were. */
export async function forgetUserDevices(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('device_cookies').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
