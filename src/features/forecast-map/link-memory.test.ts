import { describe, expect, it } from 'vitest';
import type { LinkDecision } from '../../../workers/forecast.api.ts';
import { LINK_MEMORY_MAX_AGE_MS, previewFirst, rememberedLinkRate, rememberLinkRate } from './link-memory.ts';

const decision = (bitsPerSecond: number | null): LinkDecision => ({
  mode: 'whole',
  bitsPerSecond,
  wholeFileSeconds: null,
  thresholdBitsPerSecond: 8_000_000,
  thresholdSeconds: 1.5,
  held: false,
});

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('the link rate kept across pages', () => {
  it('gives the next page the rate measured, for a working day', () => {
    const storage = memoryStorage();
    expect(rememberedLinkRate(storage, 1_000)).toBeNull();
    rememberLinkRate(decision(61_400_000), storage, 1_000);
    expect(rememberedLinkRate(storage, 2_000)).toBe(61_400_000);
    expect(rememberedLinkRate(storage, 1_000 + LINK_MEMORY_MAX_AGE_MS)).toBe(61_400_000);
    expect(rememberedLinkRate(storage, 1_001 + LINK_MEMORY_MAX_AGE_MS)).toBeNull();
  });

  it('keeps nothing from a decision without a rate, and the first time of a rate that came back unchanged', () => {
    const storage = memoryStorage();
    rememberLinkRate(null, storage, 1_000);
    rememberLinkRate(decision(null), storage, 1_000);
    expect(storage.items.size).toBe(0);
    rememberLinkRate(decision(256_000), storage, 1_000);
    // A worker that measured nothing decides on the kept rate: not a new measure, its age runs on.
    rememberLinkRate(decision(256_000), storage, 5_000);
    expect(rememberedLinkRate(storage, 1_001 + LINK_MEMORY_MAX_AGE_MS)).toBeNull();
    rememberLinkRate(decision(300_000), storage, 5_000);
    expect(rememberedLinkRate(storage, 1_001 + LINK_MEMORY_MAX_AGE_MS)).toBe(300_000);
  });

  it('reads a damaged or missing store as nothing kept', () => {
    const storage = memoryStorage();
    storage.setItem('ice.linkRate', '{not json');
    expect(rememberedLinkRate(storage, 1_000)).toBeNull();
    storage.setItem('ice.linkRate', JSON.stringify({ bitsPerSecond: -1, measuredAt: 0 }));
    expect(rememberedLinkRate(storage, 1_000)).toBeNull();
    expect(rememberedLinkRate(null, 1_000)).toBeNull();
    rememberLinkRate(decision(1_000_000), null, 1_000);
  });
});

describe("a large grid's first slice", () => {
  it('comes as a preview first for the whole Arctic on a link not known to be fast, never for the sector', () => {
    const storage = memoryStorage();
    expect(previewFirst('sector', storage, 1_000)).toBe(false);
    expect(previewFirst('arctic', storage, 1_000)).toBe(true);
    rememberLinkRate(decision(256_000), storage, 1_000);
    expect(previewFirst('arctic', storage, 2_000)).toBe(true);
    rememberLinkRate(decision(94_000_000), storage, 1_000);
    expect(previewFirst('arctic', storage, 2_000)).toBe(false);
    expect(previewFirst('arctic', storage, 2_000 + LINK_MEMORY_MAX_AGE_MS)).toBe(true);
  });
});
