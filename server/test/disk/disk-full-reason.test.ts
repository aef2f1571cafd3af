/** A full disk is recognised whichever layer met it, and told in Russian; other failures keep their own message. */
import { describe, expect, it } from 'vitest';
import { DiskFullError, diskFullReason, failureMessage, isDiskFull } from '../../src/disk/disk-full.ts';
import { WorkerTaskError } from '../../src/threads/run-in-thread.ts';

const nodeError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a full disk as a failure', () => {
  it('is recognised from Node, SQLite, PostgreSQL and across a worker thread', () => {
    expect(isDiskFull(nodeError('ENOSPC', 'ENOSPC: no space left on device, write'))).toBe(true);
    expect(isDiskFull(nodeError('EDQUOT', 'EDQUOT: disk quota exceeded, write'))).toBe(true);
    expect(isDiskFull(nodeError('SQLITE_FULL', 'database or disk is full'))).toBe(true);
    expect(isDiskFull(nodeError('53100', 'could not extend file "base/16384/16385": No space left on device'))).toBe(true);
    // A worker thread posts name and message only.
    expect(isDiskFull(new WorkerTaskError('ENOSPC: no space left on device, write', 'Error'))).toBe(true);
    expect(isDiskFull(new Error('wrapped', { cause: nodeError('ENOSPC', 'x') }))).toBe(true);
    expect(isDiskFull(nodeError('ENOENT', 'ENOENT: no such file or directory'))).toBe(false);
    expect(isDiskFull(new Error('модель выдала NaN во всех ячейках моря'))).toBe(false);
    expect(isDiskFull(undefined)).toBe(false);
  });

  it('is told in Russian with the remedy; other failures keep their message', () => {
    expect(diskFullReason('Не удалось записать прогноз')).toBe(
      'Недостаточно места на диске: не удалось записать прогноз; освободите место в DATA_DIR (или увеличьте диск) и повторите',
    );
    expect(failureMessage(nodeError('ENOSPC', 'ENOSPC: no space left on device, write'))).toBe(
      'Недостаточно места на диске: не удалось записать данные; освободите место в DATA_DIR (или увеличьте диск) и повторите',
    );
    const already = new DiskFullError('свободно 3 МБ');
    expect(failureMessage(already)).toBe('Недостаточно места на диске: свободно 3 МБ');
    expect(failureMessage(new Error('нет модели по умолчанию'))).toBe('нет модели по умолчанию');
  });
});
