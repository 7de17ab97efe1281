import {
  COURIER_CSV_COLUMNS,
  COURIER_STATUS_MAP,
  type CourierOutcome,
  type CourierProviderCode,
  courierOutcome,
  normalCourierStatus,
} from '@haat/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { parseCsv } from '../../http/csv';
import { FakeCourierServer, PATHAO_LOGIN, STEADFAST_KEYS } from '../../integrations/couriers/courier-server.fixture';
import { forgetPathaoTokens } from '../../integrations/couriers/pathao';
import { staffWith } from '../../test/staff';
import { freshPhone, openShop, type Shop, stockedProduct } from '../orders/order.fixture';
import { placeOrder } from '../orders/order.service';
import { orderStatusHistory, orders } from '../orders/order.table';
import { moveOrderStatus } from '../orders/order-status.service';
import { decideCourierStatus } from './courier-review.service';
import { PATHAO_INTEGRATION_HEADER } from './courier-webhook.service';
import { courierStatusReviews, courierWebhookDeliveries } from './courier-webhook.table';

let shop: Shop;
let db: Db;
let server: FakeCourierServer;
const ids: Record<'steadfast' | 'pathao' | 'byHand', number> = { steadfast: 0, pathao: 0, byHand: 0 };
const STEADFAST_TOKEN = 'sf-webhook-token-7b1e2c';
const PATHAO_SECRET = 'pathao-webhook-secret-58';

beforeAll(async () => {
  server = await new FakeCourierServer().start();
  shop = await openShop();
  db = shop.t.database.db;
  forgetPathaoTokens();
  for (const [key, body] of [
    ['steadfast', { name: 'Steadfast', provider: 'steadfast', phone: '09678045045', tracking_url: '' }],
    ['pathao', { name: 'Pathao', provider: 'pathao', phone: '09610003030', tracking_url: '' }],
    ['byHand', { name: 'Sundarban Courier', provider: 'none', phone: '01713199222', tracking_url: '' }],
  ] as const) {
    const response = await shop.admin.post('/api/admin/couriers', body);
    expect(response.statusCode, response.body).toBe(201);
    ids[key] = response.json().data.id;
  }
  const steadfast = await shop.admin.put('/api/admin/courier/api/steadfast', {
    enabled: true,
    base_url: server.steadfastUrl,
    api_key: STEADFAST_KEYS.apiKey,
    secret_key: STEADFAST_KEYS.secretKey,
    webhook_token: STEADFAST_TOKEN,
  });
  expect(steadfast.statusCode, steadfast.body).toBe(200);
  expect(steadfast.json().data.webhook_token).toBe('••••1e2c');
  const pathao = await shop.admin.put('/api/admin/courier/api/pathao', {
    enabled: true,
    base_url: server.url,
    client_id: PATHAO_LOGIN.clientId,
    client_secret: PATHAO_LOGIN.clientSecret,
    username: PATHAO_LOGIN.username,
    password: PATHAO_LOGIN.password,
    store_id: PATHAO_LOGIN.storeId,
    webhook_secret: PATHAO_SECRET,
  });
  expect(pathao.statusCode, pathao.body).toBe(200);
});
afterAll(async () => {
  await shop.t.close();
  await server.close();
});

/** A phone order in processing (3), paid ৳200 in advance, with `courierId` chosen (or none). */
async function orderInProcessing(courierId: number | null) {
  const item = await stockedProduct(shop, 10, { weight_grams: 600 });
  const placed = await placeOrder(systemCtx(db), {
    type: 'phone',
    customer: {
      name: 'Rupa Akter',
      phone: freshPhone(),
      address: 'Ward 4, Zindabazar',
      cityId: shop.sylhet.city_id,
      subCityId: shop.sylhet.sub_city_id,
    },
    lines: [{ variantId: item.variantId, quantity: 2 }],
    advancePaid: 200_00,
  });
  const id = placed.order.id;
  if (courierId) expect((await shop.admin.put(`/api/admin/orders/${id}/courier`, { courier_id: courierId })).statusCode).toBe(200);
  for (const to of [2, 3] as const) expect((await moveOrderStatus(systemCtx(db), { orderIds: [id], to, note: '' })).refused).toEqual([]);
  return id;
}

const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0] as typeof orders.$inferSelect;

async function shipped(courierId: number) {
  const id = await orderInProcessing(courierId);
  expect((await moveOrderStatus(systemCtx(db), { orderIds: [id], to: 4, note: '' })).moved).toEqual([id]);
  const order = await orderRow(id);
  expect(order.consignmentId).toBeTruthy();
  return { ...order, due: order.total - order.advancePaid };
}

const steadfastHook = (token: string | null, body: Record<string, unknown>) =>
  shop.t.app.inject({
    method: 'POST',
    url: '/api/courier/webhook/steadfast',
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    payload: body,
  });
const pathaoHook = (secret: string, body: Record<string, unknown>, url = '/api/courier/webhook/pathao') =>
  shop.t.app.inject({ method: 'POST', url, headers: { 'x-pathao-signature': secret }, payload: body });

const steadfastDelivery = (consignmentId: string, status: string, taka: number, updatedAt = '2026-11-27 14:05:10') => ({
  notification_type: 'delivery_status',
  consignment_id: Number(consignmentId),
  invoice: 'HB-0',
  cod_amount: taka,
  status,
  delivery_charge: 130,
  tracking_message: `Status changed to ${status}`,
  updated_at: updatedAt,
});

const deliveriesOf = (consignmentId: string) =>
  db
    .select()
    .from(courierWebhookDeliveries)
    .where(eq(courierWebhookDeliveries.consignmentId, consignmentId))
    .orderBy(asc(courierWebhookDeliveries.id));
const movesOf = (orderId: number, to: number) =>
  db
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, to)));
const openReviewsOf = (orderId: number) =>
  db
    .select()
    .from(courierStatusReviews)
    .where(and(eq(courierStatusReviews.orderId, orderId), eq(courierStatusReviews.state, 'open')));

describe('the webhook signature', () => {
  it("refuses Steadfast's push without the right Bearer token, keeps it in the history, and changes nothing", async () => {
    const order = await shipped(ids.steadfast);
    const body = steadfastDelivery(order.consignmentId ?? '', 'delivered', order.due / 100);
    for (const token of [null, 'guess', `${STEADFAST_TOKEN}x`]) {
      const refused = await steadfastHook(token, body);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ status: 'error', message: 'The webhook signature does not match.' });
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 4, courierStatus: 'in_review' });
    const refusedRows = await db
      .select()
      .from(courierWebhookDeliveries)
      .where(and(eq(courierWebhookDeliveries.provider, 'steadfast'), eq(courierWebhookDeliveries.outcome, 'refused')));
    expect(refusedRows.length).toBeGreaterThanOrEqual(3);
    // A refused push is not trusted: nothing of its body is kept but its hash.
    expect(refusedRows.every((row) => row.signatureOk === false && row.consignmentId === null && row.orderId === null)).toBe(true);
  });

  it("refuses Pathao's push without the right X-PATHAO-Signature, and answers its integration check with its header", async () => {
    const order = await shipped(ids.pathao);
    const forged = await pathaoHook('guess', { consignment_id: order.consignmentId, event: 'order.delivered' });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers[PATHAO_INTEGRATION_HEADER.toLowerCase()]).toBeUndefined();
    expect(await orderRow(order.id)).toMatchObject({ status: 4 });
    const check = await pathaoHook(PATHAO_SECRET, { event: 'webhook_integration' });
    expect(check.statusCode).toBe(202);
    expect(check.headers[PATHAO_INTEGRATION_HEADER.toLowerCase()]).toBe('f3992ecc-59da-4cbe-a049-a13da2018d51');
  });

  it('refuses every push while no secret is set for the courier', async () => {
    const saved = await shop.admin.put('/api/admin/courier/api/pathao', { webhook_secret: '' });
    expect(saved.statusCode).toBe(200);
    const refused = await pathaoHook('', { consignment_id: '1', event: 'order.delivered' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('No webhook secret is set for this courier: set it in the courier API set-up first.');
    expect((await shop.admin.put('/api/admin/courier/api/pathao', { webhook_secret: PATHAO_SECRET })).statusCode).toBe(200);
  });

  it('answers an unknown courier 404 and an incomplete push 422 naming the field', async () => {
    const unknown = await shop.t.app.inject({ method: 'POST', url: '/api/courier/webhook/redx', payload: {} });
    expect(unknown.statusCode).toBe(404);
    const incomplete = await steadfastHook(STEADFAST_TOKEN, { notification_type: 'delivery_status', status: 'delivered' });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().errors).toEqual({ consignment_id: ['Send the consignment_id.'] });
    const notJson = await shop.t.app.inject({
      method: 'POST',
      url: '/api/courier/webhook/pathao',
      headers: { 'x-pathao-signature': PATHAO_SECRET, 'content-type': 'application/json' },
      payload: '{"consignment_id": ',
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('applying pushes', () => {
  it('moves a Steadfast order to delivered when it collected the due, once: a repeat changes nothing', async () => {
    const order = await shipped(ids.steadfast);
    const body = steadfastDelivery(order.consignmentId ?? '', 'Delivered', order.due / 100);
    const first = await steadfastHook(STEADFAST_TOKEN, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'success', message: `Order ${order.number} moved to delivered.` });
    expect(await orderRow(order.id)).toMatchObject({ status: 5, courierStatus: 'delivered' });
    const before = await orderRow(order.id);

    const again = await steadfastHook(STEADFAST_TOKEN, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'success', message: 'Already received: nothing changed.' });
    expect(await orderRow(order.id)).toEqual(before);
    expect(await movesOf(order.id, 5)).toHaveLength(1);
    const rows = await deliveriesOf(order.consignmentId ?? '');
    expect(rows.map((row) => row.outcome)).toEqual(['applied', 'duplicate']);
    expect(rows[1]?.message).toBe(`Repeat of delivery #${rows[0]?.id}: nothing changed.`);
    expect(rows[0]).toMatchObject({ orderId: order.id, courierStatus: 'delivered', codAmount: order.due, signatureOk: true });
  });

  it('the same push twice at once is applied once', async () => {
    const order = await shipped(ids.pathao);
    const body = { consignment_id: order.consignmentId, event: 'order.returned', updated_at: '2026-11-27 15:00:00' };
    const answers = await Promise.all([pathaoHook(PATHAO_SECRET, body), pathaoHook(PATHAO_SECRET, body), pathaoHook(PATHAO_SECRET, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    expect(await orderRow(order.id)).toMatchObject({ status: 6, courierStatus: 'returned' });
    expect(await movesOf(order.id, 6)).toHaveLength(1);
    const outcomes = (await deliveriesOf(order.consignmentId ?? '')).map((row) => row.outcome).sort();
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate']);
  });

  it('keeps a Pathao order shipped for in-transit events, and the old address still works', async () => {
    const order = await shipped(ids.pathao);
    for (const event of ['order.picked', 'order.in-transit', 'order.delivery-failed', 'order.on-hold']) {
      const answer = await pathaoHook(PATHAO_SECRET, { consignment_id: order.consignmentId, event, updated_at: `t-${event}` });
      expect(answer.statusCode).toBe(202);
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 4, courierStatus: 'on_hold' });
    const delivered = await pathaoHook(
      PATHAO_SECRET,
      { consignment_id: order.consignmentId, event: 'order.delivered', collected_amount: order.due / 100, updated_at: 't-d' },
      '/api/webhooks/courier/pathao',
    );
    expect(delivered.statusCode).toBe(202);
    expect(await orderRow(order.id)).toMatchObject({ status: 5, courierStatus: 'delivered' });
  });

  it('sends a partial delivery to review with the collected amount; a person applies it', async () => {
    const order = await shipped(ids.steadfast);
    const partial = await steadfastHook(STEADFAST_TOKEN, steadfastDelivery(order.consignmentId ?? '', 'Partial Delivered', 500));
    expect(partial.json().message).toBe(`Order ${order.number} waits for a person's review.`);
    expect(await orderRow(order.id)).toMatchObject({ status: 4, courierStatus: 'partial_delivered' });
    const [review] = await openReviewsOf(order.id);
    expect(review).toMatchObject({ reason: 'partial_delivery', collected: 500_00, due: order.due, provider: 'steadfast' });

    const list = await shop.admin.get('/api/admin/courier/reviews');
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((row: { id: number }) => row.id === review?.id);
    expect(listed).toMatchObject({
      order_number: order.number,
      order_status: 4,
      reason: 'partial_delivery',
      collected: 500_00,
      state: 'open',
    });

    const wrong = await shop.admin.post(`/api/admin/courier/reviews/${review?.id}/apply`, { to: 7 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.to).toEqual(['Choose delivered (5) or returned (6)']);
    const applied = await shop.admin.post(`/api/admin/courier/reviews/${review?.id}/apply`, {
      to: 6,
      note: 'Customer kept one, the rest came back',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ state: 'applied', resolved_to: 6 });
    expect(await orderRow(order.id)).toMatchObject({ status: 6 });
    const [move] = await movesOf(order.id, 6);
    expect(move?.note).toBe('Courier review: partial delivered, collected ৳500.00. Customer kept one, the rest came back');
    const twice = await shop.admin.post(`/api/admin/courier/reviews/${review?.id}/apply`, { to: 5 });
    expect(twice.statusCode).toBe(409);
  });

  it('flags a delivery whose collected amount is not the due, and a person may dismiss it', async () => {
    const order = await shipped(ids.pathao);
    const short = (order.due - 300_00) / 100;
    await pathaoHook(PATHAO_SECRET, {
      consignment_id: order.consignmentId,
      event: 'order.delivered',
      collected_amount: short,
      updated_at: 'x1',
    });
    expect(await orderRow(order.id)).toMatchObject({ status: 4, courierStatus: 'delivered' });
    const [review] = await openReviewsOf(order.id);
    expect(review).toMatchObject({ reason: 'cod_mismatch', collected: order.due - 300_00, due: order.due });
    // Within a taka is the same amount: couriers count whole taka.
    expect(decideCourierStatus('pathao', 'delivered', {}, order.due + 40, order.due)).toEqual({ kind: 'move', to: 5 });

    const dismissed = await shop.admin.post(`/api/admin/courier/reviews/${review?.id}/dismiss`, {
      note: 'Asked the rider: discount given at the door',
    });
    expect(dismissed.json().data).toMatchObject({ state: 'dismissed', note: 'Asked the rider: discount given at the door' });
    expect(await orderRow(order.id)).toMatchObject({ status: 4 });
    expect(await openReviewsOf(order.id)).toHaveLength(0);
  });

  it('sends a status nobody mapped to review, once however often it comes; a later settling status closes it', async () => {
    const order = await shipped(ids.pathao);
    for (const at of ['u1', 'u2']) {
      await pathaoHook(PATHAO_SECRET, { consignment_id: order.consignmentId, event: 'order.lost-in-flood', updated_at: at });
    }
    const reviews = await openReviewsOf(order.id);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ reason: 'unknown_status', courierStatus: 'lost_in_flood' });
    await pathaoHook(PATHAO_SECRET, { consignment_id: order.consignmentId, event: 'order.returned', updated_at: 'u3' });
    expect(await orderRow(order.id)).toMatchObject({ status: 6 });
    expect(await openReviewsOf(order.id)).toHaveLength(0);
  });

  it('records a push for a consignment no order has, and a Steadfast tracking note without changing the status', async () => {
    const none = await steadfastHook(STEADFAST_TOKEN, steadfastDelivery('99999999', 'delivered', 100));
    expect(none.json().message).toBe('No order has this consignment.');
    const order = await shipped(ids.steadfast);
    const note = await steadfastHook(STEADFAST_TOKEN, {
      notification_type: 'tracking_update',
      consignment_id: Number(order.consignmentId),
      invoice: order.number,
      tracking_message: 'Parcel reached Sylhet hub',
      updated_at: '2026-11-27 11:00:00',
    });
    expect(note.statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 4, courierStatus: 'in_review' });
    const [row] = await deliveriesOf(order.consignmentId ?? '');
    expect(row).toMatchObject({ outcome: 'recorded', message: 'Parcel reached Sylhet hub', orderId: order.id });
  });

  it('the webhook history lists deliveries newest first with their order, for courier.webhook.view', async () => {
    const history = await shop.admin.get('/api/admin/courier/webhooks?per_page=5');
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ current_page: 1, per_page: 5 });
    expect(history.json().total).toBeGreaterThan(10);
    const refused = await shop.admin.get('/api/admin/courier/webhooks?outcome=refused&provider=steadfast');
    expect(
      refused.json().data.every((row: { outcome: string; signature_ok: boolean }) => row.outcome === 'refused' && !row.signature_ok),
    ).toBe(true);
    const applied = await shop.admin.get('/api/admin/courier/webhooks?outcome=applied');
    expect(applied.json().data[0].order_number).toMatch(/^HB-/);
    const clerk = await staffWith(shop.t, ['order.view']);
    expect((await clerk.get('/api/admin/courier/webhooks')).statusCode).toBe(403);
    expect((await clerk.get('/api/admin/courier/reviews')).statusCode).toBe(403);
    expect((await clerk.post('/api/admin/courier/reviews/1/dismiss', {})).statusCode).toBe(403);
  });
});

describe('the status mapping', () => {
  const steadfastStatuses: [string, CourierOutcome][] = [
    ['in_review', 'shipped'],
    ['pending', 'shipped'],
    ['hold', 'shipped'],
    ['delivered_approval_pending', 'shipped'],
    ['delivered', 'delivered'],
    ['partial_delivered', 'review'],
    ['cancelled', 'returned'],
    ['unknown', 'review'],
  ];
  const pathaoEvents: [string, CourierOutcome][] = [
    ['order.created', 'shipped'],
    ['order.updated', 'shipped'],
    ['order.pickup-requested', 'shipped'],
    ['order.assigned-for-pickup', 'shipped'],
    ['order.picked', 'shipped'],
    ['order.pickup-failed', 'shipped'],
    ['order.pickup-cancelled', 'review'],
    ['order.at-the-sorting-hub', 'shipped'],
    ['order.in-transit', 'shipped'],
    ['order.received-at-last-mile-hub', 'shipped'],
    ['order.assigned-for-delivery', 'shipped'],
    ['order.delivered', 'delivered'],
    ['order.partial-delivery', 'review'],
    ['order.returned', 'returned'],
    ['order.paid-return', 'returned'],
    ['order.delivery-failed', 'shipped'],
    ['order.on-hold', 'shipped'],
    ['order.paid', 'delivered'],
    ['order.exchanged', 'review'],
    ['Pickup_Requested', 'shipped'],
    ['Return', 'returned'],
  ];

  it('maps every documented courier status to ours', () => {
    for (const [status, outcome] of steadfastStatuses) expect([status, courierOutcome('steadfast', status)]).toEqual([status, outcome]);
    for (const [event, outcome] of pathaoEvents) expect([event, courierOutcome('pathao', event)]).toEqual([event, outcome]);
    for (const provider of Object.keys(COURIER_STATUS_MAP) as CourierProviderCode[]) {
      for (const entry of COURIER_STATUS_MAP[provider]) expect(normalCourierStatus(entry.status)).toBe(entry.status);
    }
  });

  it('moves a shipped Steadfast order as each of its statuses says, through the webhook', async () => {
    let order = await shipped(ids.steadfast);
    for (const [status, outcome] of steadfastStatuses) {
      if (order.status !== 4) order = await shipped(ids.steadfast);
      const answer = await steadfastHook(
        STEADFAST_TOKEN,
        steadfastDelivery(order.consignmentId ?? '', status, order.due / 100, `m-${status}`),
      );
      expect(answer.statusCode).toBe(200);
      const after = await orderRow(order.id);
      const expected = outcome === 'delivered' ? 5 : outcome === 'returned' ? 6 : 4;
      expect([status, after.status]).toEqual([status, expected]);
      if (outcome === 'review') expect((await openReviewsOf(order.id)).map((row) => row.courierStatus)).toContain(status);
      order = { ...order, status: after.status };
    }
  });

  it('lists every status with its outcome, and the shop may override one (audited)', async () => {
    const map = await shop.admin.get('/api/admin/courier/status-map');
    expect(map.statusCode).toBe(200);
    const rows = map.json().data as { provider: string; status: string; outcome: string; overridden: boolean }[];
    expect(rows.filter((row) => row.provider === 'steadfast').map((row) => row.status)).toEqual(
      expect.arrayContaining(steadfastStatuses.map(([status]) => status)),
    );
    const bad = await shop.admin.put('/api/admin/courier/status-map/pathao', { overrides: { delivery_failed: 'lost' } });
    expect(bad.statusCode).toBe(422);
    const saved = await shop.admin.put('/api/admin/courier/status-map/pathao', {
      overrides: { 'order.delivery-failed': 'review', delivered: 'delivered' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = saved
      .json()
      .data.find((each: { provider: string; status: string }) => each.provider === 'pathao' && each.status === 'delivery_failed');
    expect(row).toMatchObject({ outcome: 'review', default_outcome: 'shipped', overridden: true });

    const order = await shipped(ids.pathao);
    await pathaoHook(PATHAO_SECRET, { consignment_id: order.consignmentId, event: 'order.delivery-failed', updated_at: 'o1' });
    expect(await openReviewsOf(order.id)).toMatchObject([{ reason: 'ambiguous_status', courierStatus: 'delivery_failed' }]);
    expect((await shop.admin.put('/api/admin/courier/status-map/pathao', { overrides: {} })).statusCode).toBe(200);
    const viewer = await staffWith(shop.t, ['courier.webhook.view']);
    expect((await viewer.get('/api/admin/courier/status-map')).statusCode).toBe(200);
    expect((await viewer.put('/api/admin/courier/status-map/pathao', { overrides: {} })).statusCode).toBe(403);
  });
});

describe('bulk booking and courier sheets', () => {
  it('books each selected order with the chosen courier and answers every order, not stopping at a refusal', async () => {
    const good = [await orderInProcessing(null), await orderInProcessing(ids.byHand), await orderInProcessing(null)];
    const taken = await orderInProcessing(null);
    const takenOrder = await orderRow(taken);
    // The courier already has this invoice: it refuses the booking in its own words.
    await fetch(`${server.steadfastUrl}/create_order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Api-Key': STEADFAST_KEYS.apiKey, 'Secret-Key': STEADFAST_KEYS.secretKey },
      body: JSON.stringify({
        invoice: takenOrder.number,
        recipient_name: 'X',
        recipient_phone: '01711000000',
        recipient_address: 'Y',
        cod_amount: 1,
      }),
    });
    const pending = (await shipped(ids.steadfast)).id;
    const response = await shop.admin.post('/api/admin/courier/bulk-book', {
      courier_id: ids.steadfast,
      order_ids: [good[0], taken, good[1], pending, good[2], 999999],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ booked: 3, failed: 3, message: '3 of 6 orders booked.' });
    const results = body.data as { order_id: number; ok: boolean; consignment_id: string | null; message: string }[];
    expect(results.map((result) => result.order_id)).toEqual([good[0], taken, good[1], pending, good[2], 999999]);
    expect(results.map((result) => result.ok)).toEqual([true, false, true, false, true, false]);
    for (const id of good) {
      const order = await orderRow(id);
      expect(order).toMatchObject({ status: 4, courierId: ids.steadfast });
      expect(results.find((result) => result.order_id === id)?.consignment_id).toBe(order.consignmentId);
    }
    expect(results[1]?.message).toContain('The invoice has already been taken.');
    expect(await orderRow(taken)).toMatchObject({ status: 3, consignmentId: null });
    expect(results[3]?.message).toBe(
      `Order ${(await orderRow(pending)).number} is not in processing: only orders in processing are booked.`,
    );
    expect(results[5]?.message).toBe('Order #999999 does not exist.');
  });

  it('refuses a courier without a connected API, and checks the input', async () => {
    const id = await orderInProcessing(null);
    const byHand = await shop.admin.post('/api/admin/courier/bulk-book', { courier_id: ids.byHand, order_ids: [id] });
    expect(byHand.statusCode).toBe(422);
    expect(byHand.json().errors.courier_id[0]).toContain('download its CSV');
    const empty = await shop.admin.post('/api/admin/courier/bulk-book', { courier_id: ids.steadfast, order_ids: [] });
    expect(empty.json().errors.order_ids).toEqual(['Choose the orders to book']);
    const viewer = await staffWith(shop.t, ['order.view']);
    expect((await viewer.post('/api/admin/courier/bulk-book', { courier_id: ids.steadfast, order_ids: [id] })).statusCode).toBe(403);
  });

  it("exports the chosen orders in Steadfast's bulk-upload columns, and a courier's processing orders in the generic sheet", async () => {
    const first = await orderRow(await orderInProcessing(ids.byHand));
    const second = await orderRow(await orderInProcessing(ids.byHand));
    const sheet = await shop.admin.get(`/api/admin/courier/sheet.csv?layout=steadfast&order_ids=${first.id},${second.id}`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(sheet.body);
    expect(rows[0]).toEqual([...COURIER_CSV_COLUMNS.steadfast]);
    expect(rows[1]).toEqual([
      first.number,
      'Rupa Akter',
      'Ward 4, Zindabazar',
      first.customerPhone,
      String((first.total - 200_00) / 100),
      '',
    ]);
    expect(rows).toHaveLength(3);

    const generic = await shop.admin.get(`/api/admin/courier/sheet.csv?courier_id=${ids.byHand}`);
    const lines = parseCsv(generic.body);
    expect(lines[0]).toEqual([...COURIER_CSV_COLUMNS.generic]);
    const line = lines.find((cells) => cells[0] === second.number);
    expect(line?.slice(6)).toEqual([String((second.total - 200_00) / 100), '2', '1.2', '']);
    const bad = await shop.admin.get('/api/admin/courier/sheet.csv?layout=redx&order_ids=1');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['layout']);
    const none = await shop.admin.get('/api/admin/courier/sheet.csv');
    expect(none.json().errors.order_ids).toBeTruthy();
  });
});
