import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINES, testTarget } from '../engines.ts';
import { login, makeApp, repoRoot, tempDir } from '../helpers.ts';

/**
 * Run `npm run user -- ...args` without a terminal: server/src/cli/user.ts under tsx's loader, in one process
 * (`node --import tsx`; the `tsx` command npm uses only adds a parent that passes on the exit status).
 */
function user(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'server/src/cli/user.ts'), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const password = { USER_PASSWORD: 'cli password 1' };

describe('npm run user', () => {
  it.each(ENGINES)('creates an admin who can sign in, changes the role, and lists users (%s)', async (engine) => {
    const { dataDir, databaseUrl } = await testTarget(engine);
    const db: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
    const created = user(dataDir, ['create', '--email', 'Ops@Example.com', '--username', 'ops', '--role', 'admin'], { ...password, ...db });
    expect(created).toMatchObject({ status: 0, stderr: '' });
    expect(created.stdout).toContain('ops@example.com (ops), role admin');

    const changed = user(dataDir, ['set-role', '--email', 'ops@example.com', '--role', 'superuser'], db);
    expect(changed).toMatchObject({ status: 0, stdout: 'ops@example.com now has role superuser\n' });

    const listed = user(dataDir, ['list'], db);
    expect(listed.status).toBe(0);
    expect(listed.stdout.split('\n')[1]).toMatch(/^1\tops@example\.com\tops\tsuperuser\t/);

    const { app } = await makeApp({ dataDir, databaseUrl: databaseUrl ?? undefined });
    const response = await login(app, 'ops@example.com', 'cli password 1');
    expect(response.statusCode).toBe(204);
  });

  it('fails with status 1 for a taken email or an unknown user', () => {
    const dataDir = tempDir();
    expect(user(dataDir, ['create', '--email', 'a@b.co', '--username', 'a'], password).status).toBe(0);
    const again = user(dataDir, ['create', '--email', 'A@b.co', '--username', 'b'], password);
    expect(again).toMatchObject({ status: 1, stderr: 'error: that email is already taken\n' });
    const missing = user(dataDir, ['set-role', '--email', 'x@b.co', '--role', 'admin']);
    expect(missing).toMatchObject({ status: 1, stderr: 'error: no user with email x@b.co\n' });
  });

  it.each([
    [['create', '--email', 'a@b.co', '--username', 'a', '--role', 'king'], password, /--role must be one of user, admin, superuser/],
    [['create', '--email', 'not-an-email', '--username', 'a'], password, /"not-an-email" is not an email address/],
    [['create', '--username', 'a'], password, /--email is required/],
    [['create', '--email', 'a@b.co', '--username', 'a'], {}, /set USER_PASSWORD/],
    [['create', '--email', 'a@b.co', '--username', 'a'], { USER_PASSWORD: 'short' }, /at least 8 characters/],
    [['set-role', '--email', 'a@b.co'], {}, /--role is required/],
    [['frobnicate'], {}, /unknown command "frobnicate"/],
    [[], {}, /no command given/],
    [['list', '--colour'], {}, /Unknown option '--colour'/],
    [['list'], { PORT: 'abc' }, /PORT="abc"/],
  ])('fails with status 2 and says why for %j', (args, env, message) => {
    const dataDir = tempDir();
    const result = user(dataDir, args, env);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });
});
