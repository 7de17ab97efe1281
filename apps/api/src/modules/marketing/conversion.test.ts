import { createHash } from 'node:crypto';
import { purchaseEventId } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashedUserData, normalisedPhone, normalisedWord, type ServerEvent } from '../../integrations/marketing/conversions-provider';
import { MetaConversionsApi } from '../../integrations/marketing/meta-conversions';
import { FakeMetaGraph, META_PIXEL } from '../../integrations/marketing/meta-graph.fixture';
import { addToCart, checkoutBody, openShop, type Shop, shopper, stockedProduct } from '../orders/order.fixture';
import { settleAfterCommitWork } from '../orders/order-events';
import { MAX_ATTEMPTS, sendDueConversions } from './conversion.service';
import { conversionEvents } from './conversion.table';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const FBP = 'fb.1.1700000000000.1234567890';
const USER_AGENT = 'Mozilla/5.0 (Linux; Android 14) HaatTest/1.0';

let shop: Shop;
const graph = new FakeMetaGraph();
let provider: MetaConversionsApi;

beforeAll(async () => {
  await graph.start();
  provider = new MetaConversionsApi(graph.url);
  shop = await openShop();
});
afterAll(async () => {
  await shop.t.close();
  await graph.stop();
});
beforeEach(() => {
  graph.received.length = 0;
  graph.failWith = null;
});

async function configure(values: Record<string, unknown>) {
  const saved = await shop.admin.put('/api/admin/settings/marketing', values);
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data;
}

/** A shopper's checkout from a phone's browser with Meta's cookie, as the storefront sends it. */
async function placeFromBrowser(quantity = 2) {
  const product = await stockedProduct(shop, 50);
  const browser = await shopper(shop);
  await addToCart(browser, product.variantId, quantity);
  const response = await browser.post('/_public/checkout', checkoutBody(shop.dhaka, { phone: '01712-345678', name: 'Sadia  Islam' }), {
    'user-agent': USER_AGENT,
    referer: 'http://localhost/checkout',
    cookie: `${browser.cookieHeader()}; _fbp=${FBP}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { order: response.json().order as { id: number; number: string; total: number }, product };
}

const send = (now?: Date) => sendDueConversions(shop.t.database.db, shop.t.config, { provider, now });
const rowsOf = (orderId: number) => shop.t.database.db.select().from(conversionEvents).where(eq(conversionEvents.orderId, orderId));

describe('customer data for Meta', () => {
  it('is normalised as Meta asks, then hashed', () => {
    expect(normalisedPhone('01712-345678')).toBe('8801712345678');
    expect(normalisedPhone('+880 1712 345678')).toBe('8801712345678');
    expect(normalisedPhone('1712345678')).toBe('8801712345678');
    expect(normalisedWord(' Sadia-Islam. ')).toBe('sadiaislam');
    expect(normalisedWord('সাদিয়া')).toBe('সাদিয়া'.normalize('NFC'));
    const data = hashedUserData({ phone: '01712345678', name: 'Sadia Rahman Islam', city: 'Dhaka' });
    expect(data).toEqual({
      ph: [sha256('8801712345678')],
      fn: [sha256('sadia')],
      ln: [sha256('islam')],
      ct: [sha256('dhaka')],
      country: [sha256('bd')],
    });
  });
});

describe('the Conversions API', () => {
  it('records nothing while the shop has not set it up', async () => {
    const { order } = await placeFromBrowser();
    await settleAfterCommitWork();
    expect(await rowsOf(order.id)).toEqual([]);
  });

  it('keeps the access token secret: masked in the back office, absent from what pages are told', async () => {
    const saved = await configure({
      facebook_pixel_id: META_PIXEL.pixelId,
      conversions_access_token: META_PIXEL.accessToken,
      purchase_moment: 'placed',
    });
    expect(saved.conversions_access_token).toBe(`••••${META_PIXEL.accessToken.slice(-4)}`);
    const info = (await (await shopper(shop)).get('/api/get/site/info')).json();
    expect(info.marketing_setting).toEqual({
      facebook_pixel_id: META_PIXEL.pixelId,
      google_tag_id: '',
      gtm_container_id: '',
      purchase_moment: 'placed',
    });
    expect(JSON.stringify(info)).not.toContain('conversions_access_token');
    expect(JSON.stringify(info)).not.toContain('••••');
    const bad = await shop.admin.put('/api/admin/settings/marketing', { gtm_container_id: 'UA-1234', purchase_moment: 'paid' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['gtm_container_id', 'purchase_moment']);
  });

  it('sends the purchase with the event id the browser’s pixel uses, user data hashed, to POST /{version}/{pixel}/events', async () => {
    await configure({ conversions_test_event_code: 'TEST12345' });
    const { order, product } = await placeFromBrowser(2);
    expect(await send()).toEqual({ sent: 1, failed: 0, retrying: 0 });
    expect(graph.received).toHaveLength(1);
    const call = graph.received[0];
    expect(call?.pixelId).toBe(META_PIXEL.pixelId);
    expect(call?.body.access_token).toBe(META_PIXEL.accessToken);
    expect(call?.body.test_event_code).toBe('TEST12345');
    const event = call?.body.data[0] as unknown as ServerEvent;
    expect(event.event_id).toBe(purchaseEventId(order.number));
    expect(event.event_id).toBe(`purchase-${order.number}`);
    expect(event.event_name).toBe('Purchase');
    expect(event.action_source).toBe('website');
    expect(event.event_source_url).toBe('http://localhost/checkout');
    expect(Math.abs(event.event_time - Date.now() / 1000)).toBeLessThan(120);
    expect(event.user_data).toMatchObject({
      ph: [sha256('8801712345678')],
      fn: [sha256('sadia')],
      ln: [sha256('islam')],
      country: [sha256('bd')],
      client_user_agent: USER_AGENT,
      fbp: FBP,
    });
    expect(event.user_data.client_ip_address).toBeTruthy();
    expect(event.custom_data).toEqual({
      currency: 'BDT',
      value: order.total / 100,
      content_ids: [product.sku],
      contents: [{ id: product.sku, quantity: 2, item_price: 1000 }],
      content_type: 'product',
      num_items: 2,
      order_id: order.number,
    });
    // Nothing of the customer leaves in plain text.
    expect(JSON.stringify(call?.body)).not.toContain('1712345678');
    expect(JSON.stringify(call?.body)).not.toMatch(/sadia/i);
    // Sent once: the next run has nothing to do.
    expect(await send()).toEqual({ sent: 0, failed: 0, retrying: 0 });

    const log = await shop.admin.get('/api/admin/marketing/conversions?status=sent');
    expect(log.statusCode, log.body).toBe(200);
    const entry = log.json().data.find((row: { order_number: string }) => row.order_number === order.number);
    expect(entry).toMatchObject({ status: 'sent', attempts: 1, fbtrace_id: 'trace-1', test_event_code: 'TEST12345' });
    await configure({ conversions_test_event_code: '' });
  });

  it('loses nothing in an outage: the order is placed, the event waits and goes when Meta answers again', async () => {
    graph.failWith = { status: 500, message: 'An unexpected error has occurred. Please retry your request later.', code: 2 };
    const { order } = await placeFromBrowser(1);
    expect(await send()).toEqual({ sent: 0, failed: 0, retrying: 1 });
    const [waiting] = await rowsOf(order.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toContain('unexpected error');
    expect(waiting?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + 30_000);
    graph.failWith = null;
    // Not due yet.
    expect(await send()).toEqual({ sent: 0, failed: 0, retrying: 0 });
    expect(await send(new Date(Date.now() + 2 * 60_000))).toEqual({ sent: 1, failed: 0, retrying: 0 });
    expect(graph.events().map((event) => event.event_id)).toEqual([purchaseEventId(order.number)]);
  });

  it('gives up after the retries on a refused token, and an admin can send it again', async () => {
    graph.failWith = { status: 400, message: 'Invalid OAuth access token - Cannot parse access token', code: 190 };
    const { order } = await placeFromBrowser(1);
    let at = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      // Each retry waits at most 6 hours.
      at += 6 * 3_600_000 + 1000;
      await send(new Date(at));
    }
    const [failed] = await rowsOf(order.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(failed?.lastError).toContain('Invalid OAuth access token');
    const list = (await shop.admin.get('/api/admin/marketing/conversions?status=failed')).json();
    expect(list.counts.failed).toBeGreaterThanOrEqual(1);
    expect(list.data.map((row: { id: number }) => row.id)).toContain(failed?.id);
    expect((await shop.admin.get('/api/admin/marketing/conversions?status=lost')).statusCode).toBe(422);

    graph.failWith = null;
    const again = await shop.admin.post(`/api/admin/marketing/conversions/${failed?.id}/retry`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().delivery).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await shop.admin.post(`/api/admin/marketing/conversions/${failed?.id}/retry`)).statusCode).toBe(404);
    // Events older than 7 days are refused by Meta: this one was placed just now.
    expect((await send()).sent).toBe(1);
  });

  it('with purchases counted on confirmation, waits for the move to confirmed and sends then', async () => {
    await configure({ purchase_moment: 'confirmed' });
    const info = (await (await shopper(shop)).get('/api/get/site/info')).json();
    expect(info.marketing_setting.purchase_moment).toBe('confirmed');
    const { order } = await placeFromBrowser(1);
    expect((await rowsOf(order.id))[0]).toMatchObject({ status: 'waiting', eventAt: null });
    expect(await send()).toEqual({ sent: 0, failed: 0, retrying: 0 });
    const moved = await shop.admin.post(`/api/admin/orders/${order.id}/status`, { to: 2, note: 'Called the customer' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await rowsOf(order.id))[0]).toMatchObject({ status: 'pending' });
    expect(await send()).toEqual({ sent: 1, failed: 0, retrying: 0 });
    const [event] = graph.events() as unknown as ServerEvent[];
    expect(event?.event_id).toBe(purchaseEventId(order.number));
    expect(event?.action_source).toBe('website');
    await configure({ purchase_moment: 'placed' });
  });

  it('answers the log only to admins who may read settings', async () => {
    const guest = await shopper(shop);
    expect((await guest.get('/api/admin/marketing/conversions')).statusCode).toBe(401);
    expect((await shop.admin.post('/api/admin/marketing/conversions/abc/retry')).statusCode).toBe(404);
  });
});
