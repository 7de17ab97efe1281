import {
  type SupplierPaymentInput,
  type SupplierPaymentMethod,
  type SupplierStatement,
  type SupplierStatementRow,
  supplierPaymentInput,
} from '@haat/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { invalid, notFound } from '../../http/errors';
import { postEntry } from '../accounts';
import { recordAudit } from '../audit';
import { purchases, supplierPayments } from './purchase.table';
import { suppliers } from './supplier.table';
import { supplierDueEntries } from './supplier-due-sources';

type ParsedPayment = z.output<typeof supplierPaymentInput>;
type Supplier = typeof suppliers.$inferSelect;

const purchaseNumber = (id: number) => `PO-${String(id).padStart(6, '0')}`;

/**
 * Locks a supplier's row: the first lock of every change to what the shop owes them (a purchase saved,
 * received or returned, a payment), so a payment's limit is decided with nothing moving underneath.
 */
export async function lockSupplier(ctx: Ctx, supplierId: number, field?: string): Promise<Supplier> {
  const [row] = await ctx.db.select().from(suppliers).where(eq(suppliers.id, supplierId)).for('update');
  if (!row) {
    if (field) throw invalid(field, 'Choose a supplier.');
    throw notFound('The supplier');
  }
  return row;
}

/** What the shop owes a supplier now and what is on order with them, in one statement. */
async function position(
  db: Db,
  supplierId: number,
): Promise<{ opening: number; purchases: number; returns: number; credits: number; payments: number; other: number; onOrder: number }> {
  const result = await db.execute(sql`
    select s.opening_balance as opening,
      coalesce((select sum(received_value) from purchases where supplier_id = s.id), 0) as purchases,
      coalesce((select sum(returned_value) from purchases where supplier_id = s.id), 0) as returns,
      coalesce((select sum(credited_value) from purchases where supplier_id = s.id), 0) as credits,
      coalesce((select sum(amount) from supplier_payments where supplier_id = s.id), 0) as payments,
      coalesce((select sum(e.bought - e.paid) from (${supplierDueEntries()}) e where e.supplier_id = s.id), 0) as other,
      coalesce((select sum(greatest(total - received_value, 0)) from purchases where supplier_id = s.id and status in ('draft', 'ordered', 'partly_received')), 0) as on_order
    from suppliers s where s.id = ${supplierId}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  if (!row) throw notFound('The supplier');
  return {
    opening: Number(row.opening),
    purchases: Number(row.purchases),
    returns: Number(row.returns),
    credits: Number(row.credits),
    payments: Number(row.payments),
    other: Number(row.other),
    onOrder: Number(row.on_order),
  };
}

/**
 * What the shop owes a supplier (paisa; negative: the supplier owes the shop, e.g. an advance):
 * opening balance + value of goods received − returned − credited (credit notes) − paid, plus what other sources bought from
 * them and did not pay at once (fabric purchases). For other modules (a supplier's net position with
 * company sales).
 */
export async function supplierDue(db: Db, supplierId: number): Promise<number> {
  return dueOf(await position(db, supplierId));
}

const dueOf = (figures: Awaited<ReturnType<typeof position>>) =>
  figures.opening + figures.purchases - figures.returns - figures.credits - figures.payments + figures.other;

/**
 * Writes a payment inside the caller's transaction, which has locked the supplier. A payment may be
 * at most the due plus what is still on order with them (an advance against an order), never more:
 * decision 034. `field` names the input the refusal points at.
 */
export async function recordSupplierPayment(ctx: Ctx, supplierId: number, input: ParsedPayment, field = 'amount'): Promise<number> {
  if (input.purchase_id) {
    const [purchase] = await ctx.db.select({ supplierId: purchases.supplierId }).from(purchases).where(eq(purchases.id, input.purchase_id));
    if (!purchase || purchase.supplierId !== supplierId) throw invalid('purchase_id', 'Choose a purchase from this supplier.');
  }
  const figures = await position(ctx.db, supplierId);
  const due = dueOf(figures);
  const payable = Math.max(0, due + figures.onOrder);
  if (input.amount > payable) {
    throw invalid(
      field,
      payable === 0
        ? 'Nothing is owed to this supplier and nothing is on order: there is nothing to pay.'
        : `At most ${(payable / 100).toFixed(2)} can be paid: what is owed plus what is on order.`,
    );
  }
  const [row] = await ctx.db
    .insert(supplierPayments)
    .values({
      supplierId,
      purchaseId: input.purchase_id ?? null,
      paidOn: input.paid_on ?? new Intl.DateTimeFormat('en-CA').format(ctx.now),
      amount: input.amount,
      method: input.method,
      reference: input.reference,
      note: input.note,
      adminId: adminIdOf(ctx),
    })
    .returning({ id: supplierPayments.id });
  if (!row) throw new Error('the payment was not written');
  // Out of the default balance of the method (cash, bank, the bKash wallet): refused when it cannot cover it.
  await postEntry(ctx, {
    date: input.paid_on ?? undefined,
    source: 'supplier.paid',
    sourceType: 'supplier_payment',
    sourceId: row.id,
    memo: `Payment to supplier #${supplierId}`,
    lines: [
      { account: 'supplier_payable', debit: input.amount },
      { account: supplierPaymentBalance(input.method), credit: input.amount, field },
    ],
  });
  await recordAudit(ctx, {
    action: 'supplier.pay',
    entity: 'supplier',
    entityId: supplierId,
    changes: {
      payment_id: { before: null, after: row.id },
      amount: { before: null, after: input.amount },
      method: { before: null, after: input.method },
      reference: { before: null, after: input.reference },
      purchase_id: { before: null, after: input.purchase_id ?? null },
      due: { before: due, after: due - input.amount },
    },
  });
  return row.id;
}

/** Pays a supplier from the statement screen: one transaction, the supplier locked first, audited. */
export async function paySupplier(ctx: Ctx, supplierId: number, body: SupplierPaymentInput | unknown, today: () => Promise<string>) {
  const input = supplierPaymentInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    await lockSupplier(tx, supplierId);
    if (input.purchase_id) {
      // The purchase's kept figures include its payments: lock it after the supplier (decision 034's order).
      await tx.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.id, input.purchase_id)).for('update');
    }
    const id = await recordSupplierPayment(tx, supplierId, { ...input, paid_on: input.paid_on ?? (await today()) });
    if (input.purchase_id) {
      await tx.db.execute(
        sql`update purchases set paid = (select coalesce(sum(amount), 0) from supplier_payments where purchase_id = ${input.purchase_id}), updated_at = ${tx.now} where id = ${input.purchase_id}`,
      );
    }
    return { id, due: await supplierDue(tx.db, supplierId) };
  });
}

/**
 * A supplier's statement: the opening balance, then every receipt (as a purchase), return, credit note and payment
 * by day, each with the running due. Printable and exported as CSV by the routes.
 */
export async function supplierStatement(ctx: Ctx, supplierId: number): Promise<SupplierStatement> {
  const { db } = ctx;
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, supplierId));
  if (!supplier) throw notFound('The supplier');
  const result = await db.execute(sql`
    select * from (
      select 'purchase' as kind, r.id, r.received_on as on_day, r.created_at, p.id as purchase_id, r.value as debit, 0 as credit,
             r.units, p.reference, '' as method, r.note
        from purchase_receipts r join purchases p on p.id = r.purchase_id where p.supplier_id = ${supplierId}
      union all
      select 'return', x.id, x.returned_on, x.created_at, p.id, 0, x.value, x.units, p.reference, '', x.reason
        from purchase_returns x join purchases p on p.id = x.purchase_id where p.supplier_id = ${supplierId}
      union all
      select 'credit_note', c.id, c.credited_on, c.created_at, p.id, 0, c.amount, 0, c.reference, '', c.reason
        from purchase_credit_notes c join purchases p on p.id = c.purchase_id where p.supplier_id = ${supplierId}
      union all
      select 'payment', pay.id, pay.paid_on, pay.created_at, pay.purchase_id, 0, pay.amount, 0, pay.reference, pay.method, pay.note
        from supplier_payments pay where pay.supplier_id = ${supplierId}
      union all
      select o.kind, o.id, o.day, o.created_at, null, o.bought, o.paid, 0, o.number, '', o.description
        from (${supplierDueEntries()}) o where o.supplier_id = ${supplierId}
    ) as entries
    order by on_day, created_at, kind, id`);
  let due = supplier.openingBalance;
  const rows: SupplierStatementRow[] = [
    {
      kind: 'opening',
      id: null,
      on: supplier.createdAt.toISOString().slice(0, 10),
      description: 'Opening balance',
      purchase_id: null,
      debit: Math.max(0, supplier.openingBalance),
      credit: Math.max(0, -supplier.openingBalance),
      due,
    },
  ];
  const totals = { opening: supplier.openingBalance, purchases: 0, returns: 0, credits: 0, payments: 0, due: 0 };
  for (const entry of rowsOf<Record<string, unknown>>(result)) {
    const kind = entry.kind as 'purchase' | 'return' | 'credit_note' | 'payment' | 'fabric_purchase';
    const debit = Number(entry.debit);
    const credit = Number(entry.credit);
    due += debit - credit;
    const purchaseId = entry.purchase_id === null ? null : Number(entry.purchase_id);
    const on = entry.on_day instanceof Date ? entry.on_day.toISOString().slice(0, 10) : String(entry.on_day).slice(0, 10);
    if (kind === 'purchase') totals.purchases += debit;
    if (kind === 'return') totals.returns += credit;
    if (kind === 'payment') totals.payments += credit;
    if (kind === 'credit_note') totals.credits += credit;
    // Bought from another source (fabric): its cost is a purchase, what was paid with it a payment.
    if (kind === 'fabric_purchase') {
      totals.purchases += debit;
      totals.payments += credit;
    }
    const of = purchaseId ? purchaseNumber(purchaseId) : '';
    const description =
      kind === 'fabric_purchase'
        ? `Fabric bought, ${String(entry.reference)}: ${String(entry.note)}`
        : kind === 'purchase'
          ? `Goods received, ${of} (${Number(entry.units)} units)`
          : kind === 'credit_note'
            ? `Credit note ${String(entry.reference)}, ${of}${entry.note ? `: ${entry.note}` : ''}`
            : kind === 'return'
              ? `Returned to the supplier, ${of} (${Number(entry.units)} units)${entry.note ? `: ${entry.note}` : ''}`
              : `Payment${of ? ` for ${of}` : ''}${entry.note && !String(entry.note).startsWith('Paid with') ? `: ${entry.note}` : ''}`;
    rows.push({
      kind,
      id: Number(entry.id),
      on,
      description,
      purchase_id: purchaseId,
      debit,
      credit,
      due,
      ...(kind === 'credit_note' ? { reference: String(entry.reference), ...(entry.note ? { detail: String(entry.note) } : {}) } : {}),
      ...(kind === 'payment' ? { method: entry.method as SupplierStatementRow['method'], reference: String(entry.reference ?? '') } : {}),
      ...(kind === 'fabric_purchase' ? { reference: String(entry.reference), detail: String(entry.note) } : {}),
    });
  }
  totals.due = due;
  // The opening balance comes before everything, whenever the supplier was entered.
  const first = rows[1]?.on;
  if (rows[0] && first && first < rows[0].on) rows[0].on = first;
  const figures = await position(db, supplierId);
  return {
    supplier: {
      id: supplier.id,
      kind: supplier.kind,
      name: supplier.name,
      company: supplier.company,
      phone: supplier.phone,
      address: supplier.address,
      opening_balance: supplier.openingBalance,
      status: supplier.status,
    },
    rows,
    totals,
    on_order: figures.onOrder,
    payable: Math.max(0, due + figures.onOrder),
  };
}

/** The balance a supplier payment by `method` leaves: the cash box, the bank, or the bKash wallet for a mobile wallet. */
export function supplierPaymentBalance(method: SupplierPaymentMethod): 'cash' | 'bank' | 'bkash' {
  return method === 'mobile_wallet' ? 'bkash' : method;
}
