import { type ResellerShopCategoryChoice, resellerShopCategoriesInput } from '@haat/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { invalid, notFound } from '../../../http/errors';
import { publishedTopCategories } from '../../catalog';
import { resellerShopCategories, resellerShopPages } from './shop.table';

/** `/dropshipper/categories`: every top-level category, each marked shown or not (all shown while none is chosen). */
export async function shopCategoryChoices(db: Db, resellerId: number): Promise<{ data: ResellerShopCategoryChoice[]; all_shown: boolean }> {
  const rows = await publishedTopCategories(db);
  const chosen = new Set(await chosenCategoryIds(db, resellerId));
  const all = chosen.size === 0;
  return { data: rows.map((row) => ({ id: row.id, name: row.name, shown: all || chosen.has(row.id) })), all_shown: all };
}

export async function chosenCategoryIds(db: Db, resellerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: resellerShopCategories.categoryId })
    .from(resellerShopCategories)
    .where(eq(resellerShopCategories.resellerId, resellerId));
  return rows.map((row) => row.id);
}

/** Saves the categories the shop shows (replacing the earlier choice) in one transaction; unknown ids are refused. */
export async function saveShopCategories(db: Db, resellerId: number, body: unknown) {
  const input = resellerShopCategoriesInput.parse(body);
  const ids = [...new Set(input.category_ids)];
  if (ids.length > 0) {
    const known = await publishedTopCategories(db, ids);
    if (known.length !== ids.length) throw invalid('category_ids', 'Choose only categories from the list.');
  }
  await db.transaction(async (tx) => {
    await tx.delete(resellerShopCategories).where(eq(resellerShopCategories.resellerId, resellerId));
    if (ids.length > 0) await tx.insert(resellerShopCategories).values(ids.map((categoryId) => ({ resellerId, categoryId })));
  });
  return shopCategoryChoices(db, resellerId);
}

/** A page of an active shop by its address, for `/shop/{slug}/page/{page}`. */
export async function publicShopPage(db: Db, resellerId: number, slug: string) {
  const [row] = await db
    .select({ title: resellerShopPages.title, slug: resellerShopPages.slug, content: resellerShopPages.content })
    .from(resellerShopPages)
    .where(and(eq(resellerShopPages.resellerId, resellerId), eq(resellerShopPages.slug, slug.slice(0, 80))));
  if (!row) throw notFound('This page');
  return row;
}
