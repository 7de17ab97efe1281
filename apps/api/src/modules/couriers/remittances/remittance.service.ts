import {
  type CourierReceivable,
  type OrderRemittance,
  type Paginator,
  REMITTANCE_METHODS,
  type RemittanceBalanceOptions,
  type RemittanceDetail,
  type RemittanceImportInput,
  type RemittanceInput,
  type RemittancePreview,
  type RemittancePreviewKind,
  type RemittancePreviewRow,
  type RemittanceSource,
  type RemittanceSummary,
  remittanceImportInput,
  remittanceInput,
  remittanceResolveInput,
} from '@haat/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminIdOf, type Ctx, inTransaction } from '../../../context';
import type { Db } from '../../../db/client';
import { HttpError, invalid, notFound } from '../../../http/errors';
import { pageUrl, paginate } from '../../../http/pagination';
import { accountIdFor, accountNames, activeBalance, activeBalanceOptions } from '../../accounts';
import { recordAudit } from '../../audit';
import { isSettleable, markOrdersPaid, ordersByReference, type SettlementOrder, settlementOrders, unsettledCodOrders } from '../../orders';
import { adminNames } from '../../staff';
import { couriers } from '../courier.table';
import { courierRemittanceLines, courierRemittances } from './remittance.table';
import { REMITTANCE_DEFAULT_BALANCE } from './remittance-books';
import { readSheet } from './remittance-csv';
import { emitRemittanceLineAccepted, emitRemittanceRecorded, type RemittanceRecordedLine } from './remittance-postings';

/**
 * Courier remittances (issue 19, decision 049): a courier pays over what it collected on delivered
 * cash-on-delivery orders, less its fees. Entered by hand or imported from the courier's payment
 * sheet (previewed first). Each order is covered once: the orders' row locks are taken in id order
 * and the lines already written are read under them, and a unique index on the line's order backs
 * it, so two imports of one sheet at once pay each order once.
 */

type Head = z.output<typeof remittanceInput>;

/** One order a remittance is asked to cover: where it came from (the field or row to name), and the courier's figures. */
export interface Claim {
  field: string;
  label: string;
  reference: string;
  /** Another name of the order, tried when `reference` names none (a payment's consignment id beside its invoice). */
  alternate?: string;
  collected: number;
  deliveryFee: number;
  codCharge: number;
}

const taka = (paisa: number) => `৳${(paisa / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/** The courier of a remittance; `lock` takes its row lock, so one courier's payments read from its API are recorded one at a time. */
export async function courierOf(db: Db, courierId: number, lock = false): Promise<{ id: number; name: string; provider: string }> {
  const query = db
    .select({ id: couriers.id, name: couriers.name, provider: couriers.provider })
    .from(couriers)
    .where(eq(couriers.id, courierId));
  const [courier] = lock ? await query.for('update') : await query;
  if (!courier) throw invalid('courier_id', 'Choose a courier of the list.');
  return courier;
}

/** The remittance recording a courier's payment (its id at the courier), or null. */
export async function paymentRemittances(db: Db, courierId: number, paymentIds: readonly string[]): Promise<Map<string, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: courierRemittances.id, paymentId: courierRemittances.courierPaymentId })
    .from(courierRemittances)
    .where(and(eq(courierRemittances.courierId, courierId), inArray(courierRemittances.courierPaymentId, [...paymentIds])));
  return new Map(rows.map((row) => [String(row.paymentId), row.id]));
}

/** The balance a remittance's money goes into: the one chosen (422 unless an active balance), else the method's default. */
async function receivingBalance(db: Db, method: Head['method'], chosen: number | null): Promise<number> {
  if (chosen === null) return accountIdFor(db, REMITTANCE_DEFAULT_BALANCE[method]);
  if (!(await activeBalance(db, chosen))) throw invalid('balance_account_id', 'Choose an active balance the money went into.');
  return chosen;
}

/** The balances a remittance's money may go into, and each method's default: the forms' choices, for whoever records remittances. */
export async function remittanceBalanceOptions(ctx: Ctx): Promise<RemittanceBalanceOptions> {
  const balances = (await activeBalanceOptions(ctx.db)).map(({ id, name, kind }) => ({ id, name, kind }));
  const defaults = {} as RemittanceBalanceOptions['defaults'];
  for (const method of REMITTANCE_METHODS) {
    const id = await accountIdFor(ctx.db, REMITTANCE_DEFAULT_BALANCE[method]);
    defaults[method] = balances.some((balance) => balance.id === id) ? id : null;
  }
  return { balances, defaults };
}

/** Why an order cannot be covered by this courier's remittance, or null when it can. */
function refusal(order: SettlementOrder, courierId: number, courierName: string): string | null {
  if (order.courierId !== courierId) return `Order ${order.number} was not sent with ${courierName}.`;
  if (order.paymentMethod !== 'cod') return `Order ${order.number} is not cash on delivery.`;
  if (order.status !== 5) return `Order ${order.number} is not delivered.`;
  if (!isSettleable(order)) return `Order ${order.number} is paid already.`;
  return null;
}

/** The orders already covered by a remittance, by order id → remittance id. */
async function coveredOrders(db: Db, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: courierRemittanceLines.orderId, remittanceId: courierRemittanceLines.remittanceId })
    .from(courierRemittanceLines)
    .where(inArray(courierRemittanceLines.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row.remittanceId]));
}

export interface Sorted {
  rows: RemittancePreviewRow[];
  /** The claims to record, with their order. */
  taking: { claim: Claim; order: SettlementOrder; status: 'matched' | 'mismatch' }[];
}

/** Sorts claims into matched, mismatched, unknown, already paid and refused, reading the orders (locked when `lock`). */
export async function sortClaims(db: Db, courier: { id: number; name: string }, claims: Claim[], lock: boolean): Promise<Sorted> {
  const found = await ordersByReference(
    db,
    claims.flatMap((claim) => (claim.alternate ? [claim.reference, claim.alternate] : [claim.reference])),
  );
  const named = (reference: string | undefined) =>
    reference?.trim() ? (found.get(reference.trim()) ?? found.get(reference.trim().toUpperCase())) : undefined;
  const ids = [...new Set([...found.values()].map((order) => order.id))];
  const current = await settlementOrders(db, ids, { lock });
  const covered = await coveredOrders(db, ids);
  const seen = new Set<number>();
  const rows: RemittancePreviewRow[] = [];
  const taking: Sorted['taking'] = [];
  for (const [index, claim] of claims.entries()) {
    const which = named(claim.reference) ?? named(claim.alternate);
    const order = which && current.get(which.id);
    const row = (kind: RemittancePreviewKind, message: string): RemittancePreviewRow => ({
      row: index,
      reference: claim.reference,
      kind,
      order_id: order?.id ?? null,
      order_number: order?.number ?? null,
      to_collect: order?.toCollect ?? null,
      collected: claim.collected,
      delivery_fee: claim.deliveryFee,
      cod_charge: claim.codCharge,
      message: message ? `${claim.label}: ${message}` : '',
    });
    if (!order) {
      rows.push(row('unknown', `no order “${claim.reference}” was found.`));
      continue;
    }
    if (seen.has(order.id)) {
      rows.push(row('refused', `order ${order.number} is named twice.`));
      continue;
    }
    seen.add(order.id);
    const paidBy = covered.get(order.id);
    if (paidBy !== undefined) {
      rows.push(row('paid', `order ${order.number} is covered by remittance #${paidBy} already.`));
      continue;
    }
    const why = refusal(order, courier.id, courier.name);
    if (why) {
      rows.push(row(order.paymentStatus === 'paid' && order.courierId === courier.id ? 'paid' : 'refused', why));
      continue;
    }
    const status = claim.collected === order.toCollect ? 'matched' : 'mismatch';
    taking.push({ claim, order, status });
    rows.push(
      row(status, status === 'matched' ? '' : `collected ${taka(claim.collected)} but the order was to collect ${taka(order.toCollect)}.`),
    );
  }
  return { rows, taking };
}

export function previewOf(sorted: Sorted): RemittancePreview {
  const counts: RemittancePreview['counts'] = { matched: 0, mismatch: 0, unknown: 0, paid: 0, refused: 0 };
  for (const row of sorted.rows) counts[row.kind] += 1;
  const collected = sorted.taking.reduce((sum, each) => sum + each.claim.collected, 0);
  const deliveryFees = sorted.taking.reduce((sum, each) => sum + each.claim.deliveryFee, 0);
  const codCharges = sorted.taking.reduce((sum, each) => sum + each.claim.codCharge, 0);
  return {
    rows: sorted.rows,
    counts,
    totals: { collected, delivery_fees: deliveryFees, cod_charges: codCharges, net: collected - deliveryFees - codCharges },
  };
}

/** The field naming a remittance's orders as a whole, by where they came from. */
const ORDERS_FIELD: Record<RemittanceSource, string> = { manual: 'lines', csv: 'csv', api: 'payment_id' };

/** A payment read from the courier's API: its id there (recorded once per courier) and what it says it paid over. */
export interface CourierPaymentRef {
  id: string;
  /** Paisa, when the courier says: the net received when every consignment of it is recorded. */
  amount: number | null;
}

/**
 * Writes a remittance over the claims, in one transaction: refuses (422 naming the claim's field) an
 * order that is not a delivered COD order of this courier; `strict` (entry by hand) also refuses
 * unknown and already paid orders, where an import leaves them out (its preview listed them). A
 * payment read from the courier's API is recorded once: the courier's row lock is taken first and
 * a payment recorded already is a 409 (the unique index backs it).
 */
export async function writeRemittance(
  ctx: Ctx,
  head: Omit<Head, 'lines' | 'net_received'> & { net_received?: number },
  claims: Claim[],
  source: RemittanceSource,
  strict: boolean,
  payment?: CourierPaymentRef,
): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    const courier = await courierOf(tx.db, head.courier_id, payment !== undefined);
    if (payment) {
      const recorded = (await paymentRemittances(tx.db, courier.id, [payment.id])).get(payment.id);
      if (recorded !== undefined) {
        const message = `${courier.name}'s payment ${payment.id} is recorded already, as remittance #${recorded}.`;
        throw new HttpError(409, message, { payment_id: [message] });
      }
    }
    const balanceAccountId = await receivingBalance(tx.db, head.method, head.balance_account_id);
    const sorted = await sortClaims(tx.db, courier, claims, true);
    for (const row of sorted.rows) {
      const claim = claims[row.row] as Claim;
      if (row.kind === 'refused' || (strict && (row.kind === 'unknown' || row.kind === 'paid'))) throw invalid(claim.field, row.message);
    }
    if (sorted.taking.length === 0) throw invalid(ORDERS_FIELD[source], 'Nothing to record: every order of it is unknown or paid already.');
    const { totals } = previewOf(sorted);
    // What the courier says it paid is what arrived, when the remittance covers all it paid for.
    const whole = sorted.taking.length === claims.length;
    const netReceived = head.net_received ?? (whole && payment?.amount != null && payment.amount >= 0 ? payment.amount : totals.net);
    if (netReceived < 0) throw invalid('net_received', 'The fees withheld are more than what was collected: enter what was received.');
    const [remittance] = await tx.db
      .insert(courierRemittances)
      .values({
        courierId: courier.id,
        paidOn: head.paid_on,
        reference: head.reference,
        note: head.note,
        method: head.method,
        balanceAccountId,
        collected: totals.collected,
        deliveryFees: totals.delivery_fees,
        codCharges: totals.cod_charges,
        netReceived,
        source,
        courierPaymentId: payment?.id ?? null,
        adminId: adminIdOf(tx),
        createdAt: tx.now,
      })
      .returning({ id: courierRemittances.id });
    if (!remittance) throw new Error('the remittance was not written');
    await tx.db.insert(courierRemittanceLines).values(
      sorted.taking.map(({ claim, order, status }) => ({
        remittanceId: remittance.id,
        orderId: order.id,
        toCollect: order.toCollect,
        collected: claim.collected,
        deliveryFee: claim.deliveryFee,
        codCharge: claim.codCharge,
        status,
      })),
    );
    const paid = sorted.taking.filter((each) => each.status === 'matched').map((each) => each.order.id);
    await markOrdersPaid(tx.db, paid, tx.now);
    const lines: RemittanceRecordedLine[] = sorted.taking.map(({ claim, order, status }) => ({
      orderId: order.id,
      orderNumber: order.number,
      toCollect: order.toCollect,
      collected: claim.collected,
      deliveryFee: claim.deliveryFee,
      codCharge: claim.codCharge,
      status,
    }));
    await recordAudit(tx, {
      action: 'remittance.create',
      entity: 'courier_remittance',
      entityId: remittance.id,
      changes: {
        courier: { before: null, after: courier.name },
        paid_on: { before: null, after: head.paid_on },
        reference: { before: null, after: head.reference },
        source: { before: null, after: source },
        ...(payment ? { courier_payment_id: { before: null, after: payment.id } } : {}),
        balance_account_id: { before: null, after: balanceAccountId },
        collected: { before: null, after: totals.collected },
        delivery_fees: { before: null, after: totals.delivery_fees },
        cod_charges: { before: null, after: totals.cod_charges },
        net_received: { before: null, after: netReceived },
        orders_paid: { before: null, after: paid.length },
        mismatches: { before: null, after: lines.length - paid.length },
      },
    });
    await emitRemittanceRecorded({
      ctx: tx,
      remittanceId: remittance.id,
      courierId: courier.id,
      courierName: courier.name,
      paidOn: head.paid_on,
      method: head.method,
      source,
      reference: head.reference,
      balanceAccountId,
      collected: totals.collected,
      deliveryFees: totals.delivery_fees,
      codCharges: totals.cod_charges,
      netReceived,
      lines,
    });
    return remittance.id;
  });
}

/** A remittance typed by hand: every order must be a delivered, unpaid COD order of the courier (422 naming `lines.i.order`). */
export async function recordRemittance(ctx: Ctx, body: RemittanceInput | unknown): Promise<RemittanceDetail> {
  const input = remittanceInput.parse(body);
  const claims = input.lines.map((line, index) => ({
    field: `lines.${index}.order`,
    label: `Line ${index + 1}`,
    reference: line.order,
    collected: line.collected,
    deliveryFee: line.delivery_fee,
    codCharge: line.cod_charge,
  }));
  const id = await writeRemittance(ctx, input, claims, 'manual', true);
  return remittanceDetail(ctx, id);
}

function sheetClaims(input: z.output<typeof remittanceImportInput>): Claim[] {
  return readSheet(input.csv, input.layout).map((row) => ({
    field: 'csv',
    label: `Row ${row.row}`,
    reference: row.reference,
    collected: row.collected,
    deliveryFee: row.deliveryFee,
    codCharge: row.codCharge,
  }));
}

/** What a payment sheet would record, row by row: matched, mismatched, unknown, paid already, refused. Writes nothing. */
export async function previewRemittanceImport(ctx: Ctx, body: RemittanceImportInput | unknown): Promise<RemittancePreview> {
  const input = remittanceImportInput.parse(body);
  const courier = await courierOf(ctx.db, input.courier_id);
  return previewOf(await sortClaims(ctx.db, courier, sheetClaims(input), false));
}

/** Records a payment sheet: matched rows pay their orders, mismatches wait for a person, unknown and paid rows are left out. */
export async function importRemittance(ctx: Ctx, body: RemittanceImportInput | unknown): Promise<RemittanceDetail> {
  const input = remittanceImportInput.parse(body);
  const id = await writeRemittance(ctx, input, sheetClaims(input), 'csv', false);
  return remittanceDetail(ctx, id);
}

/** A person accepts a mismatched line's collected amount (with why): the order becomes paid. */
export async function acceptRemittanceLine(ctx: Ctx, lineId: number, body: unknown): Promise<RemittanceDetail> {
  const input = remittanceResolveInput.parse(body);
  const remittanceId = await inTransaction(ctx, async (tx) => {
    const [line] = await tx.db.select().from(courierRemittanceLines).where(eq(courierRemittanceLines.id, lineId)).for('update');
    if (!line) throw notFound('The remittance line');
    if (line.status !== 'mismatch') throw new HttpError(409, 'This line is settled already.');
    const [remittance] = await tx.db.select().from(courierRemittances).where(eq(courierRemittances.id, line.remittanceId));
    if (!remittance) throw notFound('The remittance');
    const order = (await settlementOrders(tx.db, [line.orderId], { lock: true })).get(line.orderId);
    if (!order) throw notFound('The order');
    await tx.db.update(courierRemittanceLines).set({ status: 'accepted', note: input.note }).where(eq(courierRemittanceLines.id, lineId));
    await markOrdersPaid(tx.db, [line.orderId], tx.now);
    await recordAudit(tx, {
      action: 'remittance.accept',
      entity: 'courier_remittance',
      entityId: remittance.id,
      changes: {
        order: { before: null, after: order.number },
        status: { before: 'mismatch', after: 'accepted' },
        collected: { before: line.toCollect, after: line.collected },
        note: { before: null, after: input.note },
      },
    });
    await emitRemittanceLineAccepted({
      ctx: tx,
      remittanceId: remittance.id,
      courierId: remittance.courierId,
      balanceAccountId: remittance.balanceAccountId,
      note: input.note,
      line: {
        orderId: line.orderId,
        orderNumber: order.number,
        toCollect: line.toCollect,
        collected: line.collected,
        deliveryFee: line.deliveryFee,
        codCharge: line.codCharge,
        status: 'accepted',
      },
    });
    return remittance.id;
  });
  return remittanceDetail(ctx, remittanceId);
}

const summaryColumns = {
  id: courierRemittances.id,
  courierId: courierRemittances.courierId,
  courierName: couriers.name,
  paidOn: courierRemittances.paidOn,
  reference: courierRemittances.reference,
  method: courierRemittances.method,
  source: courierRemittances.source,
  collected: courierRemittances.collected,
  deliveryFees: courierRemittances.deliveryFees,
  codCharges: courierRemittances.codCharges,
  netReceived: courierRemittances.netReceived,
  createdAt: courierRemittances.createdAt,
  orders: sql<number>`(select count(*) from ${courierRemittanceLines} l where l.remittance_id = ${courierRemittances.id})`.mapWith(Number),
  mismatches:
    sql<number>`(select count(*) from ${courierRemittanceLines} l where l.remittance_id = ${courierRemittances.id} and l.status = 'mismatch')`.mapWith(
      Number,
    ),
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & Record<string, unknown>;

function summaryOf(row: SummaryRow): RemittanceSummary {
  return {
    id: row.id as number,
    courier_id: row.courierId as number,
    courier_name: row.courierName as string,
    paid_on: row.paidOn as string,
    reference: row.reference as string,
    method: row.method as RemittanceSummary['method'],
    source: row.source as RemittanceSummary['source'],
    orders: row.orders as number,
    mismatches: row.mismatches as number,
    collected: row.collected as number,
    delivery_fees: row.deliveryFees as number,
    cod_charges: row.codCharges as number,
    net_received: row.netReceived as number,
    created_at: (row.createdAt as Date).toISOString(),
  };
}

export const remittanceListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(20),
  courier_id: z
    .preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(2_147_483_647).optional())
    .catch(undefined),
});

/** The remittances, newest first, of one courier or all (`/admin/courier/remittance`). */
export async function listRemittances(ctx: Ctx, query: Record<string, unknown>): Promise<Paginator<RemittanceSummary>> {
  const { page, per_page: perPage, courier_id: courierId } = remittanceListQuery.parse(query);
  const where = courierId === undefined ? undefined : eq(courierRemittances.courierId, courierId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(summaryColumns)
      .from(courierRemittances)
      .innerJoin(couriers, eq(couriers.id, courierRemittances.courierId))
      .where(where)
      .orderBy(desc(courierRemittances.paidOn), desc(courierRemittances.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    ctx.db.select({ total: count() }).from(courierRemittances).where(where),
  ]);
  return paginate(rows.map(summaryOf), total?.total ?? 0, { page, perPage }, (at) => pageUrl('/api/admin/courier/remittances', query, at))
    .plain;
}

async function linesOf(db: Db, where: ReturnType<typeof eq>) {
  return db
    .select({
      id: courierRemittanceLines.id,
      remittanceId: courierRemittanceLines.remittanceId,
      orderId: courierRemittanceLines.orderId,
      toCollect: courierRemittanceLines.toCollect,
      collected: courierRemittanceLines.collected,
      deliveryFee: courierRemittanceLines.deliveryFee,
      codCharge: courierRemittanceLines.codCharge,
      status: courierRemittanceLines.status,
      note: courierRemittanceLines.note,
    })
    .from(courierRemittanceLines)
    .where(where)
    .orderBy(asc(courierRemittanceLines.id));
}

async function lineViews(db: Db, lines: Awaited<ReturnType<typeof linesOf>>) {
  const orders = await lockFree(
    db,
    lines.map((line) => line.orderId),
  );
  return lines.map((line) => ({
    id: line.id,
    remittance_id: line.remittanceId,
    order_id: line.orderId,
    order_number: orders.get(line.orderId)?.number ?? String(line.orderId),
    customer_name: orders.get(line.orderId)?.customerName ?? '',
    to_collect: line.toCollect,
    collected: line.collected,
    delivery_fee: line.deliveryFee,
    cod_charge: line.codCharge,
    status: line.status,
    note: line.note,
  }));
}

/** The orders' numbers and names, read without locks. */
async function lockFree(db: Db, orderIds: number[]): Promise<Map<number, SettlementOrder>> {
  return settlementOrders(db, orderIds, { lock: false });
}

/** One remittance with its orders (`/admin/courier/remittance/{id}`). */
export async function remittanceDetail(ctx: Ctx, id: number): Promise<RemittanceDetail> {
  const [row] = await ctx.db
    .select({
      ...summaryColumns,
      note: courierRemittances.note,
      balanceAccountId: courierRemittances.balanceAccountId,
      courierPaymentId: courierRemittances.courierPaymentId,
      adminId: courierRemittances.adminId,
    })
    .from(courierRemittances)
    .innerJoin(couriers, eq(couriers.id, courierRemittances.courierId))
    .where(eq(courierRemittances.id, id));
  if (!row) throw notFound('The remittance');
  const lines = await lineViews(ctx.db, await linesOf(ctx.db, eq(courierRemittanceLines.remittanceId, id)));
  const names = await adminNames(ctx.db, [row.adminId]);
  const balances = await accountNames(ctx.db, row.balanceAccountId === null ? [] : [row.balanceAccountId]);
  return {
    ...summaryOf(row),
    note: row.note,
    balance_account_id: row.balanceAccountId,
    balance_name: row.balanceAccountId === null ? null : (balances.get(row.balanceAccountId) ?? null),
    courier_payment_id: row.courierPaymentId,
    admin_name: row.adminId === null ? null : (names.get(row.adminId) ?? null),
    lines,
  };
}

/** How an order was settled by a courier's remittance, or null (the order's view). */
export async function orderRemittance(ctx: Ctx, orderId: number): Promise<OrderRemittance | null> {
  const [row] = await ctx.db
    .select({
      remittanceId: courierRemittances.id,
      courierName: couriers.name,
      paidOn: courierRemittances.paidOn,
      collected: courierRemittanceLines.collected,
      deliveryFee: courierRemittanceLines.deliveryFee,
      codCharge: courierRemittanceLines.codCharge,
      status: courierRemittanceLines.status,
      note: courierRemittanceLines.note,
    })
    .from(courierRemittanceLines)
    .innerJoin(courierRemittances, eq(courierRemittances.id, courierRemittanceLines.remittanceId))
    .innerJoin(couriers, eq(couriers.id, courierRemittances.courierId))
    .where(eq(courierRemittanceLines.orderId, orderId));
  if (!row) return null;
  return {
    remittance_id: row.remittanceId,
    courier_name: row.courierName,
    paid_on: row.paidOn,
    collected: row.collected,
    delivery_fee: row.deliveryFee,
    cod_charge: row.codCharge,
    status: row.status,
    note: row.note,
  };
}

/** Per courier: the delivered COD orders it still owes for, their total, since when, and the mismatches waiting for a person. */
export async function courierReceivables(ctx: Ctx): Promise<CourierReceivable[]> {
  const [unsettled, list, mismatched] = await Promise.all([
    unsettledCodOrders(ctx.db),
    ctx.db.select({ id: couriers.id, name: couriers.name, status: couriers.status }).from(couriers).orderBy(asc(couriers.name)),
    linesOf(ctx.db, eq(courierRemittanceLines.status, 'mismatch')),
  ]);
  const covered = await coveredOrders(
    ctx.db,
    unsettled.map((order) => order.id),
  );
  const mismatchViews = await lineViews(ctx.db, mismatched);
  const courierOfRemittance = new Map(
    mismatched.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: courierRemittances.id, courierId: courierRemittances.courierId })
            .from(courierRemittances)
            .where(inArray(courierRemittances.id, [...new Set(mismatched.map((line) => line.remittanceId))]))
        ).map((row) => [row.id, row.courierId]),
  );
  return list
    .map((courier) => {
      const owed = unsettled.filter((order) => order.courierId === courier.id && !covered.has(order.id));
      const since = owed.reduce<Date | null>(
        (oldest, order) => (oldest === null || order.deliveredAt < oldest ? order.deliveredAt : oldest),
        null,
      );
      return {
        courier_id: courier.id,
        courier_name: courier.name,
        orders: owed.length,
        total: owed.reduce((sum, order) => sum + order.toCollect, 0),
        since: since ? since.toISOString() : null,
        mismatches: mismatchViews.filter((line) => courierOfRemittance.get(line.remittance_id) === courier.id),
        // The oldest hundred; the count and total cover them all.
        unpaid: owed.slice(0, 100).map((order) => ({
          order_id: order.id,
          order_number: order.number,
          customer_name: order.customerName,
          to_collect: order.toCollect,
          delivered_at: order.deliveredAt.toISOString(),
        })),
      };
    })
    .filter((row) => row.orders > 0 || row.mismatches.length > 0 || list.find((courier) => courier.id === row.courier_id)?.status === 1);
}
