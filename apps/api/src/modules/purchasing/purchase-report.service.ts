import {
  PURCHASE_STATUS_LABELS,
  type PurchaseReportAnswer,
  type PurchaseReportRow,
  type PurchaseStatus,
  purchaseReportQuery,
  type ReportChartPoint,
  type ReportRange,
  type SupplierReportAnswer,
  type SupplierReportRow,
  supplierReportQuery,
} from '@haat/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { rowsOf } from '../../db/client';
import { pageUrl, paginate } from '../../http/pagination';
import { parseReportRange, type ReportMode } from '../orders';
import { supplierDueEntries } from './supplier-due-sources';

type Query = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function fillDays(range: ReportRange, found: Record<string, unknown>[]): ReportChartPoint[] {
  const byDay = new Map(found.map((row) => [String(row.date), row]));
  const points: ReportChartPoint[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    points.push({ date: day, orders: n(row?.orders), amount: n(row?.amount) });
  }
  return points;
}

/**
 * Purchases dated in the range, grouped by day, supplier or status: how many, units, total, value
 * received and returned, paid and due, with totals over every group and purchases per day.
 */
export async function purchaseReport(ctx: Ctx, query: Query, mode: ReportMode = 'page'): Promise<PurchaseReportAnswer> {
  const { db } = ctx;
  const window = await parseReportRange(ctx, query, mode);
  const options = purchaseReportQuery.parse(query);
  const conditions: SQL[] = [sql`p.purchased_on between ${window.range.from} and ${window.range.to}`];
  if (options['filter[supplier_id]']) conditions.push(sql`p.supplier_id = ${options['filter[supplier_id]']}`);
  if (options['filter[status]']) conditions.push(sql`p.status = ${options['filter[status]']}`);
  const where = sql.join(conditions, sql` and `);
  const key = {
    date: sql`to_char(p.purchased_on, 'YYYY-MM-DD')`,
    supplier: sql`p.supplier_id::text`,
    status: sql`p.status`,
  }[options.group];
  const label = options.group === 'supplier' ? sql`min(s.name)` : sql`''`;
  const order = options.group === 'date' ? sql`1 desc` : options.group === 'supplier' ? sql`sum(p.total) desc, 1` : sql`1`;
  const sums = sql`count(*)::int as purchases, coalesce(sum(p.units), 0)::int as units, coalesce(sum(p.total), 0)::bigint as total,
    coalesce(sum(p.received_value), 0)::bigint as received_value, coalesce(sum(p.returned_value), 0)::bigint as returned_value,
    coalesce(sum(p.credited_value), 0)::bigint as credited_value, coalesce(sum(p.paid), 0)::bigint as paid,
    coalesce(sum(p.total - p.returned_value - p.credited_value - p.paid), 0)::bigint as due`;
  const from = sql`purchases p join suppliers s on s.id = p.supplier_id`;
  const groups = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select ${key} as key, ${label} as label, ${sums} from ${from} where ${where} group by 1 order by ${order}
        limit ${window.perPage} offset ${(window.page - 1) * window.perPage}`,
    ),
  );
  const [summary] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select count(distinct ${key})::int as groups, ${sums} from ${from} where ${where}`),
  );
  const days = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select to_char(p.purchased_on, 'YYYY-MM-DD') as date, count(*)::int as orders, coalesce(sum(p.total), 0)::bigint as amount
        from ${from} where ${where} group by 1`,
    ),
  );
  const figures = (row: Record<string, unknown> | undefined) => ({
    purchases: n(row?.purchases),
    units: n(row?.units),
    total: n(row?.total),
    received_value: n(row?.received_value),
    returned_value: n(row?.returned_value),
    credited_value: n(row?.credited_value),
    paid: n(row?.paid),
    due: n(row?.due),
  });
  const rows: PurchaseReportRow[] = groups.map((row) => ({
    key: String(row.key),
    label:
      options.group === 'status'
        ? (PURCHASE_STATUS_LABELS[String(row.key) as PurchaseStatus] ?? String(row.key))
        : options.group === 'supplier'
          ? String(row.label)
          : String(row.key),
    ...figures(row),
  }));
  const shaped = paginate(rows, n(summary?.groups), window, (page) => pageUrl('/api/admin/reports/purchases', query, page));
  return { ...shaped.plain, range: window.range, group: options.group, totals: figures(summary), chart: fillDays(window.range, days) };
}

/**
 * Per supplier over the range: what was owed at its start, goods received, returned, credit notes and payments in
 * it, and what is owed at its end (decision 034: due = opening + received − returned − credited − paid; 044).
 */
export async function supplierReport(ctx: Ctx, query: Query, mode: ReportMode = 'page'): Promise<SupplierReportAnswer> {
  const { db } = ctx;
  const window = await parseReportRange(ctx, query, mode);
  const options = supplierReportQuery.parse(query);
  const { from, to } = window.range;
  const conditions: SQL[] = [sql`true`];
  if (options['filter[kind]']) conditions.push(sql`s.kind = ${options['filter[kind]']}`);
  if (options['filter[supplier_id]']) conditions.push(sql`s.id = ${options['filter[supplier_id]']}`);
  const withDue = options['filter[with_due]'] === 'true' || options['filter[with_due]'] === '1';
  const entries = sql`
    select p.supplier_id, r.received_on as day, r.value as purchases, 0::bigint as returns, 0::bigint as credits, 0::bigint as payments
      from purchase_receipts r join purchases p on p.id = r.purchase_id where r.received_on <= ${to}
    union all
    select p.supplier_id, x.returned_on, 0, x.value, 0, 0 from purchase_returns x join purchases p on p.id = x.purchase_id where x.returned_on <= ${to}
    union all
    select p.supplier_id, c.credited_on, 0, 0, c.amount, 0 from purchase_credit_notes c join purchases p on p.id = c.purchase_id where c.credited_on <= ${to}
    union all
    select supplier_id, paid_on, 0, 0, 0, amount from supplier_payments where paid_on <= ${to}
    union all
    select o.supplier_id, o.day, o.bought, 0, 0, o.paid from (${supplierDueEntries()}) o where o.day <= ${to}`;
  const figures = sql`
    select s.id as supplier_id, s.name, s.company, s.kind,
      s.opening_balance + coalesce(sum(e.purchases - e.returns - e.credits - e.payments) filter (where e.day < ${from}), 0) as opening,
      coalesce(sum(e.purchases) filter (where e.day >= ${from}), 0) as purchases,
      coalesce(sum(e.returns) filter (where e.day >= ${from}), 0) as returns,
      coalesce(sum(e.credits) filter (where e.day >= ${from}), 0) as credits,
      coalesce(sum(e.payments) filter (where e.day >= ${from}), 0) as payments,
      s.opening_balance + coalesce(sum(e.purchases - e.returns - e.credits - e.payments), 0) as closing
    from suppliers s left join (${entries}) e on e.supplier_id = s.id
    where ${sql.join(conditions, sql` and `)}
    group by s.id`;
  const filtered = sql`select * from (${figures}) f ${withDue ? sql`where f.closing > 0` : sql``}`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`${filtered} order by closing desc, name, supplier_id limit ${window.perPage} offset ${(window.page - 1) * window.perPage}`,
    ),
  );
  const [summary] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select count(*)::int as suppliers, coalesce(sum(opening), 0) as opening, coalesce(sum(purchases), 0) as purchases,
      coalesce(sum(returns), 0) as returns, coalesce(sum(credits), 0) as credits, coalesce(sum(payments), 0) as payments, coalesce(sum(closing), 0) as closing from (${filtered}) t`),
  );
  const supplierCondition = sql.join(
    [
      sql`r.received_on between ${from} and ${to}`,
      ...(options['filter[kind]'] ? [sql`s.kind = ${options['filter[kind]']}`] : []),
      ...(options['filter[supplier_id]'] ? [sql`s.id = ${options['filter[supplier_id]']}`] : []),
    ],
    sql` and `,
  );
  const days = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select to_char(r.received_on, 'YYYY-MM-DD') as date, count(*)::int as orders, coalesce(sum(r.value), 0)::bigint as amount
      from purchase_receipts r join purchases p on p.id = r.purchase_id join suppliers s on s.id = p.supplier_id
      where ${supplierCondition} group by 1`),
  );
  const data: SupplierReportRow[] = rows.map((row) => ({
    supplier_id: n(row.supplier_id),
    name: String(row.name),
    company: String(row.company ?? ''),
    kind: row.kind as 'goods' | 'fabric',
    opening: n(row.opening),
    purchases: n(row.purchases),
    returns: n(row.returns),
    credits: n(row.credits),
    payments: n(row.payments),
    closing: n(row.closing),
  }));
  const shaped = paginate(data, n(summary?.suppliers), window, (page) => pageUrl('/api/admin/reports/suppliers', query, page));
  return {
    ...shaped.plain,
    range: window.range,
    totals: {
      suppliers: n(summary?.suppliers),
      opening: n(summary?.opening),
      purchases: n(summary?.purchases),
      returns: n(summary?.returns),
      credits: n(summary?.credits),
      payments: n(summary?.payments),
      closing: n(summary?.closing),
    },
    chart: fillDays(window.range, days),
  };
}
