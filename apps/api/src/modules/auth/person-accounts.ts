import type { PersonView } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type AccountProvider, normaliseLogin } from './account';
import type { SessionKind } from './session.table';

interface PersonTable {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  phone: PgColumn;
  email: PgColumn;
  image?: PgColumn;
  passwordHash: PgColumn;
  status: PgColumn;
}

/**
 * Resellers, merchants and shoppers sign in the same way (phone or email + password); only the
 * table, the statuses that may sign in and the refusal message differ.
 */
export function personAccounts(
  kind: SessionKind,
  columns: PersonTable,
  activeStatuses: readonly string[],
  inactiveMessage: string,
): AccountProvider<PersonView> {
  const isActive = (status: unknown) => activeStatuses.includes(String(status));
  return {
    kind,
    inactiveMessage,
    async findForLogin(db, login) {
      const { email, phone } = normaliseLogin(login);
      const where = email ? eq(columns.email, email) : eq(columns.phone, phone ?? '');
      const rows = (await db
        .select({ id: columns.id, passwordHash: columns.passwordHash, status: columns.status })
        .from(columns.table)
        .where(where)) as { id: number; passwordHash: string | null; status: string }[];
      const row = rows[0];
      return row ? { id: row.id, passwordHash: row.passwordHash, active: isActive(row.status) } : null;
    },
    async load(db, id) {
      const rows = (await db
        .select({
          id: columns.id,
          name: columns.name,
          phone: columns.phone,
          email: columns.email,
          status: columns.status,
          ...(columns.image ? { image: columns.image } : {}),
        })
        .from(columns.table)
        .where(eq(columns.id, id))) as (PersonView & { status: string })[];
      const row = rows[0];
      if (!row || !isActive(row.status)) return null;
      const { status: _status, ...view } = row;
      return view;
    },
  };
}
