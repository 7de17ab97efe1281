import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { staffWith } from '../../test/staff';
import { auditLog } from '../audit/audit.table';
import { freshPhone, openShop, type Shop, stockedProduct } from '../orders/order.fixture';
import { placeOrder } from '../orders/order.service';
import { complaintNotes, complaints } from './complaint.table';

let shop: Shop;
let db: Db;
let order: { id: number; number: string; phone: string };

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  const item = await stockedProduct(shop, 10);
  const phone = freshPhone();
  const placed = await placeOrder(systemCtx(db), {
    type: 'phone',
    customer: { name: 'Shirin Akter', phone, address: 'House 4, Road 2', cityId: shop.dhaka.city_id, subCityId: shop.dhaka.sub_city_id },
    lines: [{ variantId: item.variantId, quantity: 1 }],
  });
  order = { id: placed.order.id, number: placed.order.number, phone };
});
afterAll(() => shop.t.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  kind: 'return',
  subject: 'Wrong colour delivered',
  phone: order.phone,
  customer_name: 'Shirin Akter',
  order_number: order.number.toLowerCase(),
  owner_id: '',
  status: 'open',
  due_on: '',
  description: 'Ordered blue, got green.',
  ...overrides,
});

describe('complaints and return cases', () => {
  it('opens a case on an order named by its number, in any case, and audits it', async () => {
    const response = await shop.admin.post('/api/admin/complaints', body());
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json().data;
    expect(made).toMatchObject({ kind: 'return', order_id: order.id, order_number: order.number, status: 'open', notes_count: 0 });
    expect(made.opened_by_name).toBeTruthy();
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'complaint'), eq(auditLog.entityId, String(made.id))));
    expect(audited.length).toBe(1);
  });

  it('refuses an unknown order, a bad phone, an unknown owner and a bad due date, naming each field, and writes nothing', async () => {
    const before = (await db.select().from(complaints)).length;
    for (const [overrides, field] of [
      [{ order_number: 'HB-999999' }, 'order_number'],
      [{ phone: '123' }, 'phone'],
      [{ owner_id: 999999 }, 'owner_id'],
      [{ due_on: '2026-13-40' }, 'due_on'],
      [{ subject: '' }, 'subject'],
      [{ status: 'lost' }, 'status'],
    ] as const) {
      const response = await shop.admin.post('/api/admin/complaints', body(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect((await db.select().from(complaints)).length).toBe(before);
  });

  it('a case resolved is stamped, its thread says who changed the status and owner, and reopening clears the stamp', async () => {
    const made = (await shop.admin.post('/api/admin/complaints', body({ kind: 'complaint', order_number: '' }))).json().data;
    const me = (await shop.admin.get('/api/admin/complaints?filter[owner_id]=me')).json();
    expect(me.data.map((row: { id: number }) => row.id)).not.toContain(made.id);

    const [owner] = await db.select({ id: complaints.openedBy }).from(complaints).where(eq(complaints.id, made.id));
    const resolved = await shop.admin.put(
      `/api/admin/complaints/${made.id}`,
      body({ kind: 'complaint', order_number: '', status: 'resolved', owner_id: owner?.id }),
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data.resolved_at).toBeTruthy();
    const notes = (await shop.admin.get(`/api/admin/complaints/${made.id}/notes`)).json().data;
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toMatch(/^Status: Open → Resolved\. Owner: /);

    const mine = (await shop.admin.get('/api/admin/complaints?filter[owner_id]=me')).json();
    expect(mine.data.map((row: { id: number }) => row.id)).toContain(made.id);
    const active = (await shop.admin.get('/api/admin/complaints?filter[status]=active')).json();
    expect(active.data.map((row: { id: number }) => row.id)).not.toContain(made.id);

    const reopened = await shop.admin.put(
      `/api/admin/complaints/${made.id}`,
      body({ kind: 'complaint', order_number: '', status: 'open', owner_id: owner?.id }),
    );
    expect(reopened.json().data.resolved_at).toBeNull();
  });

  it('notes are added in order with who wrote them; an empty note is refused and a missing case is 404', async () => {
    const made = (await shop.admin.post('/api/admin/complaints', body())).json().data;
    const first = await shop.admin.post(`/api/admin/complaints/${made.id}/notes`, { body: 'Called: no answer.' });
    expect(first.statusCode, first.body).toBe(201);
    await shop.admin.post(`/api/admin/complaints/${made.id}/notes`, { body: 'Called again: pick-up booked for Sunday.' });
    const notes = (await shop.admin.get(`/api/admin/complaints/${made.id}/notes`)).json().data;
    expect(notes.map((note: { body: string }) => note.body)).toEqual(['Called: no answer.', 'Called again: pick-up booked for Sunday.']);
    expect(notes[0].admin_name).toBeTruthy();

    const empty = await shop.admin.post(`/api/admin/complaints/${made.id}/notes`, { body: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toHaveProperty('body');
    expect((await shop.admin.post('/api/admin/complaints/999999/notes', { body: 'x' })).statusCode).toBe(404);
    expect((await db.select().from(complaintNotes).where(eq(complaintNotes.complaintId, made.id))).length).toBe(2);
    const listed = (await shop.admin.get(`/api/admin/complaints?filter[order_id]=${order.id}`)).json().data;
    expect(listed.find((row: { id: number }) => row.id === made.id)?.notes_count).toBe(2);
  });

  it('lists overdue cases: not done and due before today', async () => {
    const late = (await shop.admin.post('/api/admin/complaints', body({ due_on: '2020-01-01' }))).json().data;
    const done = (await shop.admin.post('/api/admin/complaints', body({ due_on: '2020-01-01', status: 'closed' }))).json().data;
    const later = (await shop.admin.post('/api/admin/complaints', body({ due_on: '2999-01-01' }))).json().data;
    const overdue = (await shop.admin.get('/api/admin/complaints?filter[overdue]=1&per_page=100')).json().data as {
      id: number;
      overdue: boolean;
    }[];
    expect(overdue.map((row) => row.id)).toContain(late.id);
    expect(overdue.map((row) => row.id)).not.toContain(done.id);
    expect(overdue.map((row) => row.id)).not.toContain(later.id);
    expect(overdue.every((row) => row.overdue)).toBe(true);
  });

  it('staff who may only view cannot add notes or change them', async () => {
    const viewer = await staffWith(shop.t, ['complaint.view']);
    const [row] = await db.select({ id: complaints.id }).from(complaints).limit(1);
    expect((await viewer.get(`/api/admin/complaints/${row?.id}/notes`)).statusCode).toBe(200);
    expect((await viewer.post(`/api/admin/complaints/${row?.id}/notes`, { body: 'hello' })).statusCode).toBe(403);
  });
});
