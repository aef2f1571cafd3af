import { describe, expect, it } from 'vitest';
import { runStartupTasks } from '../src/startup.ts';
import { makeApp } from './helpers.ts';

describe('runStartupTasks', () => {
  it('runs the tasks in order with the app', async () => {
    const { app } = await makeApp();
    const seen: string[] = [];
    await runStartupTasks(app, [
      { name: 'first', run: async (a) => void seen.push(`first:${a.config.port}`) },
      { name: 'second', run: async () => void seen.push('second') },
    ]);
    expect(seen).toEqual(['first:8080', 'second']);
  });

  it('stops at a failing task and names it', async () => {
    const { app } = await makeApp();
    const seen: string[] = [];
    const run = runStartupTasks(app, [
      {
        name: 'demo archive',
        run: async () => {
          throw new Error('disk full');
        },
      },
      { name: 'never', run: async () => void seen.push('never') },
    ]);
    await expect(run).rejects.toThrow('startup task "demo archive" failed: disk full');
    expect(seen).toEqual([]);
  });

  it('runs a task again once the database answers, when it failed because the database was away', async () => {
    const { app } = await makeApp();
    let tries = 0;
    await runStartupTasks(app, [
      {
        name: 'demo archive',
        run: async () => {
          tries += 1;
          if (tries < 3) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        },
      },
    ]);
    expect(tries).toBe(3);
    expect(app.startup.status).toBe('ok');
  });
});
