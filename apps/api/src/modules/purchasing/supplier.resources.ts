import { fabricSupplierDescriptor, supplierDescriptor } from '@haat/contracts';
import { and, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { invalid } from '../../http/errors';
import { createResource, likeContains, snakeRow } from '../../http/resource';
import { purchases, supplierPayments } from './purchase.table';
import { type SUPPLIER_KINDS, suppliers } from './supplier.table';

type Kind = (typeof SUPPLIER_KINDS)[number];
type Row = Record<string, unknown>;

/** Each supplier's purchases and what the shop owes them, for a page of rows in one statement. */
async function withDues({ db }: Ctx, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const figures = await db
    .select({
      id: suppliers.id,
      purchases: sql<number>`(select count(*) from ${purchases} where ${purchases.supplierId} = ${suppliers.id})`.mapWith(Number),
      due: sql<number>`${suppliers.openingBalance}
        + coalesce((select sum(${purchases.receivedValue} - ${purchases.returnedValue} - ${purchases.creditedValue}) from ${purchases} where ${purchases.supplierId} = ${suppliers.id}), 0)
        - coalesce((select sum(${supplierPayments.amount}) from ${supplierPayments} where ${supplierPayments.supplierId} = ${suppliers.id}), 0)`.mapWith(
        Number,
      ),
    })
    .from(suppliers)
    .where(inArray(suppliers.id, ids));
  const byId = new Map(figures.map((row) => [row.id, row]));
  return rows.map((row) => {
    const found = byId.get(Number(row.id));
    return { ...snakeRow(row), purchases_count: found?.purchases ?? 0, due: found?.due ?? 0 };
  });
}

/** Suppliers of one kind: the screen fixes the kind, so a goods supplier never shows among fabric ones. */
function supplierBinding(kind: Kind, label: string) {
  return {
    table: suppliers,
    id: suppliers.id,
    scope: () => eq(suppliers.kind, kind),
    searchWhere: (q: string) => {
      const pattern = likeContains(q);
      return or(ilike(suppliers.name, pattern), ilike(suppliers.company, pattern), ilike(suppliers.phone, pattern));
    },
    sort: { id: suppliers.id, name: suppliers.name, company: suppliers.company, created_at: suppliers.createdAt },
    filters: { status: { column: suppliers.status } },
    usedBy: [
      { table: purchases, column: purchases.supplierId, label: 'purchases' },
      { table: supplierPayments, column: supplierPayments.supplierId, label: 'payments' },
    ],
    statusColumn: suppliers.status,
    audit: { entity: 'supplier', ignore: ['purchases_count', 'due'] },
    async toValues(
      { db }: Ctx,
      input: { name: string; company: string; phone: string; address: string; opening_balance: number; status: number },
      existing: Row | null,
    ) {
      const [taken] = await db
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(
          and(
            eq(suppliers.kind, kind),
            sql`lower(${suppliers.name}) = lower(${input.name})`,
            ne(suppliers.id, existing ? Number(existing.id) : 0),
          ),
        )
        .limit(1);
      if (taken) throw invalid('name', `There is already a ${label} with this name.`);
      return {
        kind,
        name: input.name,
        company: input.company,
        phone: input.phone,
        address: input.address,
        openingBalance: input.opening_balance,
        status: input.status,
      };
    },
    toViews: withDues,
  };
}

export const supplierResource = createResource(supplierDescriptor, supplierBinding('goods', 'supplier'));
export const fabricSupplierResource = createResource(fabricSupplierDescriptor, supplierBinding('fabric', 'fabric supplier'));
