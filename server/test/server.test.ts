import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers.ts';

const serverEntry = join(repoRoot, 'server/src/server.ts');
/**
 * As `npm run serve` starts it: Node with tsx's loader, one process. Not the `tsx` command, which runs the server in a
 * second process and, when that one does not acknowledge a relayed SIGTERM within 30 ms (a busy event loop on a
 * loaded machine), kills it and exits 143: the test would see tsx's kill instead of the server's own clean stop.
 */
const nodeWithTsx = ['--import', 'tsx', serverEntry];

describe('server.ts', () => {
  it('listens, prints the URL and the demo accounts, answers health, and exits 0 on SIGTERM', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, nodeWithTsx, {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO: '1',
        DEMO_DAYS: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      const url = await new Promise<string>((done, fail) => {
        const timer = setInterval(() => {
          const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
          if (match && output.includes('test@demo.local')) {
            clearInterval(timer);
            done(match[0]);
          }
          if (child.exitCode !== null) {
            clearInterval(timer);
            fail(new Error(`server exited: ${output}`));
          }
        }, 100);
      });
      expect(output).toMatch(/admin@demo\.local\s+admin\n/);
      expect(output).toMatch(/super@demo\.local\s+superuser\n/);
      expect(output).toMatch(/test@demo\.local\s+user\n/);
      expect(output).toContain('password "demo"');
      const health = await fetch(`${url}api/v1/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 180_000); // startup tasks (the demo forecast archive) take tens of seconds on a loaded machine

  it('refuses to start with a bad configuration, exit status 2, naming the variable', () => {
    const result = spawnSync(process.execPath, nodeWithTsx, {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, PORT: 'eighty', DATA_DIR: tempDir() },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT="eighty": expected a whole number from 0 to 65535');
  });
});
