import { FABRIC_UNIT_LABELS, type FabricUnit, fabricDescriptor, fromCentiUnits, toCentiUnits } from '@haat/contracts';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { invalid } from '../../http/errors';
import { createResource } from '../../http/resource';
import { fabricLedger, fabrics } from './fabric.table';

type Row = Record<string, unknown>;

/** A fabric row as the list and form read it: quantities in the unit, the stock's value and average price. */
function fabricView(row: Row) {
  const stock = Number(row.stock ?? 0);
  const stockCost = Number(row.stockCost ?? 0);
  const lowAt = Number(row.lowStockAt ?? 0);
  const unit = row.unit as FabricUnit;
  return {
    id: row.id,
    name: row.name,
    colour: row.colour,
    fabric_type: row.fabricType,
    unit,
    unit_label: FABRIC_UNIT_LABELS[unit],
    stock: fromCentiUnits(stock),
    low_stock_at: fromCentiUnits(lowAt),
    low: stock <= lowAt,
    stock_value: stockCost,
    average_unit_price: stock > 0 ? Math.round((stockCost * 100) / stock) : 0,
    notes: row.notes,
    status: row.status,
    created_at: row.createdAt instanceof Date ? row.createdAt.toISOString() : row.createdAt,
    updated_at: row.updatedAt instanceof Date ? row.updatedAt.toISOString() : row.updatedAt,
  };
}

/**
 * Fabrics (`/admin/fabrics/list`): the materials of the fabric stock. The stock itself is never
 * saved from the form: only purchases, issues and adjustments move it, through the ledger.
 */
export const fabricResource = createResource(fabricDescriptor, {
  table: fabrics,
  id: fabrics.id,
  search: [fabrics.name, fabrics.colour, fabrics.fabricType],
  sort: { id: fabrics.id, name: fabrics.name, stock: fabrics.stock, created_at: fabrics.createdAt },
  filters: { status: { column: fabrics.status }, unit: { column: fabrics.unit } },
  statusColumn: fabrics.status,
  usedBy: [{ label: 'stock ledger rows', table: fabricLedger, column: fabricLedger.fabricId }],
  audit: { ignore: ['stock', 'stock_cost'] },
  toViews: async (_ctx, rows) => rows.map(fabricView),
  async toValues({ db }, input, existing) {
    const existingId = existing ? Number(existing.id) : 0;
    const [taken] = await db
      .select({ id: fabrics.id })
      .from(fabrics)
      .where(
        and(
          sql`lower(${fabrics.name}) = lower(${input.name})`,
          sql`lower(${fabrics.colour}) = lower(${input.colour})`,
          ne(fabrics.id, existingId),
        ),
      )
      .limit(1);
    if (taken) throw invalid('name', 'There is already a fabric with this name and colour.');
    if (existing && existing.unit !== input.unit) {
      const [moves] = await db.select({ n: count() }).from(fabricLedger).where(eq(fabricLedger.fabricId, existingId));
      if ((moves?.n ?? 0) > 0) throw invalid('unit', 'The unit cannot change once the fabric has been bought or issued.');
    }
    return {
      name: input.name,
      colour: input.colour,
      fabricType: input.fabric_type,
      unit: input.unit,
      lowStockAt: toCentiUnits(input.low_stock_at),
      notes: input.notes,
      status: input.status,
    };
  },
});
