/**
 * "The full map has drawn a field of this file", from the map view to the loader: the worker's
 * background fetches wait for it, so that on a slow link the view (data, then the map's code) goes first.
 */
import { markFirstFieldDrawn } from './first-field-drawn.ts';

export interface DrawnSignal {
  /** The map view drew a field of `fileKey`. */
  drawn: (fileKey: string) => void;
  /** Resolves once a field of `fileKey` has been drawn (at once if it already was). */
  when: (fileKey: string) => Promise<void>;
}

export function createDrawnSignal(): DrawnSignal {
  const seen = new Set<string>();
  const waiting = new Map<string, Array<() => void>>();
  return {
    drawn(fileKey) {
      seen.add(fileKey);
      markFirstFieldDrawn();
      for (const resolve of waiting.get(fileKey) ?? []) resolve();
      waiting.delete(fileKey);
    },
    when(fileKey) {
      if (seen.has(fileKey)) return Promise.resolve();
      return new Promise((resolve) => waiting.set(fileKey, [...(waiting.get(fileKey) ?? []), resolve]));
    },
  };
}
