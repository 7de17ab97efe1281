import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type CourierProviderCode,
  type CourierStatusOverrides,
  type CourierWebhookDelivery,
  normalCourierStatus,
  type Paginator,
  WEBHOOK_OUTCOMES,
  type WebhookOutcome,
} from '@haat/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Ctx, inTransaction } from '../../context';
import { pageUrl, paginate } from '../../http/pagination';
import { paisaOf } from '../../integrations/couriers/courier-provider';
import { findOrder } from '../orders';
import type { SettingsConfig } from '../settings';
import { applyCourierUpdate, type CourierUpdateResult, orderOfConsignment } from './courier.service';
import { readCredentials } from './courier-credentials.service';
import { decideCourierStatus } from './courier-review.service';
import { courierStatusOverrides } from './courier-status-map.service';
import { courierWebhookDeliveries } from './courier-webhook.table';

/** What Pathao expects back from a merchant's webhook, to know the endpoint is integrated (its documentation). */
export const PATHAO_INTEGRATION_HEADER = 'X-Pathao-Merchant-Webhook-Integration-Secret';
export const PATHAO_INTEGRATION_SECRET = 'f3992ecc-59da-4cbe-a049-a13da2018d51';

export interface WebhookAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/** One status push, read from a courier's body. */
interface CourierEvent {
  event: string;
  consignmentId: string;
  /** Normalised status; empty for a Steadfast tracking note, which changes no status. */
  status: string;
  /** Paisa, when the push says an amount (Steadfast's cod_amount, Pathao's collected_amount). */
  amount: number | null;
  /** The event's identity: a repeat of it has the same key. */
  key: string;
  message: string;
}

type Parsed = { kind: 'integration' } | { kind: 'event'; event: CourierEvent } | { kind: 'invalid'; field: string; message: string };

function sameSecret(sent: string | undefined, expected: string): boolean {
  if (!sent || !expected) return false;
  const a = createHash('sha256').update(sent).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/**
 * Steadfast's push: `notification_type` `delivery_status` (consignment_id, invoice, cod_amount,
 * status, delivery_charge, tracking_message, updated_at) or `tracking_update` (a tracking note).
 */
function parseSteadfast(body: Json, hash: string): Parsed {
  const type = text(body.notification_type) || 'delivery_status';
  const consignmentId = text(body.consignment_id);
  if (!consignmentId) return { kind: 'invalid', field: 'consignment_id', message: 'Send the consignment_id.' };
  const updatedAt = text(body.updated_at);
  const message = text(body.tracking_message).slice(0, 300);
  if (type === 'tracking_update') {
    return {
      kind: 'event',
      event: {
        event: type,
        consignmentId,
        status: '',
        amount: null,
        key: `${consignmentId}|${type}|${updatedAt || hash}|${message}`,
        message,
      },
    };
  }
  if (type !== 'delivery_status')
    return { kind: 'invalid', field: 'notification_type', message: 'Send delivery_status or tracking_update.' };
  const status = normalCourierStatus(text(body.status));
  if (!status) return { kind: 'invalid', field: 'status', message: 'Send the delivery status.' };
  return {
    kind: 'event',
    event: {
      event: type,
      consignmentId,
      status,
      amount: paisaOf(body.cod_amount),
      key: `${consignmentId}|${status}|${updatedAt || hash}`,
      message,
    },
  };
}

/**
 * Pathao's push: `event` (`order.delivered`…), consignment_id, merchant_order_id, updated_at,
 * timestamp, and for deliveries `collected_amount`. `webhook_integration` only checks the endpoint.
 */
function parsePathao(body: Json, hash: string): Parsed {
  const event = text(body.event);
  if (event === 'webhook_integration') return { kind: 'integration' };
  const consignmentId = text(body.consignment_id);
  if (!consignmentId) return { kind: 'invalid', field: 'consignment_id', message: 'Send the consignment_id.' };
  const status = normalCourierStatus(text(body.order_status) || event);
  if (!status) return { kind: 'invalid', field: 'event', message: 'Send the event.' };
  const at = text(body.updated_at) || text(body.timestamp);
  const reason = text(body.reason);
  return {
    kind: 'event',
    event: {
      event: event || status,
      consignmentId,
      status,
      amount: paisaOf(body.collected_amount),
      key: `${consignmentId}|${status}|${at || hash}`,
      message: reason.slice(0, 300),
    },
  };
}

/** The secret the courier must send, and what it sent. */
function credentialsCheck(provider: CourierProviderCode, headers: Record<string, string | string[] | undefined>, secret: string) {
  if (provider === 'steadfast') {
    const authorization = String(headers.authorization ?? '');
    const sent = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
    return sameSecret(sent, secret);
  }
  const sent = headers['x-pathao-signature'];
  return sameSecret(typeof sent === 'string' ? sent.trim() : undefined, secret);
}

/** How each courier wants a webhook answered: Steadfast a JSON success, Pathao 202 with its header. */
function answer(provider: CourierProviderCode, statusCode: number, message: string, extra: Json = {}): WebhookAnswer {
  if (provider === 'pathao') {
    const headers: Record<string, string> = statusCode < 300 ? { [PATHAO_INTEGRATION_HEADER]: PATHAO_INTEGRATION_SECRET } : {};
    return { statusCode: statusCode === 200 ? 202 : statusCode, headers, body: { message, ...extra } };
  }
  return { statusCode, headers: {}, body: { status: statusCode < 300 ? 'success' : 'error', message, ...extra } };
}

/**
 * `POST /api/courier/webhook/{provider}` (decision 058): a courier's status push. The shared secret
 * (Steadfast's Bearer token, Pathao's X-PATHAO-Signature) is checked first; a refused push is kept
 * in the history and changes nothing. An accepted event claims its key in the same transaction as
 * its change, so a repeat (or the same push twice at once) changes nothing and answers success.
 * The order moves through the same path the polling job takes (applyCourierUpdate).
 */
export async function receiveCourierWebhook(
  ctx: Ctx,
  config: SettingsConfig,
  provider: CourierProviderCode,
  headers: Record<string, string | string[] | undefined>,
  payload: unknown,
): Promise<WebhookAnswer> {
  const body: Json = payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Json) : {};
  const hash = createHash('sha256')
    .update(JSON.stringify(payload ?? null))
    .digest('hex');
  const credentials = (await readCredentials(ctx, config, provider)) as Json;
  const secret = String((provider === 'steadfast' ? credentials.webhook_token : credentials.webhook_secret) ?? '');
  const record = (values: Partial<typeof courierWebhookDeliveries.$inferInsert> & { outcome: WebhookOutcome }) =>
    ctx.db.insert(courierWebhookDeliveries).values({ provider, bodyHash: hash, signatureOk: true, receivedAt: ctx.now, ...values });

  if (!credentialsCheck(provider, headers, secret)) {
    const message = secret
      ? 'The webhook signature does not match.'
      : 'No webhook secret is set for this courier: set it in the courier API set-up first.';
    await record({ signatureOk: false, outcome: 'refused', message });
    return answer(provider, 401, message);
  }
  const parsed = provider === 'steadfast' ? parseSteadfast(body, hash) : parsePathao(body, hash);
  if (parsed.kind === 'integration') {
    await record({ event: 'webhook_integration', outcome: 'recorded', message: 'The courier checked the webhook.' });
    return answer(provider, 202, 'Webhook integrated.');
  }
  if (parsed.kind === 'invalid') {
    await record({ event: text(body.event ?? body.notification_type).slice(0, 60), outcome: 'invalid', message: parsed.message });
    const failed = answer(provider, 422, parsed.message, { errors: { [parsed.field]: [parsed.message] } });
    return failed;
  }
  const event = parsed.event;
  // Reads first, outside the transaction: the order it is about, and the shop's mapping.
  const [order, overrides] = await Promise.all([orderOfConsignment(ctx, provider, event.consignmentId), courierStatusOverrides(ctx)]);
  // What the push will do, known before the claim so the claim is written once with it (a race is corrected below).
  const expected = expectedOutcome(provider, event, order, overrides);
  return inTransaction(ctx, async (tx) => {
    const [claim] = await tx.db
      .insert(courierWebhookDeliveries)
      .values({
        provider,
        eventKey: event.key.slice(0, 300),
        bodyHash: hash,
        signatureOk: true,
        event: event.event.slice(0, 60),
        consignmentId: event.consignmentId.slice(0, 60),
        courierStatus: event.status || null,
        codAmount: event.amount,
        orderId: order?.id ?? null,
        outcome: expected.outcome,
        message: expected.message,
        receivedAt: tx.now,
      })
      .onConflictDoNothing()
      .returning({ id: courierWebhookDeliveries.id });
    if (!claim) {
      const [first] = await tx.db
        .select({ id: courierWebhookDeliveries.id, orderId: courierWebhookDeliveries.orderId })
        .from(courierWebhookDeliveries)
        .where(
          and(
            eq(courierWebhookDeliveries.provider, provider),
            eq(courierWebhookDeliveries.eventKey, event.key.slice(0, 300)),
            sql`${courierWebhookDeliveries.outcome} <> 'duplicate'`,
          ),
        )
        .limit(1);
      await tx.db.insert(courierWebhookDeliveries).values({
        provider,
        eventKey: event.key.slice(0, 300),
        bodyHash: hash,
        signatureOk: true,
        event: event.event.slice(0, 60),
        consignmentId: event.consignmentId.slice(0, 60),
        courierStatus: event.status || null,
        codAmount: event.amount,
        orderId: first?.orderId ?? null,
        outcome: 'duplicate',
        message: first ? `Repeat of delivery #${first.id}: nothing changed.` : 'Repeat: nothing changed.',
        receivedAt: tx.now,
      });
      return answer(provider, 200, 'Already received: nothing changed.');
    }
    if (!order || !event.status) return answer(provider, 200, expected.message);
    // The order row is locked by the move when one happens; its status is read again there.
    const result = await applyCourierUpdate(tx, provider, order, event.status, event.amount, overrides);
    const actual = outcomeOf(order.number, result);
    if (actual.outcome !== expected.outcome || actual.message !== expected.message) {
      await tx.db
        .update(courierWebhookDeliveries)
        .set({ outcome: actual.outcome, message: actual.message })
        .where(eq(courierWebhookDeliveries.id, claim.id));
    }
    return answer(provider, 200, actual.message);
  });
}

type Outcome = { outcome: WebhookOutcome; message: string };

function outcomeOf(number: string, result: CourierUpdateResult): Outcome {
  if (result.kind === 'moved')
    return { outcome: 'applied', message: `Order ${number} moved to ${result.to === 5 ? 'delivered' : 'returned'}.` };
  if (result.kind === 'review') return { outcome: 'review', message: `Order ${number} waits for a person's review.` };
  if (result.kind === 'refused') return { outcome: 'recorded', message: result.message };
  return { outcome: 'applied', message: `Order ${number}: the courier's status was kept.` };
}

/** What a push does to its order, as the mapping decides it from what was read before the transaction. */
function expectedOutcome(
  provider: CourierProviderCode,
  event: CourierEvent,
  order: { id: number; number: string; status: number; total: number; advancePaid: number } | null,
  overrides: CourierStatusOverrides,
): Outcome {
  if (!order) return { outcome: 'no_order', message: 'No order has this consignment.' };
  if (!event.status) return { outcome: 'recorded', message: event.message || 'Tracking note recorded.' };
  if (order.status !== 4) return outcomeOf(order.number, { kind: 'kept' });
  const decision = decideCourierStatus(provider, event.status, overrides, event.amount, Math.max(0, order.total - order.advancePaid));
  if (decision.kind === 'move') return outcomeOf(order.number, { kind: 'moved', to: decision.to });
  if (decision.kind === 'review') return outcomeOf(order.number, { kind: 'review' });
  return outcomeOf(order.number, { kind: 'kept' });
}

/** `GET /api/admin/courier/webhooks`: the deliveries received, newest first, paginated and filtered. */
const deliveryListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(20),
  provider: z.enum(['steadfast', 'pathao']).optional().catch(undefined),
  outcome: z.enum(WEBHOOK_OUTCOMES).optional().catch(undefined),
});

export async function listWebhookDeliveries(ctx: Ctx, query: Record<string, unknown>): Promise<Paginator<CourierWebhookDelivery>> {
  const { page, per_page: perPage, provider, outcome } = deliveryListQuery.parse(query);
  const conditions: SQL[] = [];
  if (provider) conditions.push(eq(courierWebhookDeliveries.provider, provider));
  if (outcome) conditions.push(eq(courierWebhookDeliveries.outcome, outcome));
  const where = conditions.length ? and(...conditions) : undefined;
  const [count] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(courierWebhookDeliveries).where(where);
  const rows = await ctx.db
    .select()
    .from(courierWebhookDeliveries)
    .where(where)
    .orderBy(desc(courierWebhookDeliveries.receivedAt), desc(courierWebhookDeliveries.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const numbers = new Map<number, string>();
  for (const row of rows) {
    if (row.orderId && !numbers.has(row.orderId)) numbers.set(row.orderId, (await findOrder(ctx.db, row.orderId))?.number ?? '');
  }
  const data = rows.map(
    (row): CourierWebhookDelivery => ({
      id: row.id,
      provider: row.provider as CourierProviderCode,
      event: row.event,
      consignment_id: row.consignmentId,
      courier_status: row.courierStatus,
      cod_amount: row.codAmount,
      order_id: row.orderId,
      order_number: row.orderId ? (numbers.get(row.orderId) ?? null) : null,
      signature_ok: row.signatureOk,
      outcome: row.outcome as WebhookOutcome,
      message: row.message,
      received_at: row.receivedAt.toISOString(),
    }),
  );
  return paginate(data, Number(count?.total ?? 0), { page, perPage }, (at) => pageUrl('/api/admin/courier/webhooks', query, at)).plain;
}
