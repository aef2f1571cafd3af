import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { threadId } from 'node:worker_threads';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runInThread, WorkerTaskError } from '../../src/threads/run-in-thread.ts';
import { repoRoot, tempDir } from '../helpers.ts';

const run = promisify(execFile);

const spin = new URL('../jobs/fixtures/spin-task.ts', import.meta.url);

describe('runInThread', () => {
  it('runs a TypeScript task in another thread, reporting progress, while this thread stays free', async () => {
    const progress: number[] = [];
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const result = await runInThread<{ threadId: number; steps: number }>(
      spin,
      { steps: 4, sliceMs: 100 },
      { onProgress: (fraction) => progress.push(fraction) },
    );
    clearInterval(ticker);
    expect(result.steps).toBe(4);
    expect(result.threadId).not.toBe(threadId);
    expect(progress).toEqual([0.25, 0.5, 0.75, 1]);
    // The event loop kept turning during 400 ms of busy work in the worker.
    expect(ticks).toBeGreaterThan(5);
  });

  it("rejects with the task's error message", async () => {
    await expect(runInThread(spin, { steps: 1, sliceMs: 1, fail: 'bad grid' })).rejects.toThrow(WorkerTaskError);
    await expect(runInThread(spin, { steps: 1, sliceMs: 1, fail: 'bad grid' })).rejects.toThrow('bad grid');
  });

  it('stops the worker when aborted', async () => {
    const controller = new AbortController();
    const running = runInThread(spin, { steps: 100, sliceMs: 50 }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop now')), 200);
    await expect(running).rejects.toThrow('stop now');
  });

  it("keeps each module's own import.meta inside the thread (task files found beside it)", async () => {
    const where = new URL('../jobs/fixtures/where-task.ts', import.meta.url);
    const seen = await runInThread<{ url: string; dirname: string; beside: string }>(where, {});
    expect(seen.url).toBe(where.href);
    expect(seen.dirname).toBe(fileURLToPath(new URL('.', where)).replace(/\/$/, ''));
    expect(seen.beside).toBe(spin.href);
  });

  it('keeps one bundle per task in the cache: a task edited between two processes leaves only its newest', async () => {
    const dir = tempDir('ice-thread-task-');
    const task = join(dir, 'edited-task.ts');
    const cache = join(repoRoot, 'node_modules/.cache/thread-tasks');
    const bundlesOf = () => readdirSync(cache).filter((name) => /^edited-task-[0-9a-f]{16}\.mjs$/.test(name));
    const runner = join(dir, 'runner.mts');
    writeFileSync(runner, `import { runInThread } from ${JSON.stringify(join(repoRoot, 'server/src/threads/run-in-thread.ts'))};\nconsole.log(await runInThread(new URL(${JSON.stringify(pathToFileURL(task).href)}), {}));\n`);
    onTestFinished(() => bundlesOf().forEach((name) => rmSync(join(cache, name), { force: true })));
    const answers: string[] = [];
    for (const version of [1, 2]) {
      writeFileSync(task, `export function run() { return 'version ${version}'; }\n`);
      answers.push((await run(process.execPath, ['--import', 'tsx', runner], { cwd: repoRoot })).stdout.trim());
    }
    expect(answers).toEqual(['version 1', 'version 2']);
    expect(bundlesOf()).toHaveLength(1);
    expect(readFileSync(join(cache, bundlesOf()[0]), 'utf8')).toContain('version 2');
  });

  it('reports a task module that does not exist', async () => {
    await expect(runInThread(new URL('./fixtures/missing.ts', import.meta.url), {})).rejects.toThrow(/missing\.ts/);
  });
});
