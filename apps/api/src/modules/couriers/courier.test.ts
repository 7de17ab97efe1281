import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { FakeCourierServer, PATHAO_LOGIN, STEADFAST_KEYS } from '../../integrations/couriers/courier-server.fixture';
import { forgetPathaoTokens } from '../../integrations/couriers/pathao';
import { auditSince, lastAuditId } from '../../test/audit';
import { staffWith } from '../../test/staff';
import { auditLog } from '../audit/audit.table';
import { freshPhone, openShop, type Shop, stockedProduct } from '../orders/order.fixture';
import { placeOrder } from '../orders/order.service';
import { orderStatusHistory, orders } from '../orders/order.table';
import { moveOrderStatus } from '../orders/order-status.service';
import { settings } from '../settings/setting.table';
import { PATHAO_INTEGRATION_HEADER } from './courier.routes';
import { bookShipment, trackShippedOrders } from './courier.service';

let shop: Shop;
let db: Db;
let server: FakeCourierServer;
const ids: Record<'steadfast' | 'pathao' | 'byHand', number> = { steadfast: 0, pathao: 0, byHand: 0 };

beforeAll(async () => {
  server = await new FakeCourierServer().start();
  shop = await openShop();
  db = shop.t.database.db;
  for (const [key, body] of [
    ['steadfast', { name: 'Steadfast', provider: 'steadfast', phone: '09678045045', tracking_url: 'https://steadfast.com.bd/t/{code}' }],
    ['pathao', { name: 'Pathao', provider: 'pathao', phone: '09610003030', tracking_url: '' }],
    ['byHand', { name: 'Sundarban Courier', provider: 'none', phone: '01713199222', tracking_url: 'https://sundarban.example/track?id=' }],
  ] as const) {
    const response = await shop.admin.post('/api/admin/couriers', body);
    expect(response.statusCode, response.body).toBe(201);
    ids[key] = response.json().data.id;
  }
});
afterAll(async () => {
  await shop.t.close();
  await server.close();
});
beforeEach(() => {
  server.delayMs = 0;
});

const steadfastCredentials = () => ({
  enabled: true,
  base_url: server.steadfastUrl,
  api_key: STEADFAST_KEYS.apiKey,
  secret_key: STEADFAST_KEYS.secretKey,
});
const pathaoCredentials = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  base_url: server.url,
  client_id: PATHAO_LOGIN.clientId,
  client_secret: PATHAO_LOGIN.clientSecret,
  username: PATHAO_LOGIN.username,
  password: PATHAO_LOGIN.password,
  store_id: PATHAO_LOGIN.storeId,
  webhook_secret: 'pathao-webhook-secret-42',
  ...overrides,
});

/** A phone order in processing (3), paid ৳200 in advance, with `courierId` chosen. */
async function orderInProcessing(courierId: number | null) {
  const item = await stockedProduct(shop, 10, { weight_grams: 700 });
  const placed = await placeOrder(systemCtx(db), {
    type: 'phone',
    customer: {
      name: 'Jamal Hossain',
      phone: freshPhone(),
      address: 'Village Road, Beanibazar',
      cityId: shop.sylhet.city_id,
      subCityId: shop.sylhet.sub_city_id,
    },
    lines: [{ variantId: item.variantId, quantity: 2 }],
    advancePaid: 200_00,
  });
  const id = placed.order.id;
  if (courierId) {
    const response = await shop.admin.put(`/api/admin/orders/${id}/courier`, { courier_id: courierId });
    expect(response.statusCode, response.body).toBe(200);
  }
  for (const to of [2, 3] as const) {
    const moved = await moveOrderStatus(systemCtx(db), { orderIds: [id], to, note: '' });
    expect(moved.refused).toEqual([]);
  }
  return id;
}

const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];

describe('couriers list', () => {
  it('adds, edits and lists couriers with their provider, and checks the input', async () => {
    const list = await shop.admin.get('/api/admin/couriers?sort=name');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { name: string }) => row.name)).toEqual(['Pathao', 'Steadfast', 'Sundarban Courier']);

    const bad = await shop.admin.post('/api/admin/couriers', { name: 'x', provider: 'redx', tracking_url: 'ftp://nope' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'provider', 'tracking_url']));
    const duplicate = await shop.admin.post('/api/admin/couriers', { name: 'steadfast' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.name).toEqual(['There is already a courier with this name.']);

    const made = await shop.admin.post('/api/admin/couriers', { name: 'RedX', phone: '09610007339' });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ name: 'RedX', provider: 'none', status: 1, api_connected: false });
    const edited = await shop.admin.put(`/api/admin/couriers/${made.json().data.id}`, { name: 'RedX Delivery', status: 0 });
    expect(edited.json().data).toMatchObject({ name: 'RedX Delivery', status: 0 });
    const removed = await shop.admin.delete(`/api/admin/couriers/${made.json().data.id}`);
    expect(removed.statusCode).toBe(200);
  });

  it('refuses to delete a courier that orders use, with a clear message', async () => {
    const id = await orderInProcessing(ids.byHand);
    const refused = await shop.admin.delete(`/api/admin/couriers/${ids.byHand}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This courier cannot be deleted: it is used by \d+ orders?\.$/);
    // The database's key refuses it too, should anything delete around the check.
    await expect(db.execute(`delete from couriers where id = ${ids.byHand}`)).rejects.toThrow();
    expect((await orderRow(id))?.courierId).toBe(ids.byHand);
  });

  it('needs the courier permissions', async () => {
    const viewer = await staffWith(shop.t, ['courier.view']);
    expect((await viewer.get('/api/admin/couriers')).statusCode).toBe(200);
    expect((await viewer.post('/api/admin/couriers', { name: 'eCourier' })).statusCode).toBe(403);
    expect((await viewer.delete(`/api/admin/couriers/${ids.pathao}`)).statusCode).toBe(403);
  });
});

describe('courier API credentials', () => {
  it('shows anyone which couriers are connected, never their keys', async () => {
    const anonymous = await shop.t.browser();
    const before = await anonymous.get('/api/courier/api');
    expect(before.statusCode).toBe(200);
    expect(before.json().couriers).toEqual([
      { code: 'steadfast', name: 'Steadfast Courier', connected: false },
      { code: 'pathao', name: 'Pathao Courier', connected: false },
    ]);
    const saved = await shop.admin.put('/api/admin/courier/api/steadfast', steadfastCredentials());
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await anonymous.get('/api/courier/api');
    expect(after.json().couriers[0]).toEqual({ code: 'steadfast', name: 'Steadfast Courier', connected: true });
    expect(after.body).not.toContain(STEADFAST_KEYS.secretKey);
    expect(after.body).not.toContain(STEADFAST_KEYS.apiKey.slice(0, 8));
    expect((await anonymous.get('/api/admin/courier/api')).statusCode).toBe(401);
  });

  it('stores secrets sealed, answers them masked, keeps them when the mask comes back, and audits the change', async () => {
    const saved = await shop.admin.put('/api/admin/courier/api/pathao', pathaoCredentials());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      connected: true,
      client_id: PATHAO_LOGIN.clientId,
      username: PATHAO_LOGIN.username,
      client_secret: '••••cdef',
      password: '••••rd-1',
      webhook_secret: '••••t-42',
    });
    const [row] = await db.select().from(settings).where(eq(settings.key, 'courier_api'));
    const stored = JSON.stringify(row?.value);
    expect(stored).not.toContain(PATHAO_LOGIN.clientSecret);
    expect(stored).not.toContain(PATHAO_LOGIN.password);
    expect(stored).toContain('enc:v1:');

    const read = await shop.admin.get('/api/admin/courier/api');
    const masked = read.json().data.pathao;
    expect(read.body).not.toContain(PATHAO_LOGIN.clientSecret);
    const again = await shop.admin.put('/api/admin/courier/api/pathao', { ...masked, username: 'orders@haat.test' });
    expect(again.json().data).toMatchObject({ connected: true, username: 'orders@haat.test', client_secret: '••••cdef' });
    const test = await shop.admin.post('/api/admin/courier/api/pathao/test', {});
    // The username changed to one Pathao does not know: the stored secrets were kept, the check fails in Pathao's words.
    expect(test.statusCode).toBe(502);
    expect(test.json().message).toContain('The user credentials were incorrect.');
    const restored = await shop.admin.put('/api/admin/courier/api/pathao', { username: PATHAO_LOGIN.username });
    expect(restored.statusCode).toBe(200);
    const ok = await shop.admin.post('/api/admin/courier/api/pathao/test', {});
    expect(ok.json()).toEqual({ ok: true, message: 'Connected to Pathao: the API credentials were accepted.' });

    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, 'courier_api.pathao')))
      .orderBy(asc(auditLog.id));
    expect(audits.length).toBeGreaterThanOrEqual(3);
    const first = audits[0]?.changes as Record<string, unknown>;
    expect(first.client_secret).toBe('changed');
    expect(JSON.stringify(audits)).not.toContain(PATHAO_LOGIN.password);
  });

  it('refuses to connect without the required fields, and needs courier.api.manage', async () => {
    const missing = await shop.admin.put('/api/admin/courier/api/steadfast', { ...steadfastCredentials(), secret_key: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.secret_key).toEqual(['Enter the Secret-Key to connect Steadfast Courier.']);
    const test = await shop.admin.post('/api/admin/courier/api/steadfast/test', { secret_key: 'wrong-secret' });
    expect(test.statusCode).toBe(502);
    expect(test.json().message).toContain('Steadfast refused the Api-Key and Secret-Key');
    const good = await shop.admin.post('/api/admin/courier/api/steadfast/test', {});
    expect(good.json().message).toBe('Connected to Steadfast. Current balance: ৳1,520.');
    expect((await shop.admin.put('/api/admin/courier/api/redx', {})).statusCode).toBe(404);

    const courierStaff = await staffWith(shop.t, ['courier.view', 'courier.update']);
    expect((await courierStaff.get('/api/admin/courier/api')).statusCode).toBe(403);
    expect((await courierStaff.put('/api/admin/courier/api/steadfast', { enabled: false })).statusCode).toBe(403);
    expect((await courierStaff.post('/api/admin/courier/api/steadfast/test', {})).statusCode).toBe(403);
  });
});

describe('booking when an order ships', () => {
  beforeAll(async () => {
    forgetPathaoTokens();
    expect((await shop.admin.put('/api/admin/courier/api/steadfast', steadfastCredentials())).statusCode).toBe(200);
    expect((await shop.admin.put('/api/admin/courier/api/pathao', pathaoCredentials())).statusCode).toBe(200);
  });

  it('books the consignment with Steadfast and stores its id, tracking code and status', async () => {
    const id = await orderInProcessing(ids.steadfast);
    const result = await moveOrderStatus(systemCtx(db), { orderIds: [id], to: 4, note: 'Handed over' });
    expect(result).toEqual({ moved: [id], refused: [] });
    const order = await orderRow(id);
    expect(order).toMatchObject({ status: 4, courierId: ids.steadfast, courierStatus: 'in_review' });
    expect(order?.consignmentId).toMatch(/^\d+$/);
    expect(order?.trackingCode).toContain(order?.consignmentId ?? '-');
    const call = server.callsTo('/create_order').find((each) => each.body.invoice === order?.number);
    // Cash to collect: the total less the ৳200 paid in advance.
    expect(call?.body.cod_amount).toBe(((order?.total ?? 0) - 200_00) / 100);
    expect(call?.body.recipient_phone).toBe(order?.customerPhone);

    const panel = await shop.admin.get(`/api/admin/orders/${id}/courier`);
    expect(panel.json().data).toMatchObject({
      courier_name: 'Steadfast',
      provider: 'steadfast',
      connected: true,
      consignment_id: order?.consignmentId,
      tracking_code: order?.trackingCode,
      tracking_url: `https://steadfast.com.bd/t/${order?.trackingCode}`,
      courier_status: 'in_review',
    });
    // Booked: its courier can no longer change.
    const change = await shop.admin.put(`/api/admin/orders/${id}/courier`, { courier_id: ids.byHand });
    expect(change.statusCode).toBe(409);
  });

  it("leaves the order in processing with the courier's message when booking fails", async () => {
    await shop.admin.put('/api/admin/courier/api/pathao', { store_id: '1' });
    const id = await orderInProcessing(ids.pathao);
    const result = await moveOrderStatus(systemCtx(db), { orderIds: [id], to: 4, note: '' });
    expect(result.moved).toEqual([]);
    expect(result.refused[0]?.message).toContain(
      'Pathao: Pathao refused the consignment: Please fix the given errors: store_id: The selected store id is invalid.',
    );
    expect(await orderRow(id)).toMatchObject({ status: 3, consignmentId: null });

    await shop.admin.put('/api/admin/courier/api/pathao', { store_id: PATHAO_LOGIN.storeId });
    const retried = await moveOrderStatus(systemCtx(db), { orderIds: [id], to: 4, note: '' });
    expect(retried.moved).toEqual([id]);
    const order = await orderRow(id);
    expect(order).toMatchObject({ status: 4, courierStatus: 'pending' });
    const call = server.callsTo('/aladdin/api/v1/orders').find((each) => each.body.merchant_order_id === order?.number);
    expect(call?.body).toMatchObject({
      item_quantity: 2,
      item_weight: 1.4,
      amount_to_collect: Math.round(((order?.total ?? 0) - 200_00) / 100),
    });
  });

  it('says in words when the courier does not answer in time', async () => {
    const order = await orderRow(await orderInProcessing(ids.steadfast));
    server.delayMs = 500;
    const outcome = await bookShipment(systemCtx(db), shop.t.config, order as NonNullable<typeof order>, 200);
    expect(outcome).toEqual({ kind: 'failed', message: 'Steadfast: Steadfast did not answer within 0.2 seconds. Try again later.' });
  });

  it('skips orders without a courier or with a by-hand one, which keep their hand-entered tracking', async () => {
    const none = await orderInProcessing(null);
    const byHand = await orderInProcessing(ids.byHand);
    const tracked = await shop.admin.put(`/api/admin/orders/${byHand}/courier`, { courier_id: ids.byHand, tracking_code: 'SB-778812' });
    expect(tracked.json().data).toMatchObject({
      tracking_code: 'SB-778812',
      tracking_url: 'https://sundarban.example/track?id=SB-778812',
      connected: false,
    });
    const result = await moveOrderStatus(systemCtx(db), { orderIds: [none, byHand], to: 4, note: '' });
    expect(result.moved).toEqual([none, byHand]);
    expect(await orderRow(byHand)).toMatchObject({ status: 4, consignmentId: null, trackingCode: 'SB-778812' });
  });

  it("checks an order's courier choice", async () => {
    const id = await orderInProcessing(null);
    const apiCode = await shop.admin.put(`/api/admin/orders/${id}/courier`, { courier_id: ids.steadfast, tracking_code: 'ABC123' });
    expect(apiCode.statusCode).toBe(422);
    expect(apiCode.json().errors.tracking_code).toEqual(['Steadfast gives the tracking code when the parcel is booked.']);
    const unknown = await shop.admin.put(`/api/admin/orders/${id}/courier`, { courier_id: 999999 });
    expect(unknown.json().errors.courier_id).toEqual(['Choose a courier from the list.']);
    expect((await shop.admin.put('/api/admin/orders/999999/courier', { courier_id: ids.byHand })).statusCode).toBe(404);
    const viewer = await staffWith(shop.t, ['order.view']);
    expect((await viewer.get(`/api/admin/orders/${id}/courier`)).statusCode).toBe(200);
    expect((await viewer.put(`/api/admin/orders/${id}/courier`, { courier_id: ids.byHand })).statusCode).toBe(403);
    expect((await viewer.post(`/api/admin/orders/${id}/courier/refresh`)).statusCode).toBe(403);
  });
});

describe('tracking', () => {
  async function shipped(courierId: number) {
    const id = await orderInProcessing(courierId);
    expect((await moveOrderStatus(systemCtx(db), { orderIds: [id], to: 4, note: '' })).moved).toEqual([id]);
    return (await orderRow(id)) as NonNullable<Awaited<ReturnType<typeof orderRow>>>;
  }

  it('"Refresh tracking" keeps the courier\'s status and moves a delivered order to 5', async () => {
    const order = await shipped(ids.steadfast);
    server.statuses.set(order.consignmentId ?? '', 'hold');
    const held = await shop.admin.post(`/api/admin/orders/${order.id}/courier/refresh`);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ moved: false, data: { courier_status: 'hold', status: 4 } });
    expect(held.json().data.courier_checked_at).toBeTruthy();

    server.statuses.set(order.consignmentId ?? '', 'delivered');
    const delivered = await shop.admin.post(`/api/admin/orders/${order.id}/courier/refresh`);
    expect(delivered.json()).toMatchObject({
      moved: true,
      message: 'The courier says "delivered".',
      data: { courier_status: 'delivered', status: 5 },
    });
    const [history] = await db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 5)));
    expect(history?.note).toBe('Courier: delivered');
  });

  it('the periodic job moves shipped orders to delivered or returned from each courier', async () => {
    const delivered = await shipped(ids.steadfast);
    const returned = await shipped(ids.pathao);
    const waiting = await shipped(ids.steadfast);
    server.statuses.set(delivered.consignmentId ?? '', 'delivered');
    server.statuses.set(returned.consignmentId ?? '', 'Return');
    server.statuses.set(waiting.consignmentId ?? '', 'pending');
    const run = await trackShippedOrders(systemCtx(db), shop.t.config);
    expect(run.moved).toEqual(expect.arrayContaining([delivered.id, returned.id]));
    expect(run.moved).not.toContain(waiting.id);
    expect(await orderRow(delivered.id)).toMatchObject({ status: 5, courierStatus: 'delivered' });
    expect(await orderRow(returned.id)).toMatchObject({ status: 6, courierStatus: 'return' });
    expect(await orderRow(waiting.id)).toMatchObject({ status: 4, courierStatus: 'pending' });
    const [note] = await db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, returned.id), eq(orderStatusHistory.toStatus, 6)));
    expect(note).toMatchObject({ adminId: null, note: 'Courier: return' });
  });

  it('reports a courier that cannot be reached, and keeps going for the others', async () => {
    const order = await shipped(ids.steadfast);
    const refresh = async () => shop.admin.post(`/api/admin/orders/${order.id}/courier/refresh`);
    server.statuses.delete(order.consignmentId ?? '');
    const missing = await refresh();
    expect(missing.statusCode).toBe(502);
    expect(missing.json().message).toBe(
      `Steadfast: Steadfast refused the status of consignment ${order.consignmentId}: Consignment not found.`,
    );
    const byHand = await orderInProcessing(ids.byHand);
    const notBooked = await shop.admin.post(`/api/admin/orders/${byHand}/courier/refresh`);
    expect(notBooked.statusCode).toBe(409);
  });

  it("applies Pathao's webhook only with the shared secret", async () => {
    const order = await shipped(ids.pathao);
    const webhook = (secret: string, body: unknown) =>
      shop.t.app.inject({
        method: 'POST',
        url: '/api/webhooks/courier/pathao',
        headers: { 'x-pathao-signature': secret },
        payload: body as object,
      });
    const forged = await webhook('guess', { consignment_id: order.consignmentId, event: 'order.delivered' });
    expect(forged.statusCode).toBe(401);
    expect(await orderRow(order.id)).toMatchObject({ status: 4 });
    const integration = await webhook('pathao-webhook-secret-42', { event: 'webhook_integration' });
    expect(integration.statusCode).toBe(202);
    expect(integration.headers[PATHAO_INTEGRATION_HEADER.toLowerCase()]).toBeTruthy();
    const delivered = await webhook('pathao-webhook-secret-42', { consignment_id: order.consignmentId, event: 'order.delivered' });
    expect(delivered.statusCode).toBe(202);
    expect(await orderRow(order.id)).toMatchObject({ status: 5, courierStatus: 'delivered' });
  });
});

describe('the audit log of courier changes', () => {
  let me: { id: number; name: string };
  beforeAll(async () => {
    me = (await shop.admin.get('/check/session/admin')).json().admin;
  });

  it('records a credentials save by the admin, keys only as "changed"; a refused save writes no row', async () => {
    const mark = await lastAuditId(db);
    const refused = await shop.admin.put('/api/admin/courier/api/steadfast', { ...steadfastCredentials(), api_key: '' });
    expect(refused.statusCode).toBe(422);
    expect(await auditSince(db, mark)).toHaveLength(0);

    const saved = await shop.admin.put('/api/admin/courier/api/steadfast', { ...steadfastCredentials(), api_key: 'another-api-key-77' });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await auditSince(db, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: 'admin',
      actorId: me.id,
      actorName: me.name,
      action: 'update',
      entity: 'setting',
      entityId: 'courier_api.steadfast',
    });
    expect(rows[0]?.ip).toBeTruthy();
    expect(rows[0]?.changes).toMatchObject({ api_key: 'changed' });
    expect(JSON.stringify(rows[0])).not.toContain('another-api-key-77');
    await shop.admin.put('/api/admin/courier/api/steadfast', steadfastCredentials());
  });

  it("records an order's courier and tracking code before → after; a refused choice writes no row", async () => {
    const id = await orderInProcessing(null);
    const mark = await lastAuditId(db);
    const refused = await shop.admin.put(`/api/admin/orders/${id}/courier`, { courier_id: ids.steadfast, tracking_code: 'NOPE-1' });
    expect(refused.statusCode).toBe(422);
    expect(await auditSince(db, mark)).toHaveLength(0);

    const chosen = await shop.admin.put(`/api/admin/orders/${id}/courier`, { courier_id: ids.byHand, tracking_code: 'SB-4411' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const rows = await auditSince(db, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: 'admin',
      actorId: me.id,
      actorName: me.name,
      action: 'update',
      entity: 'order',
      entityId: String(id),
    });
    expect(rows[0]?.ip).toBeTruthy();
    expect(rows[0]?.changes).toEqual({
      courier_id: { before: null, after: ids.byHand },
      tracking_code: { before: null, after: 'SB-4411' },
    });
  });

  it("records what a tracking refresh learnt of the courier's status", async () => {
    const id = await orderInProcessing(ids.steadfast);
    expect((await moveOrderStatus(systemCtx(db), { orderIds: [id], to: 4, note: '' })).moved).toEqual([id]);
    const order = await orderRow(id);
    server.statuses.set(order?.consignmentId ?? '', 'hold');
    const mark = await lastAuditId(db);
    expect((await shop.admin.post(`/api/admin/orders/${id}/courier/refresh`)).statusCode).toBe(200);
    const rows = (await auditSince(db, mark)).filter((row) => row.action === 'courier.refresh');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorKind: 'admin', actorId: me.id, entity: 'order', entityId: String(id) });
    expect(rows[0]?.changes).toEqual({ courier_status: { before: order?.courierStatus ?? null, after: 'hold' } });
  });
});
