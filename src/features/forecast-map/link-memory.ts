/**
 * The link's measured rate kept across pages of this browser (localStorage `ice.linkRate`): the link is the same
 * whatever region, date or permalink is opened, but each page starts a new decode worker, and a worker whose files
 * come from the offline copy measures nothing (a copy's answer is not the link's speed). Without this, a desk that
 * reloaded on a permalink was told 'Скорость связи не измерена' and served slice by slice. The page hands the kept
 * rate to its worker (`seedLinkRate`), which measures its own from the first real download on.
 */
import type { LinkDecision } from '../../../workers/forecast.api.ts';
import { regionById } from '../../../common/regions/index.ts';
import type { RegionId } from '../../../common/regions/types.ts';

const STORAGE_KEY = 'ice.linkRate';
/** A measure older than this is not the link any more (a ship leaves port Wi-Fi for the satellite), ms: a working day. */
export const LINK_MEMORY_MAX_AGE_MS = 12 * 3600 * 1000;

interface Kept {
  /** bits/s, as the worker's LinkDecision gives it (Number.MAX_VALUE: beyond measuring). */
  bitsPerSecond: number;
  /** When it was measured (Date.now()). */
  measuredAt: number;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

const defaultStorage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage refused (a privacy setting): nothing kept
  }
};

function read(storage: Storage | null): Kept | null {
  try {
    const kept = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Partial<Kept> | null;
    if (typeof kept?.bitsPerSecond !== 'number' || !(kept.bitsPerSecond > 0) || typeof kept.measuredAt !== 'number') return null;
    return { bitsPerSecond: kept.bitsPerSecond, measuredAt: kept.measuredAt };
  } catch {
    return null;
  }
}

/**
 * Keep the rate of a decision the worker made. The same rate as kept is the kept one coming back (a worker that
 * measured nothing decides on its seed): its time stays, so a measure is never made younger than it is.
 */
export function rememberLinkRate(decision: LinkDecision | null, storage: Storage | null = defaultStorage(), now = Date.now()): void {
  const bitsPerSecond = decision?.bitsPerSecond ?? null;
  if (bitsPerSecond === null || !(bitsPerSecond > 0) || !storage) return;
  if (read(storage)?.bitsPerSecond === bitsPerSecond) return;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ bitsPerSecond, measuredAt: now } satisfies Kept));
  } catch {
    // storage full or refused: the next page measures afresh
  }
}

/** The kept rate, bits/s, if measured within LINK_MEMORY_MAX_AGE_MS; else null. */
export function rememberedLinkRate(storage: Storage | null = defaultStorage(), now = Date.now()): number | null {
  const kept = read(storage);
  if (!kept || now - kept.measuredAt > LINK_MEMORY_MAX_AGE_MS || kept.measuredAt > now) return null;
  return kept.bitsPerSecond;
}

/** Grids with more cells than this open with a preview of their first slice (the sector: 0.62 M; the whole Arctic: 2.2 M). */
export const PREVIEW_FIRST_CELLS = 1_000_000;
/** A kept rate at least this fast takes the full first slice at once, bits/s (the worker's whole-file threshold). */
const FAST_LINK_BITS_PER_SECOND = 8_000_000;

/**
 * Whether a file of `region` opens with its first slice's stride-2 preview (FirstSlice.preview): a large grid (the
 * whole Arctic's first thickness slice is 330 KB, 10 s at 256 kbit/s; its preview 130 KB) on a link not known to be
 * fast. A fast desk loses one small request; a ship sees the field 6 s sooner.
 */
export function previewFirst(region: RegionId, storage: Storage | null = defaultStorage(), now = Date.now()): boolean {
  const [rows, columns] = regionById(region).shape;
  if (rows * columns <= PREVIEW_FIRST_CELLS) return false;
  return !((rememberedLinkRate(storage, now) ?? 0) >= FAST_LINK_BITS_PER_SECOND);
}
