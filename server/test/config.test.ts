import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from '../src/config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('data'),
      secret: undefined,
      demo: false,
      jwtExpiresS: 7 * 24 * 3600,
      demoDays: 7,
      demoArcticDays: 0,
      logLevel: 'info',
      trustProxy: false,
      distDir: resolve(repoRoot, 'dist'),
      databaseUrl: null,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DEMO: '' })).toMatchObject({ port: 8080, demo: false });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: 'tmp/x',
      SECRET: 'a'.repeat(32),
      DEMO: '1',
      JWT_EXPIRES: '12h',
      DEMO_DAYS: '2',
      DEMO_ARCTIC_DAYS: '2',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      DIST_DIR: '/srv/app',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: resolve('tmp/x'),
      secret: 'a'.repeat(32),
      demo: true,
      jwtExpiresS: 43200,
      demoDays: 2,
      demoArcticDays: 2,
      logLevel: 'warn',
      trustProxy: true,
      distDir: '/srv/app',
    });
  });

  it.each([
    ['3600', 3600],
    ['90s', 90],
    ['30m', 1800],
    ['7d', 604800],
  ])('reads JWT_EXPIRES=%s as %i seconds', (raw, seconds) => {
    expect(loadConfig({ JWT_EXPIRES: raw }).jwtExpiresS).toBe(seconds);
  });

  it.each(['0', 'off', 'no', 'false'])('DEMO=%s turns demo mode off', (raw) => {
    expect(loadConfig({ DEMO: raw }).demo).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DEMO', 'maybe'],
    ['JWT_EXPIRES', '0'],
    ['JWT_EXPIRES', '5w'],
    ['DEMO_DAYS', '0'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', '2'],
  ])('rejects %s=%s naming the variable and the bad value', (name, raw) => {
    const problems = problemsOf({ [name]: raw });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`${name}="${raw}"`);
    expect(problems[0]).toMatch(/expected/);
  });

  it('reads DISK_RESERVE in bytes or with a binary unit (default 1 GiB), and refuses other text', () => {
    expect(loadConfig({}).diskReserveBytes).toBe(1024 ** 3);
    expect(loadConfig({ DISK_RESERVE: '500M' }).diskReserveBytes).toBe(500 * 1024 ** 2);
    expect(loadConfig({ DISK_RESERVE: '1.5GB' }).diskReserveBytes).toBe(1.5 * 1024 ** 3);
    expect(loadConfig({ DISK_RESERVE: '2T' }).diskReserveBytes).toBe(2 * 1024 ** 4);
    expect(loadConfig({ DISK_RESERVE: '4096' }).diskReserveBytes).toBe(4096);
    expect(loadConfig({ DISK_RESERVE: '0' }).diskReserveBytes).toBe(0);
    expect(problemsOf({ DISK_RESERVE: 'lots' })[0]).toMatch(/^DISK_RESERVE="lots": expected bytes, or a size with a unit/);
    expect(problemsOf({ DISK_RESERVE: '-1G' })).toHaveLength(1);
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'x', DEMO: 'y', LOG_LEVEL: 'z' });
    expect(problems.map((p) => p.split('=')[0])).toEqual(['PORT', 'DEMO', 'LOG_LEVEL']);
  });

  it('rejects a short SECRET without printing it', () => {
    let message = '';
    try {
      loadConfig({ SECRET: 'hunter2' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SECRET=(hidden): expected at least 16 characters');
    expect(message).not.toContain('hunter2');
  });

  it('takes a PostgreSQL DATABASE_URL, and refuses another scheme without printing the password', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://ice:pw@db.example:5432/ice' }).databaseUrl).toBe('postgres://ice:pw@db.example:5432/ice');
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/ice' }).databaseUrl).toBe('postgresql://localhost/ice');
    for (const bad of ['mysql://ice:s3cret@db/ice', 'not a url s3cret']) {
      let message = '';
      try {
        loadConfig({ DATABASE_URL: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/DATABASE_URL=\(hidden\): expected a (postgres:\/\/ or postgresql:\/\/ URL|URL such as postgres:)/);
      expect(message).not.toContain('s3cret');
    }
  });
});
