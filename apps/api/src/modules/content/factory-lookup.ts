import type { Column } from 'drizzle-orm';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { factories } from './factory.table';

export interface FactoryChoice {
  id: number;
  name: string;
  contact_person: string;
  phone: string;
  status: number;
}

const choice = {
  id: factories.id,
  name: factories.name,
  contact_person: factories.contactPerson,
  phone: factories.phone,
  status: factories.status,
};

/** The active factories by name (`/admin/factory/list`): where fabric can be issued to. */
export async function factoryChoices(db: Db): Promise<FactoryChoice[]> {
  return db.select(choice).from(factories).where(eq(factories.status, 1)).orderBy(asc(factories.name), asc(factories.id));
}

/** One factory by id, active or not, or null. */
export async function findFactory(db: Db, id: number): Promise<FactoryChoice | null> {
  const [row] = await db.select(choice).from(factories).where(eq(factories.id, id));
  return row ?? null;
}

/** Factories' names by id. */
export async function factoryNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: factories.id, name: factories.name }).from(factories).where(inArray(factories.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A factory's name for another module's statement, by the column holding its id. */
export function factoryNameSql(factoryIdColumn: Column | SQL): SQL<string | null> {
  return sql<string | null>`(select ${factories.name} from ${factories} where ${factories.id} = ${factoryIdColumn})`;
}
