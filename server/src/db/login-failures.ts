/**
 * Failed sign-in counters (migration 7), the store behind auth/login-throttle.ts: one row per key
 * ('account:<email>', 'address:<ip>', 'device:<id>|<email>'), so every API server on one database counts the same
 * failures. `admit` is one conditional upsert, so of several attempts racing for one turn (on one server or many)
 * exactly one gets it. A counter idle longer than the window counts as gone: reads skip it, the next failure restarts it
 * at 1, and rows idle that long are deleted as failures come in (the table stays as small as the window's
 * traffic).
 */
import { sql } from 'kysely';
import type { ThrottleStore } from '../auth/login-throttle.ts';
import type { Db } from './database.ts';

export function databaseFailureStore(db: Db, windowMs: number): ThrottleStore {
  return {
    async read(keys, now) {
      const rows = await db
        .selectFrom('login_failures')
        .select(['key', 'failures', 'last_failure'])
        .where('key', 'in', keys)
        .where('last_failure', '>=', now - windowMs)
        .execute();
      return new Map(rows.map((row) => [row.key, { failures: row.failures, lastFailure: row.last_failure }]));
    },
    async fail(keys, now) {
      // An upsert per key, all in one statement: concurrent failures on several servers all count.
      await db
        .insertInto('login_failures')
        .values(keys.map((key) => ({ key, failures: 1, last_failure: now })))
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql<number>`CASE WHEN login_failures.last_failure < ${now - windowMs} THEN 1 ELSE login_failures.failures + 1 END`,
            last_failure: sql<number>`excluded.last_failure`,
          }),
        )
        .execute();
      await db.deleteFrom('login_failures').where('last_failure', '<', now - windowMs).execute();
    },
    async admit(key, now, delaysMs) {
      // The wait after f failures as a CASE over the counter's own column, so the test and the count are one statement.
      const last = delaysMs.length - 1;
      const delay = sql.join(
        delaysMs.slice(0, last).map((ms, failures) => sql`WHEN ${sql.lit(failures)} THEN ${sql.lit(ms)}`),
        sql` `,
      );
      const row = await db
        .insertInto('login_failures')
        .values({ key, failures: 1, last_failure: now })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({
              failures: sql<number>`CASE WHEN login_failures.last_failure < ${now - windowMs} THEN 1 ELSE login_failures.failures + 1 END`,
              last_failure: sql<number>`excluded.last_failure`,
            })
            .where(
              sql<boolean>`login_failures.last_failure < ${now - windowMs} OR login_failures.last_failure + CASE login_failures.failures ${delay} ELSE ${sql.lit(delaysMs[last])} END <= ${now}`,
            ),
        )
        .returning('failures')
        .executeTakeFirst();
      return row !== undefined;
    },
    async touch(key, now) {
      await db.updateTable('login_failures').set({ last_failure: now }).where('key', '=', key).where('last_failure', '<', now).execute();
    },
    async forgive(key) {
      await db.updateTable('login_failures').set({ failures: sql<number>`failures - 1` }).where('key', '=', key).where('failures', '>', 0).execute();
    },
    async clear(keys) {
      await db.deleteFrom('login_failures').where('key', 'in', keys).execute();
    },
  };
}
