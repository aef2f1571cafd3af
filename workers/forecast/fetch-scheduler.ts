/**
 * Who goes on the link when (a ship's slow link carries one thing at a time well). Two kinds of request:
 * - foreground: what the view waits for (the first slice, a lead or variable switch). Runs at once.
 * - background: the file's other slices, fetched ahead. At most one at a time, only once the page has said the
 *   view is drawn (`allow`), and never while a foreground request is pending: a foreground request aborts the
 *   background one in flight, which goes back to the head of the queue and starts again from its beginning when
 *   the link is free. (Not resumed with a Range: a range of a subset answer is its identity bytes, about ten
 *   times its brotli answer, so starting over costs less.) A background job that fails for any other reason
 *   (a lost link) stops the background; what is asked for later is fetched in the foreground.
 * - The background goes on only `resumeAfterMs` (RESUME_AFTER_MS) after the last foreground request, and after
 *   the view was drawn (`allow`): a user who has just seen the map, or switched once, often switches at once
 *   (the lead, then the variable). A background request started and aborted in between wastes what was already
 *   on the link (at 256 kbit/s and 600 ms, a window of about 19 KiB: 0.6 s of the next switch), and one left to
 *   run makes the switch wait for a whole full slice instead of taking a preview.
 */

/** Quiet time after the last foreground request before the background goes on, ms. */
export const RESUME_AFTER_MS = 1500;

export interface BackgroundJob {
  /** What the job brings (slot names); a foreground request for these waits for it instead of aborting it. */
  slots: readonly string[];
  run: (signal: AbortSignal) => Promise<void>;
}

interface Running {
  job: BackgroundJob;
  controller: AbortController;
  /** Set when the job was aborted to make way for the foreground: it goes back into the queue. */
  paused: boolean;
  done: Promise<void>;
}

export class FetchScheduler {
  private pending = 0;
  private allowed = false;
  private queue: BackgroundJob[] = [];
  private running: Running | null = null;
  private readonly resumeAfterMs: number;
  /** When the last foreground request ended (performance.now()), and the timer that resumes after it. */
  private foregroundEndedAt = -Infinity;
  private resumeTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: { resumeAfterMs?: number } = {}) {
    this.resumeAfterMs = options.resumeAfterMs ?? RESUME_AFTER_MS;
  }

  /** Foreground requests under way (for tests and diagnostics). */
  get foregroundCount(): number {
    return this.pending;
  }

  /** The background job in flight, if any. */
  get backgroundRunning(): BackgroundJob | null {
    return this.running?.job ?? null;
  }

  /** Background jobs waiting. */
  get backgroundQueued(): number {
    return this.queue.length;
  }

  /**
   * Resolves once nothing is on the link or waiting for it: no foreground request, no background job running
   * or queued (the page then fetches what can wait, such as the offline basemap's detailed land).
   */
  quiet(): Promise<void> {
    if (this.isQuiet()) return Promise.resolve();
    return new Promise((resolve) => this.quietWaiters.push(resolve));
  }

  private readonly quietWaiters: Array<() => void> = [];

  private isQuiet(): boolean {
    return this.pending === 0 && this.running === null && this.queue.length === 0;
  }

  private tellIfQuiet(): void {
    if (!this.isQuiet()) return;
    for (const resolve of this.quietWaiters.splice(0)) resolve();
  }

  /**
   * Run `task` in the foreground. The background job in flight is aborted and queued again, unless it brings
   * every slot of `wanted` (then it goes on, and `task` may wait for it with `underway`).
   */
  async foreground<T>(task: () => Promise<T>, wanted: readonly string[] = []): Promise<T> {
    this.pending++;
    const running = this.running;
    if (running && !(wanted.length > 0 && wanted.every((slot) => running.job.slots.includes(slot)))) this.pause(running);
    try {
      return await task();
    } finally {
      this.pending--;
      this.foregroundEndedAt = performance.now();
      this.pump();
    }
  }

  /** The background job in flight that brings every slot of `wanted`: its completion (it never rejects). */
  underway(wanted: readonly string[]): Promise<void> | null {
    const running = this.running;
    if (!running || wanted.length === 0 || !wanted.every((slot) => running.job.slots.includes(slot))) return null;
    return running.done;
  }

  /** A new background queue (a file opened): the previous one is dropped and the job in flight aborted. */
  replace(jobs: BackgroundJob[]): void {
    if (this.running) {
      this.running.paused = false;
      this.running.controller.abort();
      this.running = null;
    }
    this.queue = [...jobs];
    this.pump();
  }

  /** The view is drawn: the background may use the link when no foreground request needs it. */
  allow(): void {
    // The user has just seen the view and may switch at once: the quiet moment counts from here too, so that
    // switch finds the link free (and may take a preview) instead of waiting for a whole background slice.
    if (!this.allowed) this.foregroundEndedAt = Math.max(this.foregroundEndedAt, performance.now());
    this.allowed = true;
    this.pump();
  }

  /** Hold the background until the next `allow` (a new file's first view is not drawn yet). */
  hold(): void {
    this.allowed = false;
    if (this.running) this.pause(this.running);
  }

  /** Drop everything (the worker is done with the file). */
  stop(): void {
    this.allowed = false;
    this.replace([]);
  }

  private pause(running: Running): void {
    running.paused = true;
    running.controller.abort();
  }

  private pump(): void {
    this.tellIfQuiet();
    if (!this.allowed || this.pending > 0 || this.running || this.queue.length === 0) return;
    const wait = this.foregroundEndedAt + this.resumeAfterMs - performance.now();
    if (wait > 0) {
      this.resumeTimer ??= setTimeout(() => {
        this.resumeTimer = null;
        this.pump();
      }, wait);
      return;
    }
    const job = this.queue.shift()!;
    const controller = new AbortController();
    const entry: Running = { job, controller, paused: false, done: Promise.resolve() };
    this.running = entry;
    entry.done = job.run(controller.signal).then(
      () => {
        if (this.running === entry) this.running = null;
        this.pump();
      },
      () => {
        if (this.running === entry) this.running = null;
        if (entry.paused) this.queue.unshift(job);
        else if (!controller.signal.aborted) this.queue = []; // a lost link: later slices come on demand
        this.pump();
      },
    );
  }
}
