import { formatMoney, ORDER_STATUS_LABELS, type OrderStatusCode, type TemplateEvent } from '@haat/contracts';
import { asc, inArray } from 'drizzle-orm';
import { adminIdOf } from '../../context';
import type { Db } from '../../db/client';
import { activeTemplate, renderActiveTemplate, type TemplateValues } from '../content';
import { readSetting, SETTING_GROUPS, type SettingsContext } from '../settings';
import { type SmsOutcome, type SmsToSend, sendSmsBatch } from '../sms';
import { orders } from './order.table';
import { afterOrderMoved, afterOrdersPlaced, type OrderRow } from './order-events';
import { courierNames } from './order-workflow.service';

/**
 * The customer's SMS on order events (issue 6): placed, confirmed, shipped (with the tracking code)
 * and delivered, in the shop's SMS templates (content templates) or, without an active template
 * for the event, a plain text of our own for the first three. Sent after the commit through
 * sendSmsBatch (the gateway, or the SMS log when none is set up); a failure is logged and never
 * touches the order. A batch of placed orders costs the same few statements as one order.
 */

/** Each app's settings context, by its database: the SMS secrets need the app's config to open. */
const contexts = new WeakMap<Db, SettingsContext>();

/** Sends order SMS for orders placed and moved through `context.db` (the app registers its own). */
export function sendOrderSmsThrough(context: SettingsContext): void {
  contexts.set(context.db, context);
}

const EVENT_OF_STATUS: Partial<Record<OrderStatusCode, TemplateEvent>> = { 2: 'order_confirmed', 4: 'order_shipped', 5: 'order_delivered' };

/** Our own words when the shop has no active template for the event; null sends nothing. */
function defaultText(event: TemplateEvent, values: TemplateValues): string | null {
  switch (event) {
    case 'order_placed':
      return `Dear ${values.customer_name}, your order ${values.order_number} of ${values.total} is placed. We will call you to confirm. ${values.shop_name}`;
    case 'order_confirmed':
      return `Your order ${values.order_number} is confirmed. Please keep ${values.due_amount} ready for cash on delivery. ${values.shop_name}`;
    case 'order_shipped':
      return values.tracking_code
        ? `Your order ${values.order_number} is on its way (tracking ${values.tracking_code}). Amount to pay: ${values.due_amount}. ${values.shop_name}`
        : `Your order ${values.order_number} is on its way. Amount to pay: ${values.due_amount}. ${values.shop_name}`;
    default:
      return null;
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The order date's format in the shop's time zone (made once per zone: a format costs more to make than to use). */
function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone });
    dateFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Sends the SMS of `event` to each order's customer: the settings and the template are read once
 * for the batch, and every message goes through one sendSmsBatch. Answers one outcome per order,
 * in order; null when nothing was sent for it (no app context, no text).
 */
async function sendOrdersSms(db: Db, event: TemplateEvent, batch: OrderRow[], adminId: number | null): Promise<(SmsOutcome | null)[]> {
  const context = contexts.get(db);
  if (!context || batch.length === 0) return batch.map(() => null);
  const general = await readSetting(db, SETTING_GROUPS.general);
  const template = await activeTemplate(db, event);
  const couriers = await courierNames(
    db,
    batch.flatMap((order) => (order.courierId ? [order.courierId] : [])),
  );
  const money = (paisa: number) => formatMoney(paisa, general.currency_symbol);
  const date = dateFormat(general.time_zone);
  const messages: SmsToSend[] = [];
  const sentFor: number[] = [];
  batch.forEach((order, index) => {
    const values: TemplateValues = {
      shop_name: general.site_name,
      shop_phone: general.contact_phone,
      customer_name: order.customerName,
      customer_phone: order.customerPhone,
      order_number: order.number,
      order_date: date.format(order.placedAt),
      order_status: ORDER_STATUS_LABELS[order.status as OrderStatusCode] ?? '',
      delivery_charge: money(order.deliveryCharge),
      total: money(order.total),
      due_amount: money(Math.max(0, order.total - order.advancePaid)),
      courier_name: order.courierId ? (couriers.get(order.courierId) ?? '') : '',
      tracking_code: order.trackingCode ?? order.consignmentId ?? '',
    };
    const message = template?.kind === 'sms' ? renderActiveTemplate(template, values).body.trim() : defaultText(event, values);
    if (!message) return;
    messages.push({ to: [order.customerPhone], message, purpose: event, adminId });
    sentFor.push(index);
  });
  const outcomes = await sendSmsBatch(context, messages);
  const answer: (SmsOutcome | null)[] = batch.map(() => null);
  sentFor.forEach((index, position) => {
    answer[index] = outcomes[position] ?? null;
  });
  return answer;
}

/** Sends the SMS of `event` for one order (a batch of one); null when nothing was sent. */
export async function sendOrderSms(
  db: Db,
  event: TemplateEvent,
  order: OrderRow,
  adminId: number | null = null,
): Promise<SmsOutcome | null> {
  const [outcome] = await sendOrdersSms(db, event, [order], adminId);
  return outcome ?? null;
}

afterOrdersPlaced(async ({ db, orderIds, orders: read }) => {
  if (!contexts.has(db) || orderIds.length === 0) return;
  // The placer's rows when it read them for its answer; else read here.
  const placed = read
    ? [...read].sort((a, b) => a.id - b.id)
    : await db.select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id));
  await sendOrdersSms(db, 'order_placed', placed, null);
});

afterOrderMoved(async ({ ctx, order, to }) => {
  const event = EVENT_OF_STATUS[to];
  if (event) await sendOrderSms(ctx.db, event, order, adminIdOf(ctx));
});
