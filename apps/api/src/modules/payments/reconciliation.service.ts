import {
  GATEWAY_NAMES,
  type GatewayCodeName,
  type ReconciliationFlag,
  type ReconciliationItemView,
  type ReconciliationResultView,
  type ReconciliationRunView,
  reconciliationResolveInput,
  reconciliationRunInput,
} from '@haat/contracts';
import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { csvLines, type ImportProblem, reportOf } from '../../http/csv-import';
import { HttpError, notFound } from '../../http/errors';
import { PaymentGatewayError, type PaymentOutcome, paisaOf } from '../../integrations/payments/payment-provider';
import { shopDay } from '../accounts';
import { diffChanges, recordAudit } from '../audit';
import { orderSummaries } from '../orders';
import { readSetting, SETTING_GROUPS } from '../settings';
import { paymentReconciliationItems, paymentReconciliations, payments } from './payment.table';
import type { GatewayResolver } from './payment-refund.service';

type PaymentRow = typeof payments.$inferSelect;
export type RunRow = typeof paymentReconciliations.$inferSelect;
export type ItemRow = typeof paymentReconciliationItems.$inferSelect;
type NewItem = Omit<typeof paymentReconciliationItems.$inferInsert, 'reconciliationId'>;

/** Our states in which the gateway holds the money (it was paid; a refund sends part or all of it back). */
const PAID_STATES: readonly string[] = ['paid', 'partly_refunded', 'refunded'];

/** The shop's day of a timestamp (Asia/Dhaka, like the books), as SQL. */
const shopDayOf = (column: typeof payments.createdAt | typeof payments.paidAt) => sql`haat_shop_day(${column})`;

/** A difference found for one of our attempts, from the gateway's answer to a query; null when they agree. */
function compareWithQuery(payment: PaymentRow, outcome: PaymentOutcome): NewItem | null {
  const base = {
    paymentId: payment.id,
    reference: payment.trxId ?? outcome.trxId ?? payment.invoice,
    ourAmount: PAID_STATES.includes(payment.state) ? payment.paidAmount : payment.amount,
    theirAmount: outcome.amount,
    ourState: payment.state,
    theirState: outcome.state,
  };
  if (PAID_STATES.includes(payment.state)) {
    if (outcome.state !== 'paid') return { ...base, flag: 'missing_at_gateway' };
    if (outcome.amount !== null && outcome.amount !== payment.paidAmount) return { ...base, flag: 'amount_mismatch' };
    return null;
  }
  // Ours failed, cancelled or still initiated past the hold: the gateway saying paid is money we did not record.
  if (outcome.state === 'paid') return { ...base, flag: 'state_mismatch' };
  return null;
}

/** A run and what it flagged, written in one transaction after every gateway call is done. */
async function recordRun(
  ctx: Ctx,
  run: { gateway: GatewayCodeName; source: 'query' | 'report'; from: string; to: string; checked: number; matched: number },
  items: NewItem[],
): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(paymentReconciliations)
      .values({
        gateway: run.gateway,
        source: run.source,
        fromDate: run.from,
        toDate: run.to,
        checked: run.checked,
        matched: run.matched,
        flagged: items.length,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
        createdAt: tx.now,
      })
      .returning({ id: paymentReconciliations.id });
    const id = Number(row?.id);
    if (items.length) await tx.db.insert(paymentReconciliationItems).values(items.map((item) => ({ ...item, reconciliationId: id })));
    await recordAudit(tx, {
      action: 'reconcile',
      entity: 'payment.reconciliation',
      entityId: id,
      changes: diffChanges(null, { ...run, flagged: items.length }),
    });
    return id;
  });
}

/**
 * Asks the gateway about each of our attempts started on the days `from`–`to` (the shop's days): every
 * attempt but those still initiated and younger than the stock hold (the shopper may still be paying). Flags
 * `missing_at_gateway` (we say paid, it does not), `amount_mismatch` (both paid, different amounts) and
 * `state_mismatch` (it says paid, we do not). Gateway calls run outside any transaction; an attempt the gateway
 * could not answer about is left unchecked and counted in the message. Used by the daily job and the
 * "Reconcile" button (`POST /api/admin/payments/reconciliations`).
 */
export async function reconcile(ctx: Ctx, gateways: GatewayResolver, body: unknown): Promise<ReconciliationResultView> {
  const input = reconciliationRunInput.parse(body);
  const { hold_minutes } = await readSetting(ctx.db, SETTING_GROUPS.payment);
  const holdStart = new Date(ctx.now.getTime() - hold_minutes * 60_000);
  const attempts = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.gateway, input.gateway),
        sql`${shopDayOf(payments.createdAt)} between ${input.from}::date and ${input.to}::date`,
        or(ne(payments.state, 'initiated'), sql`${payments.createdAt} < ${holdStart.toISOString()}::timestamptz`),
      ),
    )
    .orderBy(payments.id);
  const provider = attempts.length ? await gateways(input.gateway) : null;
  const items: NewItem[] = [];
  let unanswered = 0;
  for (const payment of attempts) {
    let outcome: PaymentOutcome;
    try {
      outcome = await (provider as NonNullable<typeof provider>).query({
        invoice: payment.invoice,
        amount: payment.amount,
        providerRef: payment.providerRef,
        trxId: payment.trxId,
        extra: payment.extra,
      });
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      // An attempt that never reached the gateway (no id of theirs) and that we do not hold as paid: nothing to compare.
      if (!payment.providerRef && !PAID_STATES.includes(payment.state)) continue;
      if (error.status === 404 && PAID_STATES.includes(payment.state)) {
        // The gateway does not know the payment at all.
        outcome = {
          state: 'failed',
          providerRef: payment.providerRef,
          trxId: null,
          amount: null,
          fee: null,
          message: error.message,
          raw: null,
        };
      } else {
        unanswered += 1;
        continue;
      }
    }
    const item = compareWithQuery(payment, outcome);
    if (item) items.push(item);
  }
  const checked = attempts.length - unanswered;
  const id = await recordRun(
    ctx,
    { gateway: input.gateway, source: 'query', from: input.from, to: input.to, checked, matched: checked - items.length },
    items,
  );
  const name = GATEWAY_NAMES[input.gateway];
  const message = [
    `${checked} ${name} payment${checked === 1 ? '' : 's'} checked, ${items.length} flagged.`,
    unanswered ? `${unanswered} could not be checked: ${name} did not answer. Run it again later.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return resultOf(ctx.db, id, message);
}

/** The header names settlement reports use, as csvLines reads them (lower case, non-letters as `_`). */
const TRX_HEADERS = ['trx_id', 'trxid', 'bank_tran_id', 'transaction_id'];
const INVOICE_HEADERS = ['invoice', 'merchantinvoicenumber', 'merchant_invoice_number', 'tran_id'];
const AMOUNT_HEADERS = ['amount'];
const DATE_HEADERS = ['date', 'tran_date', 'transaction_date'];

const pick = (line: Record<string, string>, names: string[]) => {
  for (const name of names) if (line[name]) return line[name] as string;
  return '';
};

/** A report's date cell as the shop's day: `2026-11-26`, `2026-11-26 14:05:00`, `26/11/2026`. */
function dayOf(cell: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(cell);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/.exec(cell);
  if (dmy) return `${dmy[3]}-${(dmy[2] as string).padStart(2, '0')}-${(dmy[1] as string).padStart(2, '0')}`;
  return null;
}

/**
 * Reads a gateway's settlement report (CSV: transaction id, invoice, amount in taka, optionally the date;
 * bKash's `trxID` / `merchantInvoiceNumber`, SSLCommerz's `bank_tran_id` / `tran_id`, or plain `trx_id`,
 * `invoice`, `amount`, `date`) and compares each line with our attempts: `missing_here` (they have it, we do
 * not), `state_mismatch` (we do not have it as paid), `amount_mismatch`; with dates, our paid attempts of those
 * days the report leaves out are `missing_at_gateway`. A file it cannot read is a 422 naming the lines.
 */
export async function reconcileReport(ctx: Ctx, gateway: GatewayCodeName, csvText: string): Promise<ReconciliationResultView> {
  const { header, lines } = csvLines(csvText);
  const has = (names: string[]) => names.some((name) => header.fields.includes(name));
  const missing = [
    has(TRX_HEADERS) || has(INVOICE_HEADERS) ? null : 'a transaction id (trx_id, trxID or bank_tran_id) or invoice column',
    has(AMOUNT_HEADERS) ? null : 'an amount column',
  ].filter(Boolean);
  if (missing.length) {
    const message = `The file needs ${missing.join(' and ')}.`;
    throw new HttpError(422, message, { file: [message] });
  }
  const problems: ImportProblem[] = [];
  const rows: { line: number; trx: string; invoice: string; amount: number; day: string | null }[] = [];
  lines.forEach((line, index) => {
    const number = index + 2;
    const trx = pick(line, TRX_HEADERS);
    const invoice = pick(line, INVOICE_HEADERS);
    const amount = paisaOf(pick(line, AMOUNT_HEADERS).replace(/,/g, ''));
    const dateCell = pick(line, DATE_HEADERS);
    const day = dateCell ? dayOf(dateCell) : null;
    if (!trx && !invoice) problems.push({ line: number, field: 'trx_id', message: 'Give the transaction id or the invoice' });
    if (amount === null || amount <= 0) problems.push({ line: number, field: 'amount', message: 'Enter the amount in taka, e.g. 1250.50' });
    if (dateCell && !day) problems.push({ line: number, field: 'date', message: 'Write the date as YYYY-MM-DD' });
    rows.push({ line: number, trx, invoice, amount: amount ?? 0, day });
  });
  if (problems.length) {
    throw new HttpError(
      422,
      'Some lines of the report could not be read; nothing was recorded.',
      { file: ['Some lines could not be read'] },
      { report: reportOf(problems) },
    );
  }

  const invoices = rows.map((row) => row.invoice).filter(Boolean);
  const trxIds = rows.map((row) => row.trx).filter(Boolean);
  const ours = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.gateway, gateway),
        or(invoices.length ? inArray(payments.invoice, invoices) : undefined, trxIds.length ? inArray(payments.trxId, trxIds) : undefined),
      ),
    );
  const byInvoice = new Map(ours.map((payment) => [payment.invoice.toUpperCase(), payment]));
  const byTrx = new Map(ours.filter((payment) => payment.trxId).map((payment) => [String(payment.trxId).toUpperCase(), payment]));

  const items: NewItem[] = [];
  const seen = new Set<number>();
  for (const row of rows) {
    const payment = (row.trx && byTrx.get(row.trx.toUpperCase())) || (row.invoice && byInvoice.get(row.invoice.toUpperCase())) || null;
    const reference = row.trx || row.invoice;
    if (!payment) {
      items.push({
        paymentId: null,
        flag: 'missing_here',
        reference,
        ourAmount: null,
        theirAmount: row.amount,
        ourState: null,
        theirState: 'paid',
      });
      continue;
    }
    seen.add(payment.id);
    const base = {
      paymentId: payment.id,
      reference,
      ourAmount: payment.paidAmount || payment.amount,
      theirAmount: row.amount,
      ourState: payment.state,
      theirState: 'paid',
    };
    if (!PAID_STATES.includes(payment.state)) items.push({ ...base, flag: 'state_mismatch' });
    else if (payment.paidAmount !== row.amount) items.push({ ...base, flag: 'amount_mismatch' });
  }

  const days = rows
    .map((row) => row.day)
    .filter((day): day is string => day !== null)
    .sort();
  let from = days[0] ?? null;
  let to = days[days.length - 1] ?? null;
  if (from && to) {
    // The days the report covers: our paid attempts of those days it leaves out are not at the gateway.
    const left = await ctx.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.gateway, gateway),
          inArray(payments.state, ['paid', 'partly_refunded', 'refunded']),
          isNotNull(payments.paidAt),
          sql`${shopDayOf(payments.paidAt)} between ${from}::date and ${to}::date`,
        ),
      );
    for (const payment of left) {
      if (seen.has(payment.id)) continue;
      items.push({
        paymentId: payment.id,
        flag: 'missing_at_gateway',
        reference: payment.trxId ?? payment.invoice,
        ourAmount: payment.paidAmount,
        theirAmount: null,
        ourState: payment.state,
        theirState: null,
      });
    }
  } else {
    const today = await shopDay(ctx);
    from = today;
    to = today;
  }
  const id = await recordRun(
    ctx,
    {
      gateway,
      source: 'report',
      from,
      to,
      checked: rows.length,
      matched: rows.length - items.filter((item) => item.flag !== 'missing_at_gateway').length,
    },
    items,
  );
  return resultOf(
    ctx.db,
    id,
    `${rows.length} line${rows.length === 1 ? '' : 's'} of the ${GATEWAY_NAMES[gateway]} report checked, ${items.length} flagged.`,
  );
}

/** Runs as staff see them, each with how many of its differences are still open (one query for the page). */
export async function runViews(db: Db, rows: RunRow[]): Promise<ReconciliationRunView[]> {
  const ids = rows.map((row) => row.id);
  const open = new Map<number, number>();
  if (ids.length) {
    const counts = await db
      .select({ id: paymentReconciliationItems.reconciliationId, open: sql<number>`count(*)`.mapWith(Number) })
      .from(paymentReconciliationItems)
      .where(and(inArray(paymentReconciliationItems.reconciliationId, ids), isNull(paymentReconciliationItems.resolvedAt)))
      .groupBy(paymentReconciliationItems.reconciliationId);
    for (const count of counts) open.set(count.id, count.open);
  }
  return rows.map((row) => ({
    id: row.id,
    gateway: row.gateway,
    source: row.source,
    from: String(row.fromDate),
    to: String(row.toDate),
    checked: row.checked,
    matched: row.matched,
    flagged: row.flagged,
    open: open.get(row.id) ?? 0,
    admin_name: row.actorName,
    at: row.createdAt.toISOString(),
  }));
}

/** Differences as staff see them, each with its run's gateway and its payment's order (a few queries for the page). */
export async function itemViews(db: Db, rows: ItemRow[]): Promise<ReconciliationItemView[]> {
  const runIds = [...new Set(rows.map((row) => row.reconciliationId))];
  const runs = new Map(
    (runIds.length ? await db.select().from(paymentReconciliations).where(inArray(paymentReconciliations.id, runIds)) : []).map((run) => [
      run.id,
      run,
    ]),
  );
  const paymentIds = [...new Set(rows.map((row) => row.paymentId).filter((id): id is number => id !== null))];
  const orderOf = new Map(
    (paymentIds.length
      ? await db.select({ id: payments.id, orderId: payments.orderId }).from(payments).where(inArray(payments.id, paymentIds))
      : []
    ).map((payment) => [payment.id, payment.orderId]),
  );
  const numbers = new Map(
    (await orderSummaries(db, { ids: [...new Set(orderOf.values())] })).map((order) => [order.id, order.number] as const),
  );
  return rows.map((row) => {
    const run = runs.get(row.reconciliationId) as RunRow;
    const orderId = row.paymentId === null ? null : (orderOf.get(row.paymentId) ?? null);
    return {
      id: row.id,
      reconciliation_id: row.reconciliationId,
      gateway: run.gateway,
      source: run.source,
      flag: row.flag as ReconciliationFlag,
      reference: row.reference,
      payment_id: row.paymentId,
      order_id: orderId,
      order_number: orderId === null ? null : (numbers.get(orderId) ?? null),
      our_amount: row.ourAmount,
      their_amount: row.theirAmount,
      our_state: row.ourState,
      their_state: row.theirState,
      resolved_at: row.resolvedAt?.toISOString() ?? null,
      resolved_by: row.resolvedBy,
      note: row.note,
      at: run.createdAt.toISOString(),
    };
  });
}

async function resultOf(db: Db, id: number, message: string): Promise<ReconciliationResultView> {
  const [run] = await db.select().from(paymentReconciliations).where(eq(paymentReconciliations.id, id));
  const items = await db
    .select()
    .from(paymentReconciliationItems)
    .where(eq(paymentReconciliationItems.reconciliationId, id))
    .orderBy(paymentReconciliationItems.id);
  const [view] = await runViews(db, [run as RunRow]);
  return { run: view as ReconciliationRunView, items: await itemViews(db, items), message };
}

/** `POST /api/admin/payments/reconciliations/items/{id}/resolve` `{note}`: closes a difference; 409 when it was closed already. */
export async function resolveReconciliationItem(ctx: Ctx, itemId: number, body: unknown): Promise<ReconciliationItemView> {
  const input = reconciliationResolveInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const [item] = await tx.db.select().from(paymentReconciliationItems).where(eq(paymentReconciliationItems.id, itemId)).for('update');
    if (!item) throw notFound('The reconciliation item');
    if (item.resolvedAt) throw new HttpError(409, `This was resolved already by ${item.resolvedBy ?? 'someone'}: ${item.note}`);
    const [updated] = await tx.db
      .update(paymentReconciliationItems)
      .set({ resolvedAt: tx.now, resolvedBy: tx.actor.name ?? 'System', note: input.note })
      .where(eq(paymentReconciliationItems.id, itemId))
      .returning();
    await recordAudit(tx, {
      action: 'resolve',
      entity: 'payment.reconciliation_item',
      entityId: itemId,
      changes: diffChanges({ note: item.note }, { note: input.note }),
    });
    const [view] = await itemViews(tx.db, [updated as ItemRow]);
    return view as ReconciliationItemView;
  });
}

/** Gateways switched on in the settings: the daily job reconciles each. */
export async function enabledGateways(db: Db): Promise<GatewayCodeName[]> {
  const setting = await readSetting(db, SETTING_GROUPS.payment);
  return (['bkash', 'nagad', 'sslcommerz'] as const).filter((code) => setting[`${code}_enabled`]);
}
