import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { rowsOf } from '../db/client';
import { claimPeriodicRun, finishPeriodicRun, holdLease, releaseLease } from '../db/job-lease';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health checks for load balancers', () => {
  it('answers /healthz and /readyz without a session, CSRF token or cache', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', migrations: expect.any(Number) });
    // On a reseller's own host name too (not rewritten to the shop's pages).
    const onShopHost = await t.app.inject({ method: 'GET', url: '/readyz', headers: { host: 'shop.example.com' } });
    expect(onShopHost.statusCode).toBe(200);
  });

  it('answers /readyz with 503 while a migration is not applied', async () => {
    const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`),
    );
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last?.id}`);
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().message).toMatch(/Migrations are not all applied/);
      // The process itself still answers.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last?.id}, ${last?.hash}, ${last?.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('gives every answer an X-Request-Id, refusals included', async () => {
    const browser = await t.browser();
    const refused = await browser.post('/api/admin/login', { email: 'nobody@test.haat', password: 'wrong-password' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const id = refused.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it("keeps a proxy's sane X-Request-Id and replaces anything else", async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/no/such/call', headers: { 'x-request-id': 'nginx-5f2c9a' } });
    expect(kept.headers['x-request-id']).toBe('nginx-5f2c9a');
    const invalid = await t.app.inject({ method: 'GET', url: '/_public/order/track', headers: { 'x-request-id': 'abc-1' } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.headers['x-request-id']).toBe('abc-1');
    expect(Object.keys(invalid.json())).toEqual(['message', 'errors']);
    const replaced = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b\u0000<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const long = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'x'.repeat(200) } });
    expect(long.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('job leases (one process runs a job)', () => {
  it('lets one holder claim each period of a periodic job, and none while a run holds it', async () => {
    const db = t.database.db;
    const period = 60 * 60_000;
    expect(await claimPeriodicRun(db, 'test-job', period, 'process-a')).toBe(true);
    // The same period: nobody else, not even after the first run finished.
    expect(await claimPeriodicRun(db, 'test-job', period, 'process-b')).toBe(false);
    await finishPeriodicRun(db, 'test-job', 'process-a');
    expect(await claimPeriodicRun(db, 'test-job', period, 'process-b')).toBe(false);
    // A later period (as if an hour passed): one claim wins.
    await db.execute(sql`update job_leases set last_slot = last_slot - 1 where name = 'test-job'`);
    const claims = await Promise.all(['c', 'd', 'e', 'f'].map((holder) => claimPeriodicRun(db, 'test-job', period, holder)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const [row] = rowsOf<{ runs: number }>(await db.execute(sql`select runs from job_leases where name = 'test-job'`));
    expect(Number(row?.runs)).toBe(2);
  });

  it('holds a lease for one process until it is released or runs out', async () => {
    const db = t.database.db;
    expect(await holdLease(db, 'test-lease', 60_000, 'process-a')).toBe(true);
    expect(await holdLease(db, 'test-lease', 60_000, 'process-a')).toBe(true);
    expect(await holdLease(db, 'test-lease', 60_000, 'process-b')).toBe(false);
    await releaseLease(db, 'test-lease', 'process-b');
    expect(await holdLease(db, 'test-lease', 60_000, 'process-b')).toBe(false);
    await releaseLease(db, 'test-lease', 'process-a');
    expect(await holdLease(db, 'test-lease', 1, 'process-b')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Ran out: another process takes it.
    expect(await holdLease(db, 'test-lease', 60_000, 'process-a')).toBe(true);
  });
});

describe('WORKERS', () => {
  it('refuses several processes on the embedded PGlite, with a message naming the variable', () => {
    expect(() => loadConfig({ WORKERS: '4' })).toThrow(/WORKERS: more than one process needs DATABASE_URL/);
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://localhost/haat' }).workers).toBe(4);
    expect(loadConfig({}).workers).toBe(1);
  });
});
