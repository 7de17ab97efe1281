import {
  COMPANY_SALE_ROW_STATUS_LABELS,
  type CompanySaleStatus,
  companySaleDescriptor,
  counterSaleDescriptor,
  fromPaisa,
  SALE_KIND_LABELS,
} from '@haat/contracts';
import { eq, gte, ilike, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { createResource, likeContains } from '../../http/resource';
import { companySaleDetail, companySaleViews } from './company-sale.service';
import { counterSaleDetail, counterSaleViews } from './counter-sale.service';
import { counterSales } from './sale.table';

/** `CS-000042`, `cs-42` or `42`: the sale with that id, when the search is a sale's number. */
function saleNumber(q: string): SQL | undefined {
  const number = Number(q.trim().replace(/^CS-?/i, ''));
  return Number.isInteger(number) && number > 0 && number <= 2_147_483_647 ? eq(counterSales.id, number) : undefined;
}

/** A day's filter on when the sale was made: from its start, or up to its end. */
const fromDay = (value: unknown) => gte(counterSales.soldAt, new Date(`${value as string}T00:00:00Z`));
const toDay = (value: unknown) => lt(counterSales.soldAt, new Date(Date.parse(`${value as string}T00:00:00Z`) + 86_400_000));

/** What the status filter asks of a company sale's paid against its total. */
const STATUS_WHERE: Record<CompanySaleStatus, SQL> = {
  paid: sql`${counterSales.paid} >= ${counterSales.total}`,
  part_paid: sql`${counterSales.paid} > 0 and ${counterSales.paid} < ${counterSales.total}`,
  unpaid: sql`${counterSales.paid} = 0 and ${counterSales.total} > 0`,
};

const sumOf = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);

/**
 * `/admin/sale/company` (decision 039): company sales newest first, by buyer, status and dates,
 * searched by number or note, with their total, paid and due over every row the filters keep.
 */
export const companySaleResource = createResource(companySaleDescriptor, {
  table: counterSales,
  id: counterSales.id,
  scope: () => eq(counterSales.kind, 'company'),
  searchWhere: (q) => or(saleNumber(q), ilike(counterSales.note, likeContains(q))),
  sort: { sold_at: counterSales.soldAt, total: counterSales.total },
  filters: {
    company_id: { column: counterSales.companyId },
    supplier_id: { column: counterSales.supplierId },
    status: { where: (value) => STATUS_WHERE[value as CompanySaleStatus] },
    from: { where: fromDay },
    to: { where: toDay },
  },
  async totals({ db }, where) {
    const [sums] = await db
      .select({
        total: sumOf(sql`${counterSales.total}`),
        paid: sumOf(sql`${counterSales.paid}`),
        due: sumOf(sql`${counterSales.total} - ${counterSales.paid} - ${counterSales.refunded}`),
      })
      .from(counterSales)
      .where(where);
    return { total: sums?.total ?? 0, paid: sums?.paid ?? 0, due: sums?.due ?? 0 };
  },
  toValues: () => ({}),
  // Spread: an interface has no index signature, a view row needs one.
  toViews: async (ctx, rows) =>
    (
      await companySaleViews(
        ctx,
        rows.map((row) => Number(row.id)),
      )
    ).map((view) => ({ ...view })),
  toDetail: (ctx, row) => companySaleDetail(ctx, Number(row.id)),
  async toCsvRows(ctx, rows) {
    const views = await companySaleViews(
      ctx,
      rows.map((row) => Number(row.id)),
    );
    return views.map((sale) => ({
      Number: sale.number,
      Date: sale.sold_at.slice(0, 10),
      Buyer: sale.buyer_name,
      'Buyer type': sale.buyer_type === 'company' ? 'Company' : 'Supplier',
      Total: fromPaisa(sale.total),
      Paid: fromPaisa(sale.paid),
      Due: fromPaisa(sale.due),
      'Due date': sale.due_date ?? '',
      Status: COMPANY_SALE_ROW_STATUS_LABELS[sale.status],
      Note: sale.note,
    }));
  },
});

/**
 * `/admin/sale/office` (decision 036): the counter's sales and exchanges newest first (company sales
 * have their own list), searched by number, customer or phone, with how many, the takings and the
 * profit over every row the filters keep.
 */
export const counterSaleResource = createResource(counterSaleDescriptor, {
  table: counterSales,
  id: counterSales.id,
  scope: () => ne(counterSales.kind, 'company'),
  searchWhere: (q) =>
    or(saleNumber(q), ilike(counterSales.customerName, likeContains(q)), ilike(counterSales.customerPhone, likeContains(q))),
  sort: { sold_at: counterSales.soldAt, total: counterSales.total },
  filters: {
    kind: { column: counterSales.kind },
    admin_id: { column: counterSales.adminId },
    from: { where: fromDay },
    to: { where: toDay },
  },
  async totals({ db }, where) {
    const [sums] = await db
      .select({
        sales: sql<number>`count(*)`.mapWith(Number),
        takings: sumOf(sql`${counterSales.total} - ${counterSales.refunded}`),
        profit: sumOf(sql`${counterSales.total} - ${counterSales.refunded} - ${counterSales.cost}`),
      })
      .from(counterSales)
      .where(where);
    return { sales: sums?.sales ?? 0, takings: sums?.takings ?? 0, profit: sums?.profit ?? 0 };
  },
  toValues: () => ({}),
  toViews: async ({ db }, rows) =>
    (
      await counterSaleViews(
        db,
        rows.map((row) => Number(row.id)),
      )
    ).map((view) => ({ ...view })),
  toDetail: async (ctx, row) => ({ ...(await counterSaleDetail(ctx, Number(row.id))) }),
  async toCsvRows({ db }, rows) {
    const views = await counterSaleViews(
      db,
      rows.map((row) => Number(row.id)),
    );
    return views.map((sale) => ({
      Number: sale.number,
      Kind: SALE_KIND_LABELS[sale.kind],
      Date: sale.sold_at.slice(0, 10),
      Customer: sale.customer_name,
      Phone: sale.customer_phone,
      Items: sale.item_count,
      Total: fromPaisa(sale.total - sale.refunded),
      Profit: fromPaisa(sale.profit),
      'Served by': sale.sold_by ?? '',
    }));
  },
});
