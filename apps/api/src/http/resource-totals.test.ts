import { defineResourceDescriptor, statusFilter, viewOf } from '@haat/contracts';
import { count, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemCtx } from '../context';
import type { Database } from '../db/client';
import { brands } from '../modules/catalog/brand.table';
import { createTestDatabase } from '../test/harness';
import { createResource } from './resource';

/** A list with totals, over a table every database has: brands, their count and their sort orders summed. */
const rankedDescriptor = defineResourceDescriptor({
  name: 'ranked-brand',
  label: 'brand',
  title: 'Brands',
  path: '/api/test/ranked-brands',
  permission: 'brand',
  input: z.object({}),
  view: viewOf<{ id: number; name: string }>(),
  sort: ['id', 'sort_order'],
  defaultSort: 'id',
  filters: { status: statusFilter },
  totals: ['brands', 'ranks'],
  readOnly: true,
});

const seen: (SQL | undefined)[] = [];
const ranked = createResource(rankedDescriptor, {
  table: brands,
  id: brands.id,
  search: [brands.name],
  sort: { id: brands.id, sort_order: brands.sortOrder },
  filters: { status: { column: brands.status } },
  async totals({ db }, where) {
    seen.push(where);
    const [row] = await db
      .select({ brands: count(), ranks: sql<number>`coalesce(sum(${brands.sortOrder}), 0)`.mapWith(Number) })
      .from(brands)
      .where(where);
    return { brands: row?.brands ?? 0, ranks: row?.ranks ?? 0 };
  },
  toValues: () => ({}),
});

const plainDescriptor = defineResourceDescriptor({
  name: 'plain-brand',
  label: 'brand',
  title: 'Brands',
  path: '/api/test/plain-brands',
  permission: 'brand',
  input: z.object({}),
  view: viewOf<{ id: number; name: string }>(),
  sort: ['id'],
  defaultSort: 'id',
  readOnly: true,
});
const plain = createResource(plainDescriptor, { table: brands, id: brands.id, sort: { id: brands.id }, toValues: () => ({}) });

// A descriptor's totals must be bound, and a binding has no totals its descriptor does not declare.
// @ts-expect-error: the totals hook is missing
createResource(rankedDescriptor, {
  table: brands,
  id: brands.id,
  sort: { id: brands.id, sort_order: brands.sortOrder },
  filters: { status: { column: brands.status } },
  toValues: () => ({}),
});
createResource(plainDescriptor, {
  table: brands,
  id: brands.id,
  sort: { id: brands.id },
  toValues: () => ({}),
  // @ts-expect-error: the descriptor declares no totals
  totals: async () => ({}),
});

let database: Database;
const ctx = () => systemCtx(database.db);

beforeAll(async () => {
  database = (await createTestDatabase()).database;
  await database.db.delete(brands);
  await database.db.insert(brands).values(
    Array.from({ length: 25 }, (_, index) => ({
      name: index % 5 === 0 ? `Aarong ${index}` : `Brand ${index}`,
      slug: `brand-${index}`,
      sortOrder: index,
      status: index < 20 ? 1 : 0,
    })),
  );
});
afterAll(async () => {
  await database?.close();
});

describe('list totals', () => {
  it('answers figures over every row the list shows, not only the page', async () => {
    const answer = (await ranked.list(ctx(), { per_page: '10' })) as Record<string, unknown>;
    expect((answer.data as unknown[]).length).toBe(10);
    expect(answer.total).toBe(25);
    expect(answer.totals).toEqual({ brands: 25, ranks: (24 * 25) / 2 });
  });

  it('follows the same search and filters as the page, in both pagination shapes', async () => {
    const active = (await ranked.list(ctx(), { 'filter[status]': '1' })) as Record<string, unknown>;
    expect(active.totals).toEqual({ brands: 20, ranks: (19 * 20) / 2 });
    const searched = (await ranked.list(ctx(), { q: 'aarong', 'filter[status]': '1', format: 'resource' })) as Record<string, unknown>;
    // Aarong 0, 5, 10 and 15 are active; 20 is hidden.
    expect(searched.totals).toEqual({ brands: 4, ranks: 0 + 5 + 10 + 15 });
    expect((searched.meta as { total: number }).total).toBe(4);
    const none = (await ranked.list(ctx(), { q: 'nothing like it' })) as Record<string, unknown>;
    expect(none.totals).toEqual({ brands: 0, ranks: 0 });
  });

  it('gives the hook the page condition once per list, and leaves lists without totals as they were', async () => {
    seen.length = 0;
    await ranked.list(ctx(), { page: '2', per_page: '5', sort: '-sort_order' });
    expect(seen).toHaveLength(1);
    const answer = (await plain.list(ctx(), {})) as Record<string, unknown>;
    expect(answer).not.toHaveProperty('totals');
  });

  it('refuses a bad filter before computing anything', async () => {
    seen.length = 0;
    await expect(ranked.list(ctx(), { 'filter[status]': 'maybe' })).rejects.toMatchObject({ statusCode: 422 });
    expect(seen).toHaveLength(0);
  });
});
