/**
 * GET /metrics as an operator's Prometheus scrapes it: only from METRICS_ALLOW (loopback by default) and never
 * through a proxy; each series present, and changing when its event happens (a request, a refused sign-in, a
 * job, a queued job, a cycle date's status, a verification record, a job's bytes written under DATA_DIR: the store's
 * bytes up and, on a tmpfs of the test's own, the free bytes down by as much).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveCycleDate } from '../../src/cycle/cycle-repository.ts';
import { seedModels } from '../../src/cycle/demo-archive.ts';
import { insertJob } from '../../src/jobs/jobs-repository.ts';
import { saveRecord } from '../../src/verification/verification-repository.ts';
import { addUser, login, makeApp } from '../helpers.ts';
import { freeBytes, smallDisk } from '../disk/small-disk.ts';
import { sample, scrape } from './scrape.ts';

const today = new Date().toISOString().slice(0, 10);

describe('GET /metrics', () => {
  it('answers loopback in the Prometheus text format, and 404 to anyone else or through a proxy', async () => {
    const { app } = await makeApp();
    const reply = await app.inject({ url: '/metrics' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.body).toContain('# TYPE http_requests_total counter');
    for (const remoteAddress of ['203.0.113.7', '10.1.2.3']) {
      const stranger = await app.inject({ url: '/metrics', remoteAddress });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toEqual({ detail: 'Not Found' });
    }
    // A reverse proxy on the same machine forwards the world's requests from loopback: refused too.
    expect((await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '198.51.100.9' } })).statusCode).toBe(404);
    expect((await app.inject({ url: '/metrics', headers: { forwarded: 'for=198.51.100.9' } })).statusCode).toBe(404);
  });

  it('METRICS_ALLOW names the scrapers: a range is answered, loopback then is not', async () => {
    const { app } = await makeApp({ env: { METRICS_ALLOW: '10.0.0.0/8, 2001:db8::/32' } });
    expect((await app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics', remoteAddress: '::ffff:10.9.9.9' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics', remoteAddress: '2001:db8::5' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    await expect(makeApp({ env: { METRICS_ALLOW: '10.0.0.0/99' } })).rejects.toThrow(/METRICS_ALLOW="10.0.0.0\/99": "10.0.0.0\/99" is not an IP address or CIDR range/);
  });

  it('counts requests by route pattern and status, with their durations', async () => {
    const { app } = await makeApp();
    const before = await scrape(app);
    const labels = { method: 'GET', route: '/api/v1/users/me', status: '401' };
    expect(sample(before, 'http_requests_total', labels)).toBeUndefined();
    for (let k = 0; k < 3; k++) expect((await app.inject({ url: '/api/v1/users/me' })).statusCode).toBe(401);
    await app.inject({ url: '/api/v1/jobs/12345' });
    const after = await scrape(app);
    expect(sample(after, 'http_requests_total', labels)).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_count', labels)).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(3);
    // The pattern, never the raw URL (one series per route, not per id).
    expect(after).toContain('route="/api/v1/jobs/:id"');
    expect(after).not.toContain('/api/v1/jobs/12345');
  });

  it('counts refused sign-ins by reason', async () => {
    const { app } = await makeApp();
    await addUser(app, 'user', 'skipper@example.org');
    expect(sample(await scrape(app), 'ice_sign_in_refusals_total', { reason: 'bad_credentials' })).toBe(0);
    expect((await login(app, 'skipper@example.org', 'not the password')).statusCode).toBe(400);
    expect((await login(app, 'skipper@example.org')).statusCode).toBe(204);
    const page = await scrape(app);
    expect(sample(page, 'ice_sign_in_refusals_total', { reason: 'bad_credentials' })).toBe(1);
    expect(sample(page, 'ice_sign_in_refusals_total', { reason: 'too_many_attempts' })).toBe(0);
  });

  it('counts jobs by kind and outcome with their durations, and shows the queue depth', async () => {
    const { app } = await makeApp();
    const labels = { kind: 'force_fetch_data', outcome: 'succeeded' };
    const before = await scrape(app);
    expect(sample(before, 'ice_jobs_finished_total', labels)).toBe(0);
    expect(sample(before, 'ice_job_queue_depth')).toBe(0);
    const done = await app.jobs.submit('force_fetch_data', {}, null, async () => ({ result: {} }));
    const failed = await app.jobs.submit('generate_forecast', {}, null, async () => {
      throw new Error('нет анализа за дату');
    });
    await app.jobs.idle();
    expect([done.id, failed.id].every(Number.isInteger)).toBe(true);
    // A job waiting in the table (as a queue's would) is the queue's depth, on every server.
    await insertJob(app.db, 'generate_forecast', {}, null);
    const page = await scrape(app);
    expect(sample(page, 'ice_jobs_finished_total', labels)).toBe(1);
    expect(sample(page, 'ice_job_duration_seconds_count', labels)).toBe(1);
    expect(sample(page, 'ice_jobs_finished_total', { kind: 'generate_forecast', outcome: 'failed' })).toBe(1);
    expect(sample(page, 'ice_job_duration_seconds_count', { kind: 'generate_forecast', outcome: 'failed' })).toBe(1);
    expect(sample(page, 'ice_job_queue_depth')).toBe(1);
    expect(sample(page, 'ice_jobs_waiting', { kind: 'generate_forecast', status: 'queued' })).toBe(1);
  });

  it("shows each cycle date's status, the verification's freshness, and DATA_DIR's free and used bytes as a job writes", async () => {
    // DATA_DIR on a small disk of its own (a tmpfs): its free space moves only with what this app writes.
    const disk = smallDisk(64);
    const dataDir = join(disk, 'data');
    mkdirSync(dataDir);
    const { app } = await makeApp({ dataDir });
    await seedModels(app.db);
    const before = await scrape(app);
    expect(sample(before, 'ice_cycle_date_status', { date: today, status: 'pending' })).toBe(1);
    // None yet: 0, the epoch, so that a freshness alert fires on a deployment that never verified.
    expect(sample(before, 'ice_verification_last_computed_timestamp_seconds')).toBe(0);
    const storeBefore = sample(before, 'ice_data_dir_bytes')!;
    const freeBefore = sample(before, 'ice_data_dir_free_bytes')!;
    // Within 1 MiB: the database's own writes (SQLite on the same disk) may move it a little meanwhile.
    expect(Math.abs(freeBefore - freeBytes(disk))).toBeLessThan(2 ** 20);

    await saveCycleDate(app.db, today, { status: 'failed', message: 'Данные не поступили' });
    await saveRecord(app.db, verificationRecord());
    // A job that writes 8 MiB under DATA_DIR: the runner tells the disk the folder changed, as after any job.
    const ballast = 8 * 2 ** 20;
    await app.jobs.submit('import_analysis', {}, null, async () => {
      writeFileSync(join(dataDir, 'ballast.bin'), Buffer.alloc(ballast, 1));
      return { result: {} };
    });
    await app.jobs.idle();
    const after = await scrape(app);
    expect(sample(after, 'ice_cycle_date_status', { date: today, status: 'failed' })).toBe(1);
    expect(sample(after, 'ice_cycle_date_status', { date: today, status: 'pending' })).toBeUndefined();
    expect(Math.abs(sample(after, 'ice_verification_last_computed_timestamp_seconds')! - Date.now() / 1000)).toBeLessThan(60);
    expect(sample(after, 'ice_data_dir_bytes')! - storeBefore).toBeGreaterThanOrEqual(ballast);
    expect(freeBefore - sample(after, 'ice_data_dir_free_bytes')!).toBeGreaterThanOrEqual(ballast);
    expect(Math.abs(sample(after, 'ice_data_dir_free_bytes')! - freeBytes(disk))).toBeLessThan(2 ** 20);
    expect(sample(after, 'ice_database_up')).toBe(1);
  });
});

function verificationRecord() {
  return {
    model_id: 'model_1',
    run: 'forecast' as const,
    date: today,
    lead_hours: 24,
    valid_date: today,
    truth_source: 'demo_analysis',
    truth_label: 'демонстрационные данные',
    forecast_id: 'f',
    analysis_id: 'a',
    persistence_id: null,
    version: 1,
    n_cells: 1,
    iiee_km2: 0,
    iiee_over_km2: 0,
    iiee_under_km2: 0,
    edge_length_km: 0,
    edge_distance_km: null,
    conc_rmse: null,
    conc_mae: null,
    conc_bias: null,
    thick_rmse: null,
    thick_bias: null,
    persistence_iiee_km2: null,
    persistence_conc_rmse: null,
    skill_iiee: null,
    skill_conc_rmse: null,
  };
}
