import { formatMoney, ORDER_STATUS_LABELS, type OrderStatusCode, type TemplateEvent } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { renderTemplate, type TemplateValues } from '../content';
import { readSetting, SETTING_GROUPS, type SettingsContext } from '../settings';
import { sendSms } from '../sms';
import { orders } from './order.table';
import { afterOrderMoved, afterOrderPlaced, type OrderRow } from './order-events';
import { courierName } from './order-workflow.service';

/**
 * The customer's SMS on order events (issue 6): placed, confirmed, shipped (with the tracking code)
 * and delivered, in the shop's SMS templates (content templates) or, without an active template
 * for the event, a plain text of our own for the first three. Sent after the commit through
 * sendSms (the gateway, or the SMS log when none is set up); a failure is logged and never
 * touches the order.
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

/** Sends the SMS of `event` for an order; null when nothing was sent (no app context, no text). */
export async function sendOrderSms(db: Db, event: TemplateEvent, order: OrderRow, adminId: number | null = null) {
  const context = contexts.get(db);
  if (!context) return null;
  const general = await readSetting(db, SETTING_GROUPS.general);
  const money = (paisa: number) => formatMoney(paisa, general.currency_symbol);
  const values: TemplateValues = {
    shop_name: general.site_name,
    shop_phone: general.contact_phone,
    customer_name: order.customerName,
    customer_phone: order.customerPhone,
    order_number: order.number,
    order_date: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: general.time_zone }).format(order.placedAt),
    order_status: ORDER_STATUS_LABELS[order.status as OrderStatusCode] ?? '',
    delivery_charge: money(order.deliveryCharge),
    total: money(order.total),
    due_amount: money(Math.max(0, order.total - order.advancePaid)),
    courier_name: (await courierName(db, order.courierId)) ?? '',
    tracking_code: order.trackingCode ?? order.consignmentId ?? '',
  };
  const rendered = await renderTemplate(db, event, values);
  const message = rendered?.kind === 'sms' ? rendered.body.trim() : defaultText(event, values);
  if (!message) return null;
  return sendSms(context, { to: [order.customerPhone], message, purpose: event, adminId });
}

afterOrderPlaced(async ({ db, orderId }) => {
  if (!contexts.has(db)) return;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (order) await sendOrderSms(db, 'order_placed', order);
});

afterOrderMoved(async ({ db, order, to, adminId }) => {
  const event = EVENT_OF_STATUS[to];
  if (event) await sendOrderSms(db, event, order, adminId);
});
