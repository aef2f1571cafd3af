/**
 * Seeding by processes that start together: each process has its own connection pool to one empty PostgreSQL
 * database, and all seed the built-in models (with DEFAULT_MODEL), the demo dataset and the demo accounts at
 * the same moment, as API servers started in the same second do. Timing decides a race, so it runs many rounds.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { seedDemoAccounts } from '../../src/db/demo-users.ts';
import { seedDataset, seedModels } from '../../src/cycle/demo-archive.ts';
import { tempDir } from '../helpers.ts';
import { createTestDatabase } from '../postgres/databases.ts';

/** Processes seeding at once, and rounds (a check-then-insert failed in 1 to 3 rounds of 150 here). */
const PROCESSES = 6;
const ROUNDS = 250;

async function openPools(): Promise<Db[]> {
  const database = await createTestDatabase();
  onTestFinished(() => database.drop());
  const target = { dataDir: tempDir(), databaseUrl: database.url };
  const pools = await Promise.all(Array.from({ length: PROCESSES }, () => openDatabase(target, { poolSize: 3 })));
  onTestFinished(async () => {
    for (const db of pools) await db.destroy();
  });
  return pools;
}

async function emptySeedTables(db: Db): Promise<void> {
  await db.deleteFrom('models').execute();
  await db.deleteFrom('datasets').execute();
  await db.deleteFrom('users').execute();
}

describe('seeding by processes that start together (PostgreSQL)', () => {
  it(`${PROCESSES} processes × ${ROUNDS} rounds: none fails, each seed row once, one default`, async () => {
    const pools = await openPools();
    const failures = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      await emptySeedTables(pools[0]);
      const results = await Promise.allSettled(pools.map((db) => seedModels(db, 'model_2')));
      for (const result of results) {
        if (result.status === 'rejected') failures.set(String(result.reason), (failures.get(String(result.reason)) ?? 0) + 1);
      }
      const models = await pools[0].selectFrom('models').select(['model_id', 'is_default']).orderBy('model_id').execute();
      expect(models, `round ${round}`).toEqual([
        { model_id: 'model_1', is_default: 0 },
        { model_id: 'model_2', is_default: 1 },
        { model_id: 'model_3', is_default: 0 },
      ]);
    }
    expect(Object.fromEntries(failures)).toEqual({});
  }, 300_000);

  it('the dataset and the demo accounts, seeded by every process at once, are there once each', async () => {
    const pools = await openPools();
    await Promise.all(pools.map(async (db) => Promise.all([seedDataset(db), seedDemoAccounts(db), seedModels(db)])));
    const datasets = await pools[0].selectFrom('datasets').select('dataset_id').execute();
    expect(datasets).toEqual([{ dataset_id: 'demo_analysis' }]);
    const users = await pools[0].selectFrom('users').select('email').orderBy('email').execute();
    expect(users.map((user) => user.email)).toEqual(['admin@demo.local', 'super@demo.local', 'test@demo.local']);
    const defaults = await pools[0].selectFrom('models').select('model_id').where('is_default', '=', 1).execute();
    expect(defaults).toEqual([{ model_id: 'model_2' }]);
  }, 120_000);
});
