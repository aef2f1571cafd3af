/** DATA_DIR's size: the bytes of every file below it (what an operator's `du` would count, without blocks). */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function diskUsage(dir: string): number {
  let total = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    total += stat.isDirectory() ? diskUsage(path) : stat.size;
  }
  return total;
}
