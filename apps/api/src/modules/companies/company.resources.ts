import { companyDescriptor } from '@haat/contracts';
import { and, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { invalid } from '../../http/errors';
import { createResource, likeContains, type UsedBy } from '../../http/resource';
import { companies } from './company.table';

type Row = Record<string, unknown>;

/**
 * What the sales module adds to the company screens: each page of rows with its sales count and
 * due, and what still uses a company (its sales). Companies know nothing of sales (no cycle):
 * the sales module passes these in (decision 039).
 */
export interface CompanyUses {
  toViews(ctx: Ctx, rows: Row[]): Promise<Row[]>;
  usedBy: UsedBy[];
}

/** `/admin/company`: one declaration, the sales module supplies dues. */
export function companyResource(uses: CompanyUses) {
  return createResource(companyDescriptor, {
    table: companies,
    id: companies.id,
    searchWhere: (q: string) => {
      const pattern = likeContains(q);
      return or(ilike(companies.name, pattern), ilike(companies.contactPerson, pattern), ilike(companies.phone, pattern));
    },
    sort: { id: companies.id, name: companies.name, created_at: companies.createdAt },
    filters: { status: { column: companies.status }, kind: { column: companies.kind } },
    usedBy: uses.usedBy,
    statusColumn: companies.status,
    audit: { entity: 'company', ignore: ['sales_count', 'due'] },
    async toValues({ db }: Ctx, input, existing: Row | null) {
      const [taken] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(sql`lower(${companies.name}) = lower(${input.name})`, ne(companies.id, existing ? Number(existing.id) : 0)))
        .limit(1);
      if (taken) throw invalid('name', 'There is already a company with this name.');
      return {
        kind: input.kind,
        name: input.name,
        contactPerson: input.contact_person,
        phone: input.phone,
        email: input.email,
        address: input.address,
        openingBalance: input.opening_balance,
        creditLimit: input.credit_limit,
        status: input.status,
      };
    },
    toViews: uses.toViews,
  });
}

export interface CompanyRecord {
  id: number;
  kind: 'buyer' | 'own';
  name: string;
  phone: string;
  address: string;
  openingBalance: number;
  creditLimit: number;
  status: number;
  createdAt: Date;
}

const recordColumns = {
  id: companies.id,
  kind: companies.kind,
  name: companies.name,
  phone: companies.phone,
  address: companies.address,
  openingBalance: companies.openingBalance,
  creditLimit: companies.creditLimit,
  status: companies.status,
  createdAt: companies.createdAt,
};

/** One company, or null. */
export async function companyById({ db }: Ctx, id: number): Promise<CompanyRecord | null> {
  const [row] = await db.select(recordColumns).from(companies).where(eq(companies.id, id));
  return row ?? null;
}

/**
 * One company locked for the rest of the caller's transaction (`FOR UPDATE`): what it may still
 * owe is decided under this lock, so two sales at once never pass its credit limit together.
 */
export async function lockCompany({ db }: Ctx, id: number): Promise<CompanyRecord | null> {
  const [row] = await db.select(recordColumns).from(companies).where(eq(companies.id, id)).for('update');
  return row ?? null;
}

/** The active buyer companies by name: the company sale form's choices. */
export async function buyerChoices({ db }: Ctx) {
  return db
    .select({ id: companies.id, name: companies.name, phone: companies.phone, credit_limit: companies.creditLimit })
    .from(companies)
    .where(and(eq(companies.kind, 'buyer'), eq(companies.status, 1)))
    .orderBy(companies.name, companies.id);
}
