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
});
