import { describe, expect, it, vi } from 'vitest';
import { FetchScheduler, type BackgroundJob } from './fetch-scheduler.ts';

/** A background job that records when it starts and is aborted, and finishes when told. */
function job(name: string, log: string[]) {
  let finish: () => void = () => undefined;
  const spec: BackgroundJob = {
    slots: [name],
    run: (signal) =>
      new Promise<void>((resolve, reject) => {
        log.push(`start ${name}`);
        finish = () => {
          log.push(`done ${name}`);
          resolve();
        };
        signal.addEventListener('abort', () => {
          log.push(`abort ${name}`);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  };
  return { spec, finish: () => finish() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FetchScheduler', () => {
  it('starts nothing in the background until the view is drawn, then one job at a time in order', async () => {
    const log: string[] = [];
    const scheduler = new FetchScheduler({ resumeAfterMs: 0 });
    const a = job('a', log);
    const b = job('b', log);
    scheduler.replace([a.spec, b.spec]);
    await tick();
    expect(log).toEqual([]);
    scheduler.allow();
    await tick();
    expect(log).toEqual(['start a']);
    a.finish();
    await tick();
    expect(log).toEqual(['start a', 'done a', 'start b']);
    b.finish();
    await tick();
    expect(scheduler.backgroundQueued).toBe(0);
    expect(scheduler.backgroundRunning).toBeNull();
  });

  it('aborts the background job in flight for a foreground request and asks for it again afterwards', async () => {
    const log: string[] = [];
    const scheduler = new FetchScheduler({ resumeAfterMs: 0 });
    const a = job('a', log);
    const b = job('b', log);
    scheduler.replace([a.spec, b.spec]);
    scheduler.allow();
    await tick();
    let release: () => void = () => undefined;
    const foreground = scheduler.foreground(
      () =>
        new Promise<void>((resolve) => {
          log.push('start switch');
          release = () => {
            log.push('done switch');
            resolve();
          };
        }),
      ['c'],
    );
    await tick();
    // The background gives way and stays quiet while the switch is pending.
    expect(log).toEqual(['start a', 'abort a', 'start switch']);
    expect(scheduler.foregroundCount).toBe(1);
    release();
    await foreground;
    await tick();
    expect(log).toEqual(['start a', 'abort a', 'start switch', 'done switch', 'start a']);
    a.finish();
    await tick();
    expect(log.slice(-2)).toEqual(['done a', 'start b']);
  });

  it('lets the background job go on when it brings what the foreground wants', async () => {
    const log: string[] = [];
    const scheduler = new FetchScheduler({ resumeAfterMs: 0 });
    const a = job('a', log);
    scheduler.replace([a.spec]);
    scheduler.allow();
    await tick();
    const foreground = scheduler.foreground(async () => {
      await scheduler.underway(['a']);
      log.push('switch drawn');
    }, ['a']);
    await tick();
    expect(log).toEqual(['start a']);
    a.finish();
    await foreground;
    expect(log).toEqual(['start a', 'done a', 'switch drawn']);
  });

  it('holds the background for a new file until its view is drawn, and drops the old queue', async () => {
    const log: string[] = [];
    const scheduler = new FetchScheduler({ resumeAfterMs: 0 });
    const a = job('a', log);
    const b = job('b', log);
    const x = job('x', log);
    scheduler.replace([a.spec, b.spec]);
    scheduler.allow();
    await tick();
    scheduler.stop();
    scheduler.replace([x.spec]);
    await tick();
    expect(log).toEqual(['start a', 'abort a']);
    scheduler.allow();
    await tick();
    expect(log).toEqual(['start a', 'abort a', 'start x']);
    x.finish();
    await tick();
    expect(log.at(-1)).toBe('done x');
    expect(scheduler.backgroundQueued).toBe(0);
  });

  it('stops the background when a job fails on its own (a lost link)', async () => {
    const scheduler = new FetchScheduler({ resumeAfterMs: 0 });
    const started: string[] = [];
    const failing: BackgroundJob = { slots: ['a'], run: async () => (started.push('a'), Promise.reject(new TypeError('network'))) };
    const next: BackgroundJob = { slots: ['b'], run: async () => void started.push('b') };
    scheduler.replace([failing, next]);
    scheduler.allow();
    await tick();
    await tick();
    expect(started).toEqual(['a']);
    expect(scheduler.backgroundQueued).toBe(0);
  });

  it('goes on in the background only after a quiet moment without switches, so a second switch finds the link free', async () => {
    vi.useFakeTimers();
    try {
      const log: string[] = [];
      const scheduler = new FetchScheduler({ resumeAfterMs: 1500 });
      const a = job('a', log);
      scheduler.replace([a.spec]);
      scheduler.allow();
      // The view has just been drawn: the user may switch at once, so the background waits a moment.
      await vi.advanceTimersByTimeAsync(1400);
      expect(log).toEqual([]);
      await vi.advanceTimersByTimeAsync(200);
      expect(log).toEqual(['start a']);
      await scheduler.foreground(async () => void log.push('lead switch'));
      await vi.advanceTimersByTimeAsync(1000);
      // A second switch 1 s later: the background has not restarted, so there is nothing to abort.
      await scheduler.foreground(async () => void log.push('variable switch'));
      await vi.advanceTimersByTimeAsync(1400);
      expect(log).toEqual(['start a', 'abort a', 'lead switch', 'variable switch']);
      await vi.advanceTimersByTimeAsync(200);
      expect(log).toEqual(['start a', 'abort a', 'lead switch', 'variable switch', 'start a']);
      // The same after a switch that aborted nothing (the view's first open, or a slice the background had).
      const b = job('b', log);
      scheduler.replace([b.spec]);
      await scheduler.foreground(async () => void log.push('date switch'));
      await vi.advanceTimersByTimeAsync(1400);
      expect(log.at(-1)).toBe('date switch');
      await vi.advanceTimersByTimeAsync(200);
      expect(log.at(-1)).toBe('start b');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the link is quiet: no switch pending and the background done', async () => {
    const log: string[] = [];
    const scheduler = new FetchScheduler({ resumeAfterMs: 0 });
    const a = job('a', log);
    scheduler.replace([a.spec]);
    let quiet = false;
    void scheduler.quiet().then(() => (quiet = true));
    scheduler.allow();
    await tick();
    expect(quiet).toBe(false);
    a.finish();
    await tick();
    await tick();
    expect(quiet).toBe(true);
    await expect(scheduler.quiet()).resolves.toBeUndefined();
  });
});
