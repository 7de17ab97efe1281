import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type SUPPLIER_KINDS, suppliers } from './supplier.table';

export type SupplierKind = (typeof SUPPLIER_KINDS)[number];

export interface SupplierChoice {
  id: number;
  name: string;
  company: string;
  phone: string;
  status: number;
}

/** The active suppliers of one kind, by name: a form's choices (fabric purchases, a reorder's supplier). */
export async function supplierChoices(db: Db, kind: SupplierKind): Promise<SupplierChoice[]> {
  return db
    .select({ id: suppliers.id, name: suppliers.name, company: suppliers.company, phone: suppliers.phone, status: suppliers.status })
    .from(suppliers)
    .where(and(eq(suppliers.kind, kind), eq(suppliers.status, 1)))
    .orderBy(asc(suppliers.name), asc(suppliers.id));
}

/** One supplier of that kind, or null (another kind, or none with that id). */
export async function supplierOfKind(db: Db, id: number, kind: SupplierKind): Promise<SupplierChoice | null> {
  const [row] = await db
    .select({ id: suppliers.id, name: suppliers.name, company: suppliers.company, phone: suppliers.phone, status: suppliers.status })
    .from(suppliers)
    .where(and(eq(suppliers.id, id), eq(suppliers.kind, kind)));
  return row ?? null;
}

/** Suppliers' names by id. */
export async function supplierNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(inArray(suppliers.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}
