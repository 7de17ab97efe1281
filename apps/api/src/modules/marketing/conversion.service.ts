import {
  CONVERSION_STATUSES,
  type ConversionDelivery,
  type ConversionDeliveryLog,
  type ConversionStatus,
  type OrderView,
  type PurchaseMoment,
  purchaseEventId,
} from '@haat/contracts';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { type ConversionsProvider, hashedUserData, type ServerEvent } from '../../integrations/marketing/conversions-provider';
import { MetaConversionsApi } from '../../integrations/marketing/meta-conversions';
import { recordAudit } from '../audit';
import type { OrderMovedEvent } from '../orders';
import { readSecretSetting, readSetting, SETTING_GROUPS, type SettingsConfig } from '../settings';
import { type ConversionBrowser, conversionEvents } from './conversion.table';

/**
 * Meta Conversions API purchases (decision 060). An order placed from a browser leaves a row in the
 * outbox with that browser (the checkout's answer, `recordCheckoutConversion`); it is due at once when
 * the shop counts purchases when placed, else it waits for the move the shop chose (confirmed or
 * delivered, `queuePurchaseOnMove`, inside the move's transaction). The conversions job sends what is
 * due in batches, with retries, reading each order as it is then.
 */

const PURCHASE = 'Purchase';
/** Meta refuses events older than 7 days. */
const MAX_EVENT_AGE_MS = 7 * 86_400_000;
/** After this many failed sends an event is given up (`failed`); an admin can send it again. */
export const MAX_ATTEMPTS = 12;
/** A batch: Meta takes up to 1,000 events per request. */
const BATCH = 500;
/** Order types counted when they were not placed from a browser: orders taken by phone. */
const COUNTED_WITHOUT_BROWSER = new Set(['phone']);
/** The move that makes a purchase for each moment. */
const MOMENT_STATUS: Record<Exclude<PurchaseMoment, 'placed'>, number> = { confirmed: 2, delivered: 5 };

/** Reads orders as the API answers them; handed in at start (app.ts) so this module does not import orders. */
export type ConversionOrderReader = (db: Db, orderIds: number[]) => Promise<Map<number, OrderView>>;
let readOrders: ConversionOrderReader | null = null;
export function readConversionOrdersWith(reader: ConversionOrderReader): void {
  readOrders = reader;
}

/** Whether the shop has the Conversions API on: a pixel id and an access token saved. */
async function conversionsOn(db: Db) {
  const marketing = await readSetting(db, SETTING_GROUPS.marketing);
  return { on: Boolean(marketing.facebook_pixel_id && marketing.conversions_access_token), moment: marketing.purchase_moment };
}

/** The browser a request came from, as Meta's website events need it: address, user agent, Meta's cookies, page. */
export function browserOf(request: FastifyRequest): ConversionBrowser {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value ? value.slice(0, 500) : null;
  };
  const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies ?? {};
  const cookie = (name: string) =>
    cookies[name] && /^fb\.\d\.\d+\.[\w.-]+$/.test(cookies[name] as string) ? (cookies[name] as string) : null;
  return { ip: request.ip ?? null, userAgent: header('user-agent'), fbp: cookie('_fbp'), fbc: cookie('_fbc'), url: header('referer') };
}

/** The storefront's order-placing answers: the shop's checkout and its landing pages (a reseller's shop carries none of the shop's tags). */
const PLACING_ROUTES = new Set(['/_public/checkout', '/_public/landing/:slug/order']);

/**
 * An onSend hook (app.ts): when a storefront checkout made an order (201), writes its purchase event
 * with the browser it came from. Never fails the answer: a problem is logged.
 */
export async function recordCheckoutConversion(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 201 || request.method !== 'POST' || !PLACING_ROUTES.has(request.routeOptions.url ?? '')) return payload;
  try {
    const body = JSON.parse(String(payload)) as {
      order?: { id?: unknown; number?: unknown; payment_status?: unknown };
      id?: unknown;
      number?: unknown;
      payment_status?: unknown;
    };
    const order = body.order ?? body;
    if (typeof order.id !== 'number' || typeof order.number !== 'string') return payload;
    const db = request.server.db;
    const { on, moment } = await conversionsOn(db);
    if (!on) return payload;
    const now = new Date();
    // An order waiting for its online payment is not a purchase yet: it counts when the payment confirms it (decision 062).
    const due = moment === 'placed' && order.payment_status !== 'awaiting';
    await db
      .insert(conversionEvents)
      .values({
        orderId: order.id,
        orderNumber: order.number,
        eventName: PURCHASE,
        eventId: purchaseEventId(order.number),
        status: due ? 'pending' : 'waiting',
        browser: browserOf(request),
        eventAt: due ? now : null,
        nextAttemptAt: due ? now : null,
      })
      .onConflictDoNothing();
  } catch (error) {
    request.log.error({ err: error }, 'the order’s purchase event was not recorded');
  }
  return payload;
}

/**
 * An onOrderMoved listener (app.ts): on the move the shop counts as a purchase, the order's waiting event
 * becomes due (or, for an order taken by phone, one is written), in the move's transaction. When the shop
 * counts purchases as placed, an order placed awaiting its online payment waits for its confirmation.
 */
export async function queuePurchaseOnMove(event: OrderMovedEvent): Promise<void> {
  if (event.to !== 2 && event.to !== 5) return;
  const { ctx, order } = event;
  const { on, moment } = await conversionsOn(ctx.db);
  if (!on) return;
  const paidPlacement = moment === 'placed' && event.to === 2;
  if (!paidPlacement && (moment === 'placed' || MOMENT_STATUS[moment] !== event.to)) return;
  const due = { status: 'pending' as const, eventAt: ctx.now, nextAttemptAt: ctx.now };
  const updated = await ctx.db
    .update(conversionEvents)
    .set(due)
    .where(and(eq(conversionEvents.eventId, purchaseEventId(order.number)), eq(conversionEvents.status, 'waiting')))
    .returning({ id: conversionEvents.id });
  if (updated.length > 0 || paidPlacement || !COUNTED_WITHOUT_BROWSER.has(order.type)) return;
  await ctx.db
    .insert(conversionEvents)
    .values({
      orderId: order.id,
      orderNumber: order.number,
      eventName: PURCHASE,
      eventId: purchaseEventId(order.number),
      browser: null,
      ...due,
    })
    .onConflictDoNothing();
}

/** 1, 2, 4 … minutes after each failure, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(6 * 3_600_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

type EventRow = typeof conversionEvents.$inferSelect;

/** Meta's event for one outbox row and its order as it is now. */
function serverEvent(row: EventRow, order: OrderView, currency: string): ServerEvent {
  const browser = row.browser;
  const website = Boolean(browser?.userAgent && browser.url);
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    event_name: row.eventName,
    event_time: Math.floor((row.eventAt ?? row.createdAt).getTime() / 1000),
    event_id: row.eventId,
    action_source: website ? 'website' : order.type === 'phone' ? 'phone_call' : 'other',
    ...(website && browser?.url ? { event_source_url: browser.url } : {}),
    user_data: hashedUserData({
      phone: order.phone,
      name: order.customer_name,
      city: order.city_name,
      externalId: order.customer_id ? `customer-${order.customer_id}` : null,
      clientIp: browser?.ip,
      userAgent: browser?.userAgent,
      fbp: browser?.fbp,
      fbc: browser?.fbc,
    }),
    custom_data: {
      currency,
      value: order.total / 100,
      content_ids: [...new Set(order.lines.map((line) => line.sku))],
      contents: order.lines.map((line) => ({ id: line.sku, quantity: line.quantity, item_price: line.unit_price / 100 })),
      content_type: 'product',
      num_items: units,
      order_id: order.number,
    },
  };
}

export interface SendOutcome {
  sent: number;
  failed: number;
  retrying: number;
}

/**
 * Sends the due events (the conversions job, or an admin's "send now"): a batch at a time to Meta, each
 * row marked sent, or given another try later, or failed after MAX_ATTEMPTS or when older than 7 days.
 */
export async function sendDueConversions(
  db: Db,
  config: SettingsConfig & { metaGraphUrl: string },
  options: { now?: Date; provider?: ConversionsProvider } = {},
): Promise<SendOutcome> {
  const now = options.now ?? new Date();
  const outcome: SendOutcome = { sent: 0, failed: 0, retrying: 0 };
  const marketing = await readSecretSetting({ db, config }, SETTING_GROUPS.marketing);
  if (!marketing.facebook_pixel_id || !marketing.conversions_access_token || !readOrders) return outcome;
  const provider = options.provider ?? new MetaConversionsApi(config.metaGraphUrl);
  const { currency } = await readSetting(db, SETTING_GROUPS.general);
  for (let round = 0; round < 20; round += 1) {
    const rows = await db
      .select()
      .from(conversionEvents)
      .where(and(eq(conversionEvents.status, 'pending'), lte(conversionEvents.nextAttemptAt, now)))
      .orderBy(asc(conversionEvents.nextAttemptAt), asc(conversionEvents.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    const orders = await readOrders(
      db,
      rows.map((row) => row.orderId),
    );
    const stale: number[] = [];
    const ready: { row: EventRow; event: ServerEvent }[] = [];
    for (const row of rows) {
      const order = orders.get(row.orderId);
      if (!order || now.getTime() - (row.eventAt ?? row.createdAt).getTime() > MAX_EVENT_AGE_MS) stale.push(row.id);
      else ready.push({ row, event: serverEvent(row, order, currency) });
    }
    if (stale.length > 0) {
      await db
        .update(conversionEvents)
        .set({ status: 'failed', lastError: 'Not sent within 7 days (Meta takes no older events), or the order is gone.' })
        .where(inArray(conversionEvents.id, stale));
      outcome.failed += stale.length;
    }
    if (ready.length === 0) continue;
    const testEventCode = marketing.conversions_test_event_code || undefined;
    const result = await provider.send({
      pixelId: marketing.facebook_pixel_id,
      accessToken: marketing.conversions_access_token,
      testEventCode,
      events: ready.map((entry) => entry.event),
    });
    const ids = ready.map((entry) => entry.row.id);
    if (result.ok) {
      await db
        .update(conversionEvents)
        .set({
          status: 'sent',
          attempts: sql`${conversionEvents.attempts} + 1`,
          sentAt: now,
          lastError: null,
          fbtraceId: result.fbtraceId,
          testEventCode: testEventCode ?? null,
          nextAttemptAt: null,
        })
        .where(inArray(conversionEvents.id, ids));
      outcome.sent += ids.length;
      continue;
    }
    // Every row of a batch has the same number of attempts or fewer: each is moved on by its own count.
    for (const { row } of ready) {
      const attempts = row.attempts + 1;
      const givenUp = attempts >= MAX_ATTEMPTS;
      await db
        .update(conversionEvents)
        .set({
          attempts,
          status: givenUp ? 'failed' : 'pending',
          lastError: result.message,
          fbtraceId: result.fbtraceId,
          nextAttemptAt: givenUp ? null : new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(eq(conversionEvents.id, row.id));
      if (givenUp) outcome.failed += 1;
      else outcome.retrying += 1;
    }
    break;
  }
  return outcome;
}

const deliveryOf = (row: EventRow): ConversionDelivery => ({
  id: row.id,
  order_id: row.orderId,
  order_number: row.orderNumber,
  event_name: row.eventName,
  event_id: row.eventId,
  status: row.status,
  attempts: row.attempts,
  last_error: row.lastError,
  fbtrace_id: row.fbtraceId,
  test_event_code: row.testEventCode,
  created_at: row.createdAt.toISOString(),
  next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
  sent_at: row.sentAt?.toISOString() ?? null,
});

/** The delivery log of the marketing settings screen: the latest events (of one status when asked) and the counts. */
export async function conversionDeliveryLog(db: Db, status?: ConversionStatus): Promise<ConversionDeliveryLog> {
  const rows = await db
    .select()
    .from(conversionEvents)
    .where(status ? eq(conversionEvents.status, status) : undefined)
    .orderBy(desc(conversionEvents.createdAt), desc(conversionEvents.id))
    .limit(50);
  const counted = await db
    .select({ status: conversionEvents.status, count: sql<number>`count(*)::int` })
    .from(conversionEvents)
    .groupBy(conversionEvents.status);
  const counts = Object.fromEntries(CONVERSION_STATUSES.map((name) => [name, 0])) as Record<ConversionStatus, number>;
  for (const row of counted) counts[row.status] = Number(row.count);
  return { data: rows.map(deliveryOf), counts };
}

/** An admin sends a failed event again: due now, its tries counted afresh. */
export async function retryConversion(ctx: Ctx, id: number): Promise<ConversionDelivery> {
  const [row] = await ctx.db
    .update(conversionEvents)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: ctx.now, eventAt: sql`coalesce(${conversionEvents.eventAt}, ${ctx.now})` })
    .where(and(eq(conversionEvents.id, id), eq(conversionEvents.status, 'failed')))
    .returning();
  if (!row) throw notFound('A failed event with this id');
  await recordAudit(ctx, {
    action: 'update',
    entity: 'conversion_event',
    entityId: String(id),
    changes: { status: { before: 'failed', after: 'pending' } },
  });
  return deliveryOf(row);
}
