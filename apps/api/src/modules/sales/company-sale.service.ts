import {
  type CompanySalePaymentView,
  type CompanySaleView,
  type CompanyStatement,
  type CompanyStatementRow,
  companySaleInput,
  companySalePaymentInput,
  companySaleRowStatus,
  type SupplierNetPosition,
} from '@haat/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { buyerChoices, companyById, companyResource, lockCompany } from '../companies';
import { supplierChoices, supplierDue, supplierNames, supplierOfKind } from '../purchasing';
import { adminNames } from '../staff';
import { counterSaleNumber } from './counter-sale.service';
import { counterSalePayments, counterSales } from './sale.table';
import { sellSaleLines } from './sale-lines';
import { balanceOfMethod, postSaleEntry, SignedLines } from './sale-postings';

type Row = Record<string, unknown>;

/**
 * A buyer's sales: company sales and the exchanges made against them (decision 040). Only these rows
 * have a buyer (the table's check), so the buyer column says it.
 */
const hasBuyer = sql`(${counterSales.companyId} is not null or ${counterSales.supplierId} is not null)`;

/** What a sale or an exchange adds to its buyer's due: total − paid − what an exchange credited. */
const owedOf = sql<number>`coalesce(sum(${counterSales.total} - ${counterSales.paid} - ${counterSales.refunded}), 0)`.mapWith(Number);

/** What each company owes now: its opening balance + its sales' and exchanges' totals − what was paid and credited. */
async function companyDues(db: Db, ids: number[]): Promise<Map<number, { sales: number; due: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: counterSales.companyId,
      sales: sql<number>`count(*) filter (where ${counterSales.kind} = 'company')`.mapWith(Number),
      owed: owedOf,
    })
    .from(counterSales)
    .where(inArray(counterSales.companyId, ids))
    .groupBy(counterSales.companyId);
  return new Map(rows.map((row) => [Number(row.id), { sales: row.sales, due: row.owed }]));
}

/** `/admin/company`: the companies resource, each row with its sales and due (decision 039). */
export const companies = companyResource({
  async toViews({ db }: Ctx, rows: Row[]) {
    const dues = await companyDues(
      db,
      rows.map((row) => Number(row.id)),
    );
    return rows.map((row) => {
      const found = dues.get(Number(row.id));
      return {
        id: row.id,
        kind: row.kind,
        name: row.name,
        contact_person: row.contactPerson,
        phone: row.phone,
        email: row.email,
        address: row.address,
        opening_balance: row.openingBalance,
        credit_limit: row.creditLimit,
        status: row.status,
        created_at: row.createdAt,
        updated_at: row.updatedAt,
        sales_count: found?.sales ?? 0,
        due: Number(row.openingBalance) + (found?.due ?? 0),
      };
    });
  },
  usedBy: [{ table: counterSales, column: counterSales.companyId, label: 'sales' }],
});

/** What a company owes now (paisa): opening balance + sales − payments. */
async function companyDue(db: Db, company: { id: number; openingBalance: number }): Promise<number> {
  return company.openingBalance + ((await companyDues(db, [company.id])).get(company.id)?.due ?? 0);
}

/**
 * Locks a buyer company's row and refuses (422 on `refuse.field`) when raising its due by `raise`
 * would take it above its credit limit (0 = no limit). Company sales and their exchanges both decide
 * under this lock (decisions 039, 040).
 */
export async function holdCompanyCredit(
  tx: Ctx,
  companyId: number,
  raise: number,
  refuse: { field: string; message: string },
): Promise<NonNullable<Awaited<ReturnType<typeof lockCompany>>> | null> {
  const company = await lockCompany(tx, companyId);
  if (company && raise > 0 && company.creditLimit > 0 && (await companyDue(tx.db, company)) + raise > company.creditLimit) {
    throw invalid(refuse.field, refuse.message);
  }
  return company;
}

/** The buyers the company sale form offers: active buyer companies and active goods suppliers. */
export async function companySaleBuyers(ctx: Ctx) {
  const [buyers, suppliers] = await Promise.all([buyerChoices(ctx), supplierChoices(ctx.db, 'goods')]);
  return { companies: buyers, suppliers: suppliers.map(({ id, name, company, phone }) => ({ id, name, company, phone })) };
}

/**
 * Records a company sale in one transaction (decision 039): the buyer checked (an active buyer
 * company, locked so its credit limit is decided under the lock, or an active goods supplier), the
 * lines out of stock as at the counter (`sellSaleLines`), what is paid now, the rest due.
 */
export async function createCompanySale(ctx: Ctx, body: unknown): Promise<CompanySaleView> {
  const input = companySaleInput.parse(body);
  const subtotal = input.lines.reduce((sum, line) => sum + line.quantity * line.unit_price - line.discount, 0);
  const total = Math.max(0, subtotal - input.discount);
  if (input.paid > total) throw invalid('paid', 'The amount paid is more than the total');
  const saleId = await inTransaction(ctx, async (tx) => {
    if (input.company_id) {
      const company = await lockCompany(tx, input.company_id);
      if (company?.kind !== 'buyer' || company.status !== 1) throw invalid('company_id', 'Choose an active buyer company');
      await holdCompanyCredit(tx, company.id, total - input.paid, {
        field: 'company_id',
        message: "This sale would take the company's due above its credit limit",
      });
    } else if (input.supplier_id) {
      const supplier = await supplierOfKind(tx.db, input.supplier_id, 'goods');
      if (supplier?.status !== 1) throw invalid('supplier_id', 'Choose an active supplier');
    }
    const [sale] = await tx.db
      .insert(counterSales)
      .values({
        kind: 'company',
        companyId: input.company_id ?? null,
        supplierId: input.supplier_id ?? null,
        dueDate: input.due_date ?? null,
        note: input.note,
        subtotal,
        discount: input.discount,
        total,
        paid: input.paid,
        cost: 0,
        adminId: adminIdOf(ctx),
        soldAt: ctx.now,
      })
      .returning({ id: counterSales.id });
    if (!sale) throw new Error('The sale was not written');
    const { cost, lines } = await sellSaleLines(tx, sale.id, input.lines, {
      reason: `Company sale ${counterSaleNumber(sale.id)}`,
      referenceType: 'counter_sale',
    });
    if (input.paid > 0) {
      await tx.db.insert(counterSalePayments).values({
        saleId: sale.id,
        method: input.method,
        amount: input.paid,
        reference: input.reference,
        paidAt: ctx.now,
        adminId: adminIdOf(ctx),
      });
    }
    await tx.db.update(counterSales).set({ cost }).where(eq(counterSales.id, sale.id));
    // The books: what is paid now into its balance, the rest due from the buyer, the sale, the goods' cost.
    const books = new SignedLines()
      .add(balanceOfMethod(input.method), input.paid)
      .add('company_receivable', total - input.paid)
      .add('sales_revenue', -total)
      .add('cost_of_goods', cost)
      .add('inventory', -cost);
    await postSaleEntry(tx, { source: 'sale.company', saleId: sale.id, memo: `Company sale ${counterSaleNumber(sale.id)}`, lines: books });
    await recordAudit(tx, {
      action: 'create',
      entity: 'company_sale',
      entityId: sale.id,
      changes: {
        total: { before: null, after: total },
        paid: { before: null, after: input.paid },
        lines: { before: null, after: lines },
      },
    });
    return sale.id;
  });
  return companySale(ctx, saleId);
}

/** Noon in Dhaka on a chosen day (a payment dated by hand), or now when it is today or not given. */
function paidAtOf(ctx: Ctx, day: string | undefined): Date {
  if (!day) return ctx.now;
  const at = new Date(`${day}T06:00:00Z`);
  return at > ctx.now ? ctx.now : at;
}

/**
 * A part payment on a company sale: decided under the sale row's lock, so payments at once never
 * pay more than its due (decision 039).
 */
export async function receiveCompanySalePayment(ctx: Ctx, id: number, body: unknown): Promise<CompanySaleView> {
  const input = companySalePaymentInput.parse(body);
  await inTransaction(ctx, async (tx) => {
    const [sale] = await tx.db
      .select({ id: counterSales.id, total: counterSales.total, paid: counterSales.paid, refunded: counterSales.refunded })
      .from(counterSales)
      .where(and(eq(counterSales.id, id), hasBuyer))
      .for('update');
    if (!sale) throw notFound('The company sale');
    const due = sale.total - sale.paid - sale.refunded;
    if (due <= 0) throw invalid('amount', 'This sale is paid in full');
    if (input.amount > due) throw invalid('amount', "The amount is more than the sale's due");
    const [payment] = await tx.db
      .insert(counterSalePayments)
      .values({
        saleId: id,
        method: input.method,
        amount: input.amount,
        reference: input.reference,
        note: input.note,
        paidAt: paidAtOf(ctx, input.paid_on),
        adminId: adminIdOf(ctx),
      })
      .returning({ id: counterSalePayments.id });
    const paidAt = paidAtOf(ctx, input.paid_on);
    await postSaleEntry(tx, {
      source: 'sale.company.paid',
      saleId: id,
      memo: `Payment on company sale ${counterSaleNumber(id)}`,
      ...(paidAt === ctx.now ? {} : { date: input.paid_on }),
      lines: new SignedLines().add(balanceOfMethod(input.method), input.amount).add('company_receivable', -input.amount),
    });
    await tx.db
      .update(counterSales)
      .set({ paid: sale.paid + input.amount, updatedAt: ctx.now })
      .where(eq(counterSales.id, id));
    await recordAudit(tx, {
      action: 'update',
      entity: 'company_sale',
      entityId: id,
      changes: { paid: { before: sale.paid, after: sale.paid + input.amount }, payment: { before: null, after: payment?.id ?? null } },
    });
  });
  return companySale(ctx, id);
}

const viewColumns = {
  id: counterSales.id,
  kind: counterSales.kind,
  refunded: counterSales.refunded,
  company_id: counterSales.companyId,
  supplier_id: counterSales.supplierId,
  subtotal: counterSales.subtotal,
  discount: counterSales.discount,
  total: counterSales.total,
  paid: counterSales.paid,
  due_date: counterSales.dueDate,
  note: counterSales.note,
  admin_id: counterSales.adminId,
  sold_at: counterSales.soldAt,
  item_count: sql<number>`(select coalesce(sum(l.quantity), 0) from counter_sale_lines l where l.sale_id = "counter_sales"."id")`.mapWith(
    Number,
  ),
};
type ViewRow = {
  id: number;
  kind: 'counter' | 'company' | 'exchange';
  refunded: number;
  company_id: number | null;
  supplier_id: number | null;
  subtotal: number;
  discount: number;
  total: number;
  paid: number;
  due_date: string | null;
  note: string;
  admin_id: number | null;
  sold_at: Date;
  item_count: number;
};

async function companyNames(ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  const found = await Promise.all([...new Set(ids)].map((id) => companyById(ctx, id)));
  return new Map(found.flatMap((company) => (company ? [[company.id, company.name] as const] : [])));
}

async function toViews(ctx: Ctx, rows: ViewRow[]): Promise<CompanySaleView[]> {
  const [admins, companyName, supplierName] = await Promise.all([
    adminNames(
      ctx.db,
      rows.map((row) => row.admin_id),
    ),
    companyNames(
      ctx,
      rows.flatMap((row) => (row.company_id === null ? [] : [row.company_id])),
    ),
    supplierNames(
      ctx.db,
      rows.flatMap((row) => (row.supplier_id === null ? [] : [row.supplier_id])),
    ),
  ]);
  return rows.map((row) => {
    const isCompany = row.company_id !== null;
    const buyerId = Number(isCompany ? row.company_id : row.supplier_id);
    return {
      id: row.id,
      number: counterSaleNumber(row.id),
      kind: row.kind === 'exchange' ? 'exchange' : 'company',
      buyer_type: isCompany ? 'company' : 'supplier',
      buyer_id: buyerId,
      buyer_name: (isCompany ? companyName.get(buyerId) : supplierName.get(buyerId)) ?? '',
      subtotal: row.subtotal,
      discount: row.discount,
      total: row.total,
      paid: row.paid,
      refunded: row.refunded,
      due: row.total - row.paid - row.refunded,
      due_date: row.due_date,
      status: companySaleRowStatus(row.total, row.paid, row.refunded),
      note: row.note,
      item_count: row.item_count,
      sold_by: row.admin_id === null ? null : (admins.get(row.admin_id) ?? null),
      sold_at: row.sold_at.toISOString(),
    };
  });
}

/** One company sale's buyer and due (its lines are the counter sale's detail). */
export async function companySale(ctx: Ctx, id: number): Promise<CompanySaleView> {
  const rows = (await ctx.db
    .select(viewColumns)
    .from(counterSales)
    .where(and(eq(counterSales.id, id), hasBuyer))) as ViewRow[];
  const [view] = await toViews(ctx, rows);
  if (!view) throw notFound('The company sale');
  return view;
}

/** A company sale with its dated payments: the sale's view and its "Receive payment". */
export async function companySaleDetail(ctx: Ctx, id: number) {
  const sale = await companySale(ctx, id);
  return { ...sale, payments: await paymentsOf(ctx, [eq(counterSalePayments.saleId, id)]) };
}

async function paymentsOf(ctx: Ctx, where: SQL[]): Promise<CompanySalePaymentView[]> {
  const rows = await ctx.db
    .select({
      id: counterSalePayments.id,
      sale_id: counterSalePayments.saleId,
      method: counterSalePayments.method,
      amount: counterSalePayments.amount,
      reference: counterSalePayments.reference,
      note: counterSalePayments.note,
      paid_at: counterSalePayments.paidAt,
      admin_id: counterSalePayments.adminId,
    })
    .from(counterSalePayments)
    .innerJoin(counterSales, eq(counterSales.id, counterSalePayments.saleId))
    .where(and(hasBuyer, ...where))
    .orderBy(asc(counterSalePayments.paidAt), asc(counterSalePayments.id));
  const names = await adminNames(
    ctx.db,
    rows.map((row) => row.admin_id),
  );
  return rows.map(({ admin_id, paid_at, ...row }) => ({
    ...row,
    number: counterSaleNumber(row.sale_id),
    paid_at: paid_at.toISOString(),
    received_by: admin_id === null ? null : (names.get(admin_id) ?? null),
  }));
}

/** The list's page of company sales (the machinery's rows, in its order) as views. */
export async function companySaleViews(ctx: Ctx, ids: number[]): Promise<CompanySaleView[]> {
  if (ids.length === 0) return [];
  const rows = (await ctx.db.select(viewColumns).from(counterSales).where(inArray(counterSales.id, ids))) as ViewRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return toViews(
    ctx,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** A running statement: the opening balance, then sales (+) and payments (−) by date, the due after each. */
function statementRows(
  opening: number,
  sales: CompanySaleView[],
  payments: CompanySalePaymentView[],
  openedAt: string,
): CompanyStatementRow[] {
  const events = [
    ...sales.map((sale) => ({
      date: sale.sold_at,
      kind: sale.kind === 'exchange' ? ('exchange' as const) : ('sale' as const),
      sale_id: sale.id,
      number: sale.number,
      description: `${sale.kind === 'exchange' ? 'Exchange' : 'Sale'} ${sale.number}`,
      // An exchange adds what went out beyond what came back, or credits what came back beyond it.
      debit: sale.total,
      credit: sale.refunded,
    })),
    ...payments.map((payment) => ({
      date: payment.paid_at,
      kind: 'payment' as const,
      sale_id: payment.sale_id,
      number: payment.number,
      description: `Payment for ${payment.number}`,
      debit: 0,
      credit: payment.amount,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date) || (a.kind === b.kind ? 0 : a.kind === 'payment' ? 1 : b.kind === 'payment' ? -1 : 0));
  let balance = opening;
  const rows: CompanyStatementRow[] = [
    // The opening balance comes first, even when the company was added after its first sale (imported).
    {
      date: [openedAt, ...events.map((event) => event.date)].sort()[0] ?? openedAt,
      kind: 'opening',
      sale_id: null,
      number: '',
      description: 'Opening balance',
      debit: 0,
      credit: 0,
      balance,
    },
  ];
  for (const event of events) {
    balance += event.debit - event.credit;
    rows.push({ ...event, balance });
  }
  return rows;
}

async function salesOf(ctx: Ctx, where: SQL): Promise<CompanySaleView[]> {
  const rows = (await ctx.db
    .select(viewColumns)
    .from(counterSales)
    .where(and(hasBuyer, where))
    .orderBy(asc(counterSales.soldAt), asc(counterSales.id))) as ViewRow[];
  return toViews(ctx, rows);
}

/** A buyer company's statement: its sales, its payments, the running due from its opening balance. */
export async function companyStatement(ctx: Ctx, id: number): Promise<CompanyStatement> {
  const company = await companyById(ctx, id);
  if (!company) throw notFound('The company');
  const sales = await salesOf(ctx, eq(counterSales.companyId, id));
  const payments = await paymentsOf(ctx, [eq(counterSales.companyId, id)]);
  // Exchanges count net: what went out beyond what came back, less what they credited.
  const salesTotal = sales.reduce((sum, sale) => sum + sale.total - sale.refunded, 0);
  const paymentsTotal = payments.reduce((sum, payment) => sum + payment.amount, 0);
  return {
    buyer: { type: 'company', id, name: company.name, phone: company.phone, address: company.address, credit_limit: company.creditLimit },
    opening_balance: company.openingBalance,
    sales_total: salesTotal,
    payments_total: paymentsTotal,
    due: company.openingBalance + salesTotal - paymentsTotal,
    rows: statementRows(company.openingBalance, sales, payments, company.createdAt.toISOString()),
    sales,
    payments,
  };
}

/** `/admin/supplier/purchase/from/us/{id}`: what a goods supplier bought from us and the net position. */
export async function supplierNetPosition(ctx: Ctx, id: number): Promise<SupplierNetPosition> {
  const supplier = await supplierOfKind(ctx.db, id, 'goods');
  if (!supplier) throw notFound('The supplier');
  const sales = await salesOf(ctx, eq(counterSales.supplierId, id));
  const salesTotal = sales.reduce((sum, sale) => sum + sale.total - sale.refunded, 0);
  const paymentsTotal = sales.reduce((sum, sale) => sum + sale.paid, 0);
  const theyOwe = salesTotal - paymentsTotal;
  const weOwe = await supplierDue(ctx.db, id);
  return {
    supplier: { id: supplier.id, name: supplier.name, company: supplier.company, phone: supplier.phone },
    sales,
    sales_total: salesTotal,
    payments_total: paymentsTotal,
    they_owe: theyOwe,
    we_owe: weOwe,
    net: weOwe - theyOwe,
  };
}
