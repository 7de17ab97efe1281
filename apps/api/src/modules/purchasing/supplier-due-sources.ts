import { type SQL, sql } from 'drizzle-orm';

/**
 * Other things bought from a supplier that count in what the shop owes them (decision 035: fabric
 * purchases). Fabrics depends on purchasing (its suppliers), so the app factory hands the source to
 * purchasing at start-up, as it hands the products' counts to the catalog.
 *
 * `entries` selects one row per purchase with the columns
 * `supplier_id int, id int, day date, created_at timestamptz, bought bigint, paid bigint, number text, description text`:
 * `bought` adds to the due, `paid` (paid at purchase) takes off it. Later payments are purchasing's own rows.
 */
export interface SupplierDueSource {
  kind: 'fabric_purchase';
  entries: SQL;
}

const sources: SupplierDueSource[] = [];

export function addSupplierDueSource(source: SupplierDueSource): void {
  if (!sources.some((known) => known.kind === source.kind)) sources.push(source);
}

/** Every source's rows, as one union (no rows when none is registered). */
export function supplierDueEntries(): SQL {
  if (sources.length === 0)
    return sql`select null::int as supplier_id, null::int as id, null::date as day, null::timestamptz as created_at, 0::bigint as bought, 0::bigint as paid, ''::text as number, ''::text as description, ''::text as kind where false`;
  return sql.join(
    sources.map((source) => sql`select e.*, ${source.kind}::text as kind from (${source.entries}) e`),
    sql` union all `,
  );
}
