/**
 * Warming a file's subsets: once the first subset of a forecast file is asked for, the other
 * selections the map's worker will ask for (workers/forecast/sliced-fetcher.ts: each data variable alone at
 * each lead, and the drift's speed + direction together at each lead; then the same as stride-2 previews,
 * workers/forecast/preview.ts) are made in the background, so a
 * ship's lead or variable switch finds its `.br` on disk instead of waiting 1.5–3.5 s of brotli 11 (one core)
 * before its first byte.
 *
 * Low priority: one subset at a time, none started before the clients have been quiet a second (at most 5 s
 * of waiting: request-quiet.ts) nor while a request waits for a subset being cut (subset-store.ts `foregroundIdle`); a request for a subset not yet warmed is cut at once by its route and
 * answered in a quick encoding, and its brotli 11 copy goes to the head of this queue (`first`). Order: a
 * file just opened or just written goes ahead of other files' work (`front`), so the date a forecaster opens
 * is warmed first; one being made is shared (subset-store's in-flight).
 */
import { readFileSync, statSync } from 'node:fs';
import { leadTimes, timeDimension } from '../../../netcdf/time-axis.ts';
import { Nc3Dataset } from '../../../netcdf/nc3/reader.ts';
import { foregroundIdle, subsetOnDisk } from './subset-store.ts';
import type { RequestQuiet } from './request-quiet.ts';
import { selectionKey, type SubsetSelection } from './subset.ts';

/** The selections the map's worker asks for from a file: every data variable alone, and the drift pair, at each lead; then their previews. */
export function selectionsOf(bytes: Uint8Array): SubsetSelection[] {
  const dataset = new Nc3Dataset(bytes);
  const timeDim = timeDimension(dataset);
  const hours = leadTimes(dataset);
  // Fields: two or more dimensions, the first being time (the worker asks them by lead).
  const fields = dataset.variables.filter((v) => v.shape.length >= 2 && timeDim !== null && v.dimensions[0] === timeDim).map((v) => v.name);
  // The drift is asked for as speed + direction in one request (forecast-service.ts finds `…_speed`).
  const pairs = fields
    .filter((name) => /_speed$/.test(name) && fields.includes(name.replace(/_speed$/, '_direct')))
    .map((name) => [name, name.replace(/_speed$/, '_direct')]);
  const groups = [...fields.map((name) => [name]), ...pairs];
  // Leads first (a switch of lead is the commonest), then variables.
  const full: SubsetSelection[] = hours.flatMap((hour) => groups.map((variables) => ({ variables, leads: [hour] })));
  // Then the previews a slow link's switch asks for first (stride 2: a quarter of the cells, about a fifth of
  // the brotli time of the full ones; see bench/README.md), after every full one: they matter less.
  return [...full, ...full.map((selection) => ({ ...selection, stride: 2 }))];
}

/** One subset to make. */
interface Task {
  path: string;
  etag: string;
  selection: SubsetSelection;
  /** The file's version when queued (`version`): a file replaced since drops its tasks, so no subset is
   *  tagged with the old ETag but cut from the new bytes. The new file's first request warms it anew. */
  version: string;
}

export interface WarmOptions {
  /**
   * Ahead of other files' work: a file someone has just opened (its first request), or one just written by the
   * demo start or a job (the newest date is the one a forecaster opens). Its tasks move to the head of the queue.
   */
  front?: boolean;
  /** A subset a client has just been answered in a quick encoding: made first of all (its brotli 11 copy). */
  first?: SubsetSelection;
  /** With `first`: that subset alone, not the file's others (SUBSET_WARM off). */
  alone?: boolean;
}

/** Size and modification time: a rebuilt file (written atomically, a new inode) changes them. */
export const fileVersion = (path: string): string => {
  const stats = statSync(path);
  return `${stats.size}:${stats.mtimeMs}:${stats.ino}`;
};

/**
 * One subset at a time, in queue order: a file's selections (selectionsOf) one after another; a file warmed with
 * `front` goes before the files queued earlier, and a `first` selection before everything.
 */
export class SubsetWarmer {
  private queue: Task[] = [];
  /** Files already queued or warmed (path + ETag), bounded: a forgotten entry only costs a look at the disk. */
  private readonly seen = new Set<string>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly make: (path: string, etag: string, selection: SubsetSelection) => Promise<unknown>,
    private readonly idle: () => Promise<void>,
    private readonly selections: (path: string) => SubsetSelection[],
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly version: (path: string) => string = fileVersion,
  ) {}

  /** Queue the file's subsets (once per path + ETag; `options` may move them ahead); returns at once. */
  warm(path: string, etag: string, options: WarmOptions = {}): void {
    const key = `${path}\u0000${etag}`;
    const known = this.seen.has(key) || (options.alone === true && options.first !== undefined);
    if (known && !options.first) return;
    let version: string;
    try {
      version = this.version(path);
    } catch (error) {
      this.onError(error);
      return;
    }
    const task = (selection: SubsetSelection): Task => ({ path, etag, selection, version });
    const same = (a: SubsetSelection, b: SubsetSelection) => selectionKey(a) === selectionKey(b);
    const first = options.first;
    if (first) this.queue = this.queue.filter((t) => !(t.path === path && t.etag === etag && same(t.selection, first)));
    if (!known) {
      if (this.seen.size >= 1000) this.seen.clear();
      this.seen.add(key);
      let tasks: Task[];
      try {
        tasks = this.selections(path)
          .filter((s) => !first || !same(s, first))
          .map(task);
      } catch (error) {
        this.onError(error);
        tasks = [];
      }
      this.queue = options.front ? [...tasks, ...this.queue] : [...this.queue, ...tasks];
    }
    if (first) this.queue.unshift(task(first));
    this.start();
  }

  /** Tasks waiting (tests, diagnostics): `path selectionKey` in the order they will run. */
  get pending(): string[] {
    return this.queue.map((t) => `${t.path} ${selectionKey(t.selection)}`);
  }

  private start(): void {
    this.running ??= this.drain().finally(() => {
      this.running = null;
      // A task queued after the drain's last look (its promise settles a tick later) still gets its turn.
      if (this.queue.length > 0) this.start();
    });
  }

  /** Resolves when the queue is empty (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Drop the waiting tasks and let the one being made finish (the app closing). */
  async stop(): Promise<void> {
    this.queue = [];
    await this.settled();
  }

  private async drain(): Promise<void> {
    for (;;) {
      // Give way to any request waiting for a subset, before each one (and yield to the event loop).
      await this.idle();
      await new Promise((resolve) => setImmediate(resolve));
      await this.idle();
      const task = this.queue.shift();
      if (!task) return;
      try {
        if (this.version(task.path) !== task.version) throw new Error(`${task.path} changed since its subsets were queued`);
        await this.make(task.path, task.etag, task.selection);
      } catch (error) {
        // A file replaced or removed under us, or one that cannot be subset: drop its other tasks (its
        // requests will say what is wrong; a new file's first request warms it anew).
        this.queue = this.queue.filter((t) => t.path !== task.path || t.etag !== task.etag);
        this.onError(error);
      }
    }
  }
}

/** A process's warmer: real subsets on disk, made at background priority, when its clients have gone quiet. */
export function diskWarmer(clients: RequestQuiet, onError?: (error: unknown) => void): SubsetWarmer {
  return new SubsetWarmer(
    (path, etag, selection) => subsetOnDisk(path, etag, selection),
    async () => {
      await clients.quiet();
      await foregroundIdle();
    },
    (path) => selectionsOf(readFileSync(path)),
    onError,
  );
}
