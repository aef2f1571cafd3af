/**
 * Opens a file from disk in the decode worker and keeps the drawn field in step with the chosen variable and
 * time step. Every failure ends as a Russian message in the store (never a blank map without a reason).
 */
import { ru } from '../../../i18n/ru.ts';
import { workerFailure, type ForecastClient } from '../../../../workers/forecast-client.ts';
import type { ForecastMapStore } from '../store/forecast-map-store.ts';
import { localVariables } from './local-variables.ts';

export type LocalWorker = Pick<ForecastClient, 'load' | 'localField'>;

/** The message to show for an error from the worker (its closed union, workers/worker-errors.ts). */
function localErrorMessage(error: unknown): string {
  const failure = workerFailure(error);
  switch (failure.name) {
    case 'RegridError':
      return failure.message || ru.localFile.failed; // already the Russian reason (common/regrid/errors.ts)
    case 'NetcdfFormatError':
      return ru.localFile.notNetcdf;
    case 'NetcdfTruncatedError':
      return ru.localFile.truncated;
    case 'UnsupportedFeatureError':
      return ru.localFile.unsupported;
    default:
      return ru.localFile.failed;
  }
}

export class LocalFileLoader {
  private readonly store: ForecastMapStore;
  /** The page's decode worker, attached while the page is mounted. */
  private worker: LocalWorker | null;
  /** Bumped by every open/choose, so a slow answer for an older choice is dropped. */
  private generation = 0;
  /** Stops following the map's region (while a worker is attached). */
  private unwatchRegion: (() => void) | null = null;

  constructor({ store, worker = null }: { store: ForecastMapStore; worker?: LocalWorker | null }) {
    this.store = store;
    this.worker = null;
    if (worker) this.attach(worker);
  }

  /** Attach the page's worker (null: detach, closing the file). While attached, a region switch regrids the open file. */
  attach(worker: LocalWorker | null): void {
    this.worker = worker;
    this.unwatchRegion?.();
    this.unwatchRegion = null;
    if (!worker) {
      this.close();
      return;
    }
    this.unwatchRegion = this.store.subscribe((state, previous) => {
      if (state.region !== previous.region && state.localKey) void this.redraw();
    });
  }

  async open(file: Pick<File, 'name' | 'size' | 'lastModified' | 'arrayBuffer'>): Promise<void> {
    const generation = ++this.generation;
    const state = this.store.getState();
    state.localOpening(file.name);
    try {
      if (!this.worker) throw new Error('no decode worker');
      const bytes = await file.arrayBuffer();
      // A key that names this content: the same file opened again answers from the worker's cache.
      const key = `local:${file.name}:${file.size}:${file.lastModified}`;
      const meta = await this.worker.load({ key, bytes });
      if (generation !== this.generation) return;
      const variables = localVariables(meta);
      if (variables.length === 0) {
        this.store.getState().localFailed(ru.localFile.noVariables);
        return;
      }
      this.store.getState().localOpened(meta.key, variables);
      await this.draw(generation);
    } catch (error) {
      if (generation === this.generation) this.store.getState().localFailed(localErrorMessage(error));
    }
  }

  /** Show another variable or time step of the open file. */
  async choose(variable: string, time: number): Promise<void> {
    const generation = ++this.generation;
    this.store.getState().localChoose(variable, time);
    await this.draw(generation);
  }

  /** Draw the open file's chosen variable and step again (into the region now chosen). */
  async redraw(): Promise<void> {
    await this.draw(++this.generation);
  }

  close(): void {
    this.generation++;
    this.store.getState().localClosed();
  }

  private async draw(generation: number): Promise<void> {
    const { localKey, localVariable, localTime, region } = this.store.getState();
    if (!localKey || !localVariable || !this.worker) return;
    try {
      const field = await this.worker.localField(localKey, localVariable, localTime, region);
      if (generation !== this.generation) return;
      if (!Number.isFinite(field.min)) this.store.getState().localFailed(region === 'sector' ? ru.localFile.noValues : ru.localFile.noValuesInRegion(region));
      else this.store.getState().localDrawn(field, `${region}|${localKey}|${localVariable}|${localTime}`);
    } catch (error) {
      if (generation === this.generation) this.store.getState().localFailed(localErrorMessage(error));
    }
  }
}
