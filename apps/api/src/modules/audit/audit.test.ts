import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSince, lastAuditId } from '../../test/audit';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { staffWith } from '../../test/staff';
import { products } from '../products/product.table';

/**
 * The declared resources' audit trail, through the HTTP API, with a brand standing for every
 * resource: create, update, bulk publish/unpublish and delete each write their row in the change's
 * transaction, naming the admin as they were; a refused change writes none.
 */

let t: TestApp;
let owner: TestBrowser;
let ownerId: number;
let ownerName: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.browser();
  const signedIn = await owner.loginAdmin();
  ownerId = signedIn.admin.id;
  ownerName = signedIn.admin.name;
});
afterAll(() => t.close());

async function brand(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const created = await owner.post('/api/admin/brands', { name, ...extra });
  expect(created.statusCode).toBe(201);
  return created.json().data.id;
}

describe('a declared resource writes its audit rows', () => {
  it('create: every field the brand was made with, by whom and from where', async () => {
    const mark = await lastAuditId(t.database.db);
    const id = await brand('Aarong Audit', { sort_order: 3 });
    const rows = await auditSince(t.database.db, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: 'admin',
      actorId: ownerId,
      actorName: ownerName,
      action: 'create',
      entity: 'brand',
      entityId: String(id),
    });
    expect(rows[0]?.ip).toBeTruthy();
    expect(rows[0]?.changes).toMatchObject({
      name: { before: null, after: 'Aarong Audit' },
      slug: { before: null, after: 'aarong-audit' },
      sort_order: { before: null, after: 3 },
      status: { before: null, after: 1 },
    });
    expect(rows[0]?.changes).not.toHaveProperty('created_at');
  });

  it('update: only the fields that changed; a save that changes nothing writes no row', async () => {
    const id = await brand('Kay Kraft Audit');
    const mark = await lastAuditId(t.database.db);
    const saved = await owner.put(`/api/admin/brands/${id}`, { name: 'Kay Kraft Audit', slug: 'kay-kraft-audit', sort_order: 7 });
    expect(saved.statusCode).toBe(200);
    const rows = await auditSince(t.database.db, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'update', entity: 'brand', entityId: String(id), actorId: ownerId });
    expect(rows[0]?.changes).toEqual({ sort_order: { before: 0, after: 7 } });

    const again = await lastAuditId(t.database.db);
    await owner.put(`/api/admin/brands/${id}`, { name: 'Kay Kraft Audit', slug: 'kay-kraft-audit', sort_order: 7 });
    expect(await auditSince(t.database.db, again)).toHaveLength(0);
  });

  it('bulk unpublish and publish: one row per brand that changed', async () => {
    const first = await brand('Bulk One');
    const second = await brand('Bulk Two');
    const hidden = await brand('Bulk Hidden', { status: 0 });
    const mark = await lastAuditId(t.database.db);
    const off = await owner.post('/api/admin/brands/bulk', { action: 'unpublish', ids: [first, second] });
    expect(off.json()).toMatchObject({ done: [first, second] });
    const byId = (rows: Awaited<ReturnType<typeof auditSince>>) => rows.sort((a, b) => Number(a.entityId) - Number(b.entityId));
    const unpublished = byId(await auditSince(t.database.db, mark));
    expect(unpublished.map((row) => [row.action, row.entityId, row.changes])).toEqual([
      ['unpublish', String(first), { status: { before: 1, after: 0 } }],
      ['unpublish', String(second), { status: { before: 1, after: 0 } }],
    ]);

    const next = await lastAuditId(t.database.db);
    await owner.post('/api/admin/brands/bulk', { action: 'publish', ids: [first, hidden] });
    const published = byId(await auditSince(t.database.db, next));
    expect(published.map((row) => [row.action, row.entityId, row.actorId])).toEqual([
      ['publish', String(first), ownerId],
      ['publish', String(hidden), ownerId],
    ]);
    expect(published.map((row) => row.changes)).toEqual([{ status: { before: 0, after: 1 } }, { status: { before: 0, after: 1 } }]);
  });

  it('delete: what the brand was; a refused delete (used by a product) writes no row', async () => {
    const id = await brand('Gone Audit');
    const mark = await lastAuditId(t.database.db);
    expect((await owner.delete(`/api/admin/brands/${id}`)).statusCode).toBe(200);
    const rows = await auditSince(t.database.db, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'delete', entity: 'brand', entityId: String(id), actorKind: 'admin', actorId: ownerId });
    expect(rows[0]?.changes).toMatchObject({ name: { before: 'Gone Audit', after: null }, slug: { before: 'gone-audit', after: null } });

    const used = await brand('Used Audit');
    await t.database.db
      .insert(products)
      .values({ name: 'Audit Saree', slug: 'audit-saree', sku: 'AUD-1', brandId: used, wholesalePrice: 100000, retailPrice: 150000 });
    const before = await lastAuditId(t.database.db);
    const refused = await owner.delete(`/api/admin/brands/${used}`);
    expect(refused.statusCode).toBe(409);
    expect(await auditSince(t.database.db, before)).toHaveLength(0);
  });

  it('a change refused by permission writes no row', async () => {
    const id = await brand('Guarded Audit');
    const viewer = await staffWith(t, ['brand.view']);
    const mark = await lastAuditId(t.database.db);
    expect((await viewer.put(`/api/admin/brands/${id}`, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await viewer.delete(`/api/admin/brands/${id}`)).statusCode).toBe(403);
    expect(await auditSince(t.database.db, mark)).toHaveLength(0);
  });
});
