import {
  type CourierPaymentsAnswer,
  type CourierPaymentView,
  type CourierProviderCode,
  idField,
  type RemittanceDetail,
  type RemittancePaymentPreview,
  remittancePaymentImportInput,
  remittancePaymentPreviewInput,
} from '@haat/contracts';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../../context';
import { HttpError, invalid } from '../../../http/errors';
import {
  CourierError,
  type CourierPayment,
  type CourierPaymentDetail,
  type CourierProvider,
} from '../../../integrations/couriers/courier-provider';
import { shopDay } from '../../accounts';
import type { SettingsConfig } from '../../settings';
import { couriers } from '../courier.table';
import { connectedProvider, isProviderCode } from '../courier-credentials.service';
import { type Claim, courierOf, paymentRemittances, previewOf, remittanceDetail, sortClaims, writeRemittance } from './remittance.service';

/**
 * Remittances read from a courier's payments API (decision 049, 2026-11-27): the courier's recent
 * payments listed beside the remittances recording them, one payment's consignments sorted like a
 * payment sheet's rows, and recorded once per courier and payment id. The courier is asked outside
 * any transaction; the remittance is then written like a sheet's import.
 */

/** How far back the courier's payments are listed. */
const RECENT_DAYS = 60;
/** At most this many of them, newest first. */
const RECENT_PAYMENTS = 50;

type PaymentsApi = Required<Pick<CourierProvider, 'listPayments' | 'paymentDetails'>>;

/** The courier and its payments API; 422 on `courier_id` when it is booked by hand, not connected, or its API lists no payments. */
async function paymentsApiOf(
  ctx: Ctx,
  config: SettingsConfig,
  courierId: number,
  timeoutMs?: number,
): Promise<{ courier: { id: number; name: string }; api: PaymentsApi }> {
  const courier = await courierOf(ctx.db, courierId);
  if (!isProviderCode(courier.provider)) throw invalid('courier_id', `${courier.name} is booked by hand: it has no payments API.`);
  const api = await connectedProvider(ctx, config, courier.provider as CourierProviderCode, timeoutMs);
  if (!api) throw invalid('courier_id', `Connect ${courier.name}'s API first, at Couriers → API.`);
  const { listPayments, paymentDetails } = api;
  if (!listPayments || !paymentDetails) {
    throw invalid('courier_id', `${courier.name}'s API does not list its payments: import its payment sheet instead.`);
  }
  return {
    courier,
    api: { listPayments: listPayments.bind(api), paymentDetails: paymentDetails.bind(api) },
  };
}

/** A courier call; its failure (timeout, refusal, wrong keys) is a 502 in the courier's words. */
async function ask<T>(courier: { name: string }, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CourierError) throw new HttpError(502, `${courier.name}: ${error.message}`);
    throw error;
  }
}

const viewOf = (payment: CourierPayment, remittanceId: number | null): CourierPaymentView => ({
  payment_id: payment.id,
  paid_on: payment.paidOn,
  amount: payment.amount,
  consignments: payment.consignments,
  status: payment.status,
  remittance_id: remittanceId,
});

/** A payment's consignments as claims: each names its order by our invoice (the order number), else its consignment id. */
function claimsOf(detail: CourierPaymentDetail): Claim[] {
  return detail.lines.map((line) => ({
    field: 'payment_id',
    label: `Consignment ${line.consignmentId || line.invoice}`,
    reference: line.invoice || line.consignmentId,
    alternate: line.invoice ? line.consignmentId || line.trackingCode : line.trackingCode,
    collected: line.collected,
    deliveryFee: line.deliveryFee,
    codCharge: line.codCharge,
  }));
}

const paymentsQuery = z.object({ courier_id: idField('courier') });

/** `GET …/remittances/payments?courier_id=`: the courier's payments of the last 60 days, each with the remittance recording it. */
export async function courierPayments(
  ctx: Ctx,
  config: SettingsConfig,
  query: unknown,
  timeoutMs?: number,
): Promise<CourierPaymentsAnswer> {
  const { courier_id: courierId } = paymentsQuery.parse(query ?? {});
  const { courier, api } = await paymentsApiOf(ctx, config, courierId, timeoutMs);
  const since = new Date(ctx.now.getTime() - RECENT_DAYS * 86_400_000);
  const payments = (await ask(courier, () => api.listPayments(since))).slice(0, RECENT_PAYMENTS);
  const recorded = await paymentRemittances(
    ctx.db,
    courier.id,
    payments.map((payment) => payment.id),
  );
  return {
    courier_id: courier.id,
    courier_name: courier.name,
    payments: payments.map((payment) => viewOf(payment, recorded.get(payment.id) ?? null)),
  };
}

/** One of the courier's payments read and sorted against the orders: matched, mismatched, unknown, paid already, refused. Writes nothing. */
export async function previewRemittancePayment(
  ctx: Ctx,
  config: SettingsConfig,
  body: unknown,
  timeoutMs?: number,
): Promise<RemittancePaymentPreview> {
  const input = remittancePaymentPreviewInput.parse(body);
  const { courier, api } = await paymentsApiOf(ctx, config, input.courier_id, timeoutMs);
  const detail = await ask(courier, () => api.paymentDetails(input.payment_id));
  const recorded = (await paymentRemittances(ctx.db, courier.id, [input.payment_id])).get(input.payment_id) ?? null;
  return {
    ...previewOf(await sortClaims(ctx.db, courier, claimsOf(detail), false)),
    payment: viewOf({ ...detail, id: input.payment_id }, recorded),
  };
}

/**
 * Records one of the courier's payments as a remittance (`source` api): its matched consignments pay
 * their orders, mismatches wait for a person, unknown and paid ones are left out. The same payment
 * again is a 409 naming the remittance that records it.
 */
export async function importRemittancePayment(
  ctx: Ctx,
  config: SettingsConfig,
  body: unknown,
  timeoutMs?: number,
): Promise<RemittanceDetail> {
  const input = remittancePaymentImportInput.parse(body);
  const { courier, api } = await paymentsApiOf(ctx, config, input.courier_id, timeoutMs);
  // Recorded already: said before the courier is asked (the write checks again under the courier's lock).
  const before = (await paymentRemittances(ctx.db, courier.id, [input.payment_id])).get(input.payment_id);
  if (before !== undefined) {
    const message = `${courier.name}'s payment ${input.payment_id} is recorded already, as remittance #${before}.`;
    throw new HttpError(409, message, { payment_id: [message] });
  }
  const detail = await ask(courier, () => api.paymentDetails(input.payment_id));
  const head = { ...input, reference: input.reference || `Payment ${input.payment_id}` };
  const id = await writeRemittance(ctx, head, claimsOf(detail), 'api', false, { id: input.payment_id, amount: detail.amount });
  return remittanceDetail(ctx, id);
}

/** What one run of the payments job did: payments recorded, left for a person (and why), couriers that failed. */
export interface CourierPaymentsRun {
  recorded: { courierId: number; paymentId: string; remittanceId: number }[];
  waiting: { courierId: number; paymentId: string; message: string }[];
  failed: { courierId: number; message: string }[];
}

/**
 * The payments job (courier-payments.job.ts): each connected courier whose API lists payments is
 * asked for its recent ones, and each not recorded yet whose every consignment matches an order to
 * the paisa is recorded (by bank transfer into the bank balance, as the shop's default). A payment
 * with anything else — a mismatch, an unknown or paid order, a refusal — waits for a person on the
 * "Read payments from the courier" screen, where the balance and method are chosen.
 */
export async function recordNewCourierPayments(ctx: Ctx, config: SettingsConfig, timeoutMs?: number): Promise<CourierPaymentsRun> {
  const run: CourierPaymentsRun = { recorded: [], waiting: [], failed: [] };
  const list = await ctx.db
    .select({ id: couriers.id, name: couriers.name, provider: couriers.provider })
    .from(couriers)
    .where(eq(couriers.status, 1))
    .orderBy(asc(couriers.id));
  const since = new Date(ctx.now.getTime() - RECENT_DAYS * 86_400_000);
  for (const courier of list) {
    if (!isProviderCode(courier.provider)) continue;
    const api = await connectedProvider(ctx, config, courier.provider as CourierProviderCode, timeoutMs);
    if (!api?.listPayments || !api.paymentDetails) continue;
    try {
      const payments = (await api.listPayments(since)).slice(0, RECENT_PAYMENTS);
      const recorded = await paymentRemittances(
        ctx.db,
        courier.id,
        payments.map((payment) => payment.id),
      );
      // Oldest first, so the remittances follow the courier's order.
      for (const payment of payments.filter((each) => !recorded.has(each.id)).reverse()) {
        const detail = await api.paymentDetails(payment.id);
        const claims = claimsOf(detail);
        const { counts } = previewOf(await sortClaims(ctx.db, courier, claims, false));
        if (claims.length === 0 || counts.matched !== claims.length) {
          const tally = `${counts.matched} matched, ${counts.mismatch} mismatched, ${counts.unknown} unknown, ${counts.paid} paid already, ${counts.refused} refused.`;
          // i18n-ignore: for the job's log
          run.waiting.push({ courierId: courier.id, paymentId: payment.id, message: tally });
          continue;
        }
        const head = {
          courier_id: courier.id,
          paid_on: detail.paidOn ?? payment.paidOn ?? (await shopDay(ctx)),
          reference: `Payment ${payment.id}`,
          note: 'Read from the courier by the payments job.',
          method: 'bank' as const,
          balance_account_id: null,
        };
        try {
          const remittanceId = await writeRemittance(ctx, head, claims, 'api', false, { id: payment.id, amount: detail.amount });
          run.recorded.push({ courierId: courier.id, paymentId: payment.id, remittanceId });
        } catch (error) {
          // Recorded by a person meanwhile, or its orders changed: it waits.
          if (!(error instanceof HttpError)) throw error;
          run.waiting.push({ courierId: courier.id, paymentId: payment.id, message: error.message });
        }
      }
    } catch (error) {
      if (!(error instanceof CourierError)) throw error;
      run.failed.push({ courierId: courier.id, message: `${courier.name}: ${error.message}` });
    }
  }
  return run;
}
