/**
 * A small real file system for the full-disk drills: a tmpfs of a few tens of MB mounted on a fresh folder, which
 * the server writes until the kernel answers ENOSPC, as a real full disk does. Mounting needs root (CI runs as
 * root, or with passwordless sudo as `.ci/run` assumes); without either the drill fails and says why, it is never
 * skipped. Unmounted when the test ends, lazily if a file is still open, and the folder removed.
 *
 * Why tmpfs and not a loop-mounted ext4 image: both are real kernel file systems that answer ENOSPC and statfs;
 * tmpfs needs no image file, no mkfs and no loop device (containers often have none free), and is gone at unmount.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

const asRoot = (command: string, args: string[]) => {
  const isRoot = process.getuid?.() === 0;
  execFileSync(isRoot ? command : 'sudo', isRoot ? args : ['-n', command, ...args], { stdio: 'pipe' });
};

/** Mount a tmpfs of `megabytes` on a new folder; returns the folder. */
export function smallDisk(megabytes: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'ice-small-disk-'));
  try {
    asRoot('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0755`, 'tmpfs', dir]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the full-disk drill mounts a ${megabytes} MB tmpfs and needs root or passwordless sudo: ${(error as Error).message}`);
  }
  onTestFinished(() => {
    try {
      asRoot('umount', [dir]);
    } catch {
      // A file still open (a server closing): detach now, freed when the last handle goes.
      asRoot('umount', ['-l', dir]);
    }
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

export const freeBytes = (dir: string): number => {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
};

/** Take all but `leaveBytes` of the free space with one file (fallocate: instant, really allocated). */
export function fillDisk(dir: string, leaveBytes: number, name = 'filler.bin'): string {
  const path = join(dir, name);
  const take = freeBytes(dir) - leaveBytes;
  if (take > 0) execFileSync('fallocate', ['-l', String(take), path]);
  return path;
}
