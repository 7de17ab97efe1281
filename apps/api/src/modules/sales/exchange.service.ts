import {
  type CounterSaleDetail,
  type ExchangeInput,
  exchangeInput,
  exchangeTotals,
  type ReturnableLine,
  type ReturnableSale,
} from '@haat/contracts';
import { eq, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { invalid, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { companyById } from '../companies';
import { moveStock, sellableVariants, updateAverageCosts } from '../products';
import { supplierNames } from '../purchasing';
import { holdCompanyCredit } from './company-sale.service';
import { counterSaleDetail, counterSaleNumber, REFUND_NOTE } from './counter-sale.service';
import { counterSaleLines, counterSalePayments, counterSales } from './sale.table';
import { spreadDiscount } from './sale-lines';
import { balanceOfMethod, postSaleEntry, SignedLines } from './sale-postings';

/** The ledger's reference for an exchange's stock both ways (decision 040). */
export const EXCHANGE_REFERENCE = 'counter_exchange';

interface Returnable extends ReturnableLine {
  /** What one unit cost when it was sold (its lines' recorded unit costs, weighted). */
  unit_cost: number;
}

/**
 * Per variant of a sale's outgoing lines: sold, already back (in exchanges since), what one unit
 * fetched and cost. What a unit fetched is its line's total less the line's share of the sale-wide
 * discount (`spreadDiscount`, decision 040), so a return credits what was really paid for it.
 */
async function returnableOf(db: Db, saleId: number, saleDiscount: number): Promise<Returnable[]> {
  const lines = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select l.variant_id, l.product_name, l.variant_label, l.sku, l.quantity, l.line_total, l.unit_cost,
        coalesce((select sum(r.quantity) from counter_sale_lines r
          where r.direction = 'in' and r.return_of_sale_id = ${saleId} and r.variant_id = l.variant_id), 0)::int as returned
      from counter_sale_lines l where l.sale_id = ${saleId} and l.direction = 'out'
      order by l.id`),
  );
  const shares = spreadDiscount(
    saleDiscount,
    lines.map((line) => Number(line.line_total)),
  );
  const byVariant = new Map<number, { line: Record<string, unknown>; sold: number; net: number; cost: number }>();
  lines.forEach((line, index) => {
    const id = Number(line.variant_id);
    const found = byVariant.get(id) ?? { line, sold: 0, net: 0, cost: 0 };
    found.sold += Number(line.quantity);
    found.net += Number(line.line_total) - (shares[index] ?? 0);
    found.cost += Number(line.quantity) * Number(line.unit_cost);
    byVariant.set(id, found);
  });
  return [...byVariant.entries()].map(([variantId, { line, sold, net, cost }]) => {
    const returned = Number(line.returned);
    return {
      variant_id: variantId,
      product_name: String(line.product_name),
      variant_label: String(line.variant_label ?? ''),
      sku: String(line.sku),
      sold,
      returned,
      returnable: Math.max(0, sold - returned),
      unit_price: Math.floor(net / sold),
      unit_cost: Math.round(cost / sold),
    };
  });
}

/**
 * An earlier sale by id (counter, exchange or company sale): its lines with what can still come back,
 * for the exchange screen, and a company sale's buyer, whose account takes the difference.
 */
export async function returnableSale(ctx: Ctx, id: number): Promise<ReturnableSale> {
  const [sale] = await ctx.db
    .select({
      id: counterSales.id,
      kind: counterSales.kind,
      customer_name: counterSales.customerName,
      customer_phone: counterSales.customerPhone,
      sold_at: counterSales.soldAt,
      discount: counterSales.discount,
      company_id: counterSales.companyId,
      supplier_id: counterSales.supplierId,
    })
    .from(counterSales)
    .where(eq(counterSales.id, id));
  if (!sale) throw notFound('The sale');
  const { company_id, supplier_id, ...rest } = sale;
  let buyer: ReturnableSale['buyer'] = null;
  if (company_id !== null) buyer = { type: 'company', id: company_id, name: (await companyById(ctx, company_id))?.name ?? '' };
  if (supplier_id !== null) {
    buyer = { type: 'supplier', id: supplier_id, name: (await supplierNames(ctx.db, [supplier_id])).get(supplier_id) ?? '' };
  }
  const lines = (await returnableOf(ctx.db, id, sale.discount)).map(({ unit_cost: _cost, ...line }) => line);
  return { ...rest, buyer, number: counterSaleNumber(sale.id), sold_at: sale.sold_at.toISOString(), lines };
}

/**
 * Records an exchange in one transaction (decision 040). Lines coming back: from a known sale at the
 * price they were sold for and the cost they were sold at, never more than were sold less what came
 * back already (counted under the earlier sale's row lock); otherwise at the cashier's price and
 * today's moving-average cost. Their stock comes in (kind `return`); the lines going out leave at
 * today's cost (kind `sale`), a shortfall refused with a 422 naming `lines.N.quantity`. The
 * difference is paid like a counter sale, or refunded (`refunded`, by method) when the goods coming
 * back are worth more. The sale's `cost` is out cost − in cost, so its profit is right.
 */
export async function createExchange(ctx: Ctx, body: ExchangeInput | unknown): Promise<CounterSaleDetail> {
  const input = exchangeInput.parse(body);
  const saleId = await inTransaction(ctx, async (tx) => {
    const originalId = input.return_of_sale_id ?? null;
    const returns = input.returns.map((line) => ({ ...line, unit_cost: null as number | null }));
    let buyer: { companyId: number | null; supplierId: number | null } = { companyId: null, supplierId: null };
    if (originalId !== null) {
      // The earlier sale's row is the lock every return from it takes: what came back is counted after it.
      const [original] = await tx.db
        .select({
          id: counterSales.id,
          discount: counterSales.discount,
          companyId: counterSales.companyId,
          supplierId: counterSales.supplierId,
        })
        .from(counterSales)
        .where(eq(counterSales.id, originalId))
        .for('update');
      if (!original) throw invalid('return_of_sale_id', 'There is no sale with this number');
      buyer = { companyId: original.companyId, supplierId: original.supplierId };
      const returnable = new Map((await returnableOf(tx.db, originalId, original.discount)).map((line) => [line.variant_id, line]));
      const asked = new Map<number, number>();
      returns.forEach((line, index) => {
        const sold = returnable.get(line.variant_id);
        if (!sold) throw invalid(`returns.${index}.variant_id`, 'This item was not sold on that sale');
        const total = (asked.get(line.variant_id) ?? 0) + line.quantity;
        asked.set(line.variant_id, total);
        if (total > sold.returnable) {
          throw invalid(
            `returns.${index}.quantity`,
            sold.returnable === 0
              ? 'All of this item on that sale has come back already'
              : `Only ${sold.returnable} of this item can come back from that sale`,
          );
        }
        line.unit_price = sold.unit_price;
        line.unit_cost = sold.unit_cost;
      });
    }
    const onAccount = buyer.companyId !== null || buyer.supplierId !== null;
    const totals = exchangeTotals({ ...input, returns });
    if (onAccount) {
      // A company sale's exchange settles on the buyer's account: goods back lower the due, goods out
      // raise it unless paid now (no change, no refund in cash).
      if (input.refunds.length) throw invalid('refunds', "The difference goes to the buyer's account: nothing is refunded");
      if (totals.refund > 0 && input.payments.length) throw invalid('payments', 'The items coming back are worth more: nothing is paid');
      if (totals.tendered > totals.total) throw invalid('payments', 'The payments are more than the difference');
      if (buyer.companyId !== null) {
        await holdCompanyCredit(tx, buyer.companyId, totals.total - totals.tendered - totals.refund, {
          field: 'lines',
          message: "This exchange would take the company's due above its credit limit",
        });
      }
    } else if (totals.refund > 0) {
      if (input.payments.length) throw invalid('payments', 'The items coming back are worth more: refund the difference');
      if (totals.refunded !== totals.refund) throw invalid('refunds', 'The refunds must add up to the difference');
    } else {
      if (input.refunds.length) throw invalid('refunds', 'The customer pays the difference: nothing is refunded');
      if (totals.short > 0) throw invalid('payments', 'The payments do not cover the difference');
      if (totals.other > totals.total) throw invalid('payments', 'Card and mobile payments cannot be more than the difference');
    }

    const ids = [...new Set([...returns, ...input.lines].map((line) => line.variant_id))];
    const variants = new Map((await sellableVariants(tx.db, ids)).map((variant) => [variant.variantId, variant]));
    returns.forEach((line, index) => {
      if (!variants.has(line.variant_id)) throw invalid(`returns.${index}.variant_id`, 'This product no longer exists');
    });
    input.lines.forEach((line, index) => {
      if (!variants.has(line.variant_id)) throw invalid(`lines.${index}.variant_id`, 'This product no longer exists');
    });
    const [sale] = await tx.db
      .insert(counterSales)
      .values({
        kind: 'exchange',
        companyId: buyer.companyId,
        supplierId: buyer.supplierId,
        customerName: input.customer_name,
        customerPhone: input.customer_phone,
        note: input.note,
        subtotal: totals.difference,
        discount: 0,
        total: totals.total,
        paid: totals.tendered,
        changeGiven: onAccount ? 0 : totals.change,
        refunded: totals.refund,
        cost: 0,
        adminId: adminIdOf(ctx),
        soldAt: ctx.now,
      })
      .returning({ id: counterSales.id });
    if (!sale) throw new Error('The exchange was not written');
    const name = `Exchange ${counterSaleNumber(sale.id)}`;
    // What comes back at a known cost joins the moving average at that cost (before the stock moves);
    // at today's cost it leaves the average as it is.
    const inCosts = returns.map((line) => line.unit_cost ?? variants.get(line.variant_id)?.unitCost ?? 0);
    await updateAverageCosts(
      tx,
      returns.map((line, index) => ({ variantId: line.variant_id, quantity: line.quantity, unitCost: inCosts[index] ?? 0 })),
    );
    await moveStock(tx, [
      ...returns.map((line, index) => ({
        variantId: line.variant_id,
        quantity: line.quantity,
        kind: 'return' as const,
        reason: name,
        referenceType: EXCHANGE_REFERENCE,
        referenceId: sale.id,
        field: `returns.${index}.quantity`,
      })),
      ...input.lines.map((line, index) => ({
        variantId: line.variant_id,
        quantity: -line.quantity,
        kind: 'sale' as const,
        reason: name,
        referenceType: EXCHANGE_REFERENCE,
        referenceId: sale.id,
        field: `lines.${index}.quantity`,
      })),
    ]);
    const costs = new Map((await sellableVariants(tx.db, ids)).map((variant) => [variant.variantId, variant.unitCost]));
    const describe = (variantId: number) => {
      const variant = variants.get(variantId);
      if (!variant) throw new Error('unreachable');
      return { productName: variant.productName, variantLabel: variant.variantLabel, sku: variant.sku };
    };
    const lines = [
      ...returns.map((line, index) => ({
        saleId: sale.id,
        variantId: line.variant_id,
        direction: 'in' as const,
        returnOfSaleId: originalId,
        ...describe(line.variant_id),
        quantity: line.quantity,
        unitPrice: line.unit_price,
        discount: 0,
        unitCost: inCosts[index] ?? 0,
        lineTotal: line.quantity * line.unit_price,
      })),
      ...input.lines.map((line) => ({
        saleId: sale.id,
        variantId: line.variant_id,
        direction: 'out' as const,
        returnOfSaleId: null,
        ...describe(line.variant_id),
        quantity: line.quantity,
        unitPrice: line.unit_price,
        discount: line.discount,
        unitCost: costs.get(line.variant_id) ?? 0,
        lineTotal: line.quantity * line.unit_price - line.discount,
      })),
    ];
    await tx.db.insert(counterSaleLines).values(lines);
    const money = [
      ...input.payments.map((payment) => ({
        saleId: sale.id,
        method: payment.method,
        amount: payment.amount,
        reference: payment.reference,
        paidAt: ctx.now,
        adminId: adminIdOf(ctx),
      })),
      ...input.refunds.map((refund) => ({
        saleId: sale.id,
        method: refund.method,
        amount: refund.amount,
        reference: refund.reference,
        note: REFUND_NOTE,
      })),
    ];
    if (money.length) await tx.db.insert(counterSalePayments).values(money);
    const cost = lines.reduce((sum, line) => sum + (line.direction === 'in' ? -1 : 1) * line.unitCost * line.quantity, 0);
    await tx.db.update(counterSales).set({ cost }).where(eq(counterSales.id, sale.id));
    // The books: the difference in sales, paid into balances (the change out of the cash), refunded out of
    // them, or on the buyer's account; the goods' cost out less the cost of what came back.
    const books = new SignedLines()
      .add('sales_revenue', totals.refund - totals.total)
      .add('cost_of_goods', cost)
      .add('inventory', -cost);
    for (const payment of input.payments) books.add(balanceOfMethod(payment.method), payment.amount);
    for (const refund of input.refunds) books.add(balanceOfMethod(refund.method), -refund.amount, 'refunds');
    if (onAccount) books.add('company_receivable', totals.total - totals.tendered - totals.refund);
    else books.add('cash', -totals.change);
    await postSaleEntry(tx, { source: 'sale.exchange', saleId: sale.id, memo: name, lines: books });
    await recordAudit(tx, {
      action: 'create',
      entity: 'counter_exchange',
      entityId: sale.id,
      changes: {
        return_of_sale_id: { before: null, after: originalId },
        company_id: { before: null, after: buyer.companyId },
        supplier_id: { before: null, after: buyer.supplierId },
        total: { before: null, after: totals.total },
        refunded: { before: null, after: totals.refund },
        lines_in: { before: null, after: returns.length },
        lines_out: { before: null, after: input.lines.length },
      },
    });
    return sale.id;
  });
  return counterSaleDetail(ctx, saleId);
}
