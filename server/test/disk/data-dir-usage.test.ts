/**
 * DATA_DIR's size on /api/v1/cycle is a kept figure: the page polls every 30 s, and counting walks every file.
 * A request gets the last count (only the first waits for one); a stale figure, or a job that ended, starts a count
 * in the background.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirUsage, walkBytes } from '../../src/disk/data-dir-usage.ts';
import { makeApp, signedIn, tempDir } from '../helpers.ts';
import { call } from '../jobs/test-app.ts';

/** A walk that counts how often it ran. */
function countingWalk() {
  const walks = { count: 0 };
  const walk = async (dir: string) => {
    walks.count++;
    return walkBytes(dir);
  };
  return { walks, walk };
}

describe('DATA_DIR usage', () => {
  it('counts every file below the folder, nested ones too', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'a/b'), { recursive: true });
    writeFileSync(join(dir, 'one'), Buffer.alloc(1000));
    writeFileSync(join(dir, 'a/b/two'), Buffer.alloc(234));
    expect(await walkBytes(dir)).toBe(1234);
    expect(await walkBytes(join(dir, 'missing'))).toBe(0);
  });

  it('walks once for many requests, recounts in the background when stale or changed', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'one'), Buffer.alloc(100));
    let now = 0;
    const { walks, walk } = countingWalk();
    const usage = new DataDirUsage(dir, { maxAgeMs: 60_000, walk, now: () => now });
    const first = await Promise.all([usage.bytes(), usage.bytes(), usage.bytes()]);
    expect(first).toEqual([100, 100, 100]);
    expect(walks.count).toBe(1);

    writeFileSync(join(dir, 'two'), Buffer.alloc(50));
    now = 59_000;
    expect(await usage.bytes()).toBe(100);
    expect(walks.count).toBe(1);

    // Stale: this caller still gets the kept figure at once; the recount serves the next one.
    now = 61_000;
    expect(await usage.bytes()).toBe(100);
    await usage.count();
    expect(await usage.bytes()).toBe(150);

    // A job wrote a file: the very next caller gets the new figure.
    writeFileSync(join(dir, 'three'), Buffer.alloc(25));
    usage.changed();
    expect(await usage.bytes()).toBe(175);
    expect(walks.count).toBe(3);
  });

  it('answers /api/v1/cycle from the kept figure: polling does not walk DATA_DIR each time', async () => {
    const test = await makeApp();
    const admin = await signedIn(test.app, 'admin');
    const { walks, walk } = countingWalk();
    // The app's own figure, counted by the walk above (as a fresh server's first request would).
    Object.assign(test.app.disk, { usage: new DataDirUsage(test.dataDir, { walk }) });
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await call(test.app, { method: 'GET', url: '/api/v1/cycle', headers: admin.headers }));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    expect(walks.count).toBe(1);
    // The database alone is some tens of KB.
    expect(replies[4].body.disk_bytes).toBeGreaterThan(10_000);
    expect(replies[4].body.disk_free_bytes).toBeGreaterThan(0);
    expect(replies[4].body.disk_total_bytes).toBeGreaterThanOrEqual(replies[4].body.disk_free_bytes);
    expect(replies[4].body.disk_reserve_bytes).toBe(1024 ** 3);
  });
});
