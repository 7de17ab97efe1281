import { type Column, type SQL, sql } from 'drizzle-orm';
import { suppliers } from './supplier.table';

/** A supplier's name for another module's statement, by the column holding the supplier's id (null when none). */
export function supplierNameSql(supplierIdColumn: Column | SQL): SQL<string | null> {
  return sql<string | null>`(select ${suppliers.name} from ${suppliers} where ${suppliers.id} = ${supplierIdColumn})`;
}
