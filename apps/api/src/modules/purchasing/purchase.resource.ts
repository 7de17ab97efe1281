import { purchaseDescriptor } from '@haat/contracts';
import { eq, ilike, or, sql } from 'drizzle-orm';
import { createResource, likeContains } from '../../http/resource';
import { purchaseDetail, purchaseViews } from './purchase.service';
import { purchases } from './purchase.table';
import { suppliers } from './supplier.table';

type Purchase = typeof purchases.$inferSelect;

/**
 * The purchase list (`/admin/purchase`) through the machinery: search by number, reference or
 * supplier, filters by supplier, status, dates and open dues, sort, both pagination shapes and CSV.
 */
export const purchaseResource = createResource(purchaseDescriptor, {
  table: purchases,
  id: purchases.id,
  searchWhere: (q) => {
    const pattern = likeContains(q);
    const number = /^(po-?)?0*(\d{1,9})$/i.exec(q.trim());
    return or(
      ilike(purchases.reference, pattern),
      sql`${purchases.supplierId} in (select ${suppliers.id} from ${suppliers} where ${suppliers.name} ilike ${pattern} or ${suppliers.company} ilike ${pattern})`,
      number ? eq(purchases.id, Number(number[2])) : undefined,
    );
  },
  sort: { id: purchases.id, purchased_on: purchases.purchasedOn, total: purchases.total, created_at: purchases.createdAt },
  filters: {
    supplier_id: { column: purchases.supplierId },
    status: { column: purchases.status },
    from: { where: (value) => sql`${purchases.purchasedOn} >= ${value as string}` },
    to: { where: (value) => sql`${purchases.purchasedOn} <= ${value as string}` },
    with_due: {
      where: (value) =>
        value
          ? sql`${purchases.total} - ${purchases.returnedValue} - ${purchases.creditedValue} - ${purchases.paid} > 0`
          : sql`${purchases.total} - ${purchases.returnedValue} - ${purchases.creditedValue} - ${purchases.paid} <= 0`,
    },
  },
  toValues: () => ({}),
  toViews: ({ db }, rows) => purchaseViews(db, rows as Purchase[]),
  toDetail: (ctx, row) => purchaseDetail(ctx, Number(row.id)),
  async toCsvRows({ db }, rows) {
    return (await purchaseViews(db, rows as Purchase[])).map((row) => ({
      Number: row.number,
      Date: row.purchased_on,
      Supplier: row.supplier_name,
      Reference: row.reference,
      Status: row.status,
      Units: row.units,
      'Received units': row.received_units,
      Subtotal: (row.subtotal / 100).toFixed(2),
      Discount: (row.discount / 100).toFixed(2),
      Shipping: (row.shipping_cost / 100).toFixed(2),
      Total: (row.total / 100).toFixed(2),
      Returned: (row.returned_value / 100).toFixed(2),
      Credited: (row.credited_value / 100).toFixed(2),
      Paid: (row.paid / 100).toFixed(2),
      Due: (row.due / 100).toFixed(2),
    }));
  },
});
