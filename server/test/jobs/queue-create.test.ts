/**
 * Creating the job queue when several processes start at once (issue 15): two API servers started together
 * could both run pg-boss's create_queue and deadlock, and the one PostgreSQL aborted exited at start. Now the
 * aborted one tries again and finds the queue made. On the run's real PostgreSQL, and with a queue stand-in
 * for the abort itself (a deadlock cannot be made to happen on demand).
 */
import PgBoss from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import { createBoss, createQueue, DEFAULT_QUEUE_SETTINGS, QUEUE } from '../../src/jobs/queue/queue-settings.ts';
import { createTestDatabase } from '../postgres/databases.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('createQueue', () => {
  it('lets six processes start at once on a fresh database, with one queue made', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const bosses = Array.from({ length: 6 }, () => createBoss(database.url, 'api'));
    for (const boss of bosses) {
      boss.on('error', () => undefined); // the connections end when the test database is dropped
      cleanups.push(() => boss.stop({ graceful: false, wait: true }));
    }
    await Promise.all(bosses.map((boss) => boss.start()));
    await Promise.all(bosses.map((boss) => createQueue(boss, DEFAULT_QUEUE_SETTINGS)));
    const queues = await bosses[0].getQueues();
    expect(queues.filter((queue) => queue.name === QUEUE)).toHaveLength(1);
  });

  it('tries again after PostgreSQL aborted the creation as a deadlock, and gives up on other errors', async () => {
    const calls: string[] = [];
    let made = false;
    const deadlockOnce: Pick<PgBoss, 'createQueue' | 'getQueue'> = {
      getQueue: async () => (calls.push('get'), made ? ({ name: QUEUE } as PgBoss.QueueResult) : null),
      createQueue: async () => {
        calls.push('create');
        if (calls.filter((c) => c === 'create').length === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        made = true;
      },
    };
    await createQueue(deadlockOnce, DEFAULT_QUEUE_SETTINGS);
    expect(calls).toEqual(['get', 'create', 'get', 'create']);
    await createQueue(deadlockOnce, DEFAULT_QUEUE_SETTINGS);
    expect(calls.slice(4)).toEqual(['get']);

    const refused: Pick<PgBoss, 'createQueue' | 'getQueue'> = {
      getQueue: async () => null,
      createQueue: async () => {
        throw Object.assign(new Error('permission denied for schema pgboss'), { code: '42501' });
      },
    };
    await expect(createQueue(refused, DEFAULT_QUEUE_SETTINGS)).rejects.toThrow('permission denied');
  });
});
