import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pages } from './page.table';

/** A published page by slug: its title, slug and body. */
export async function publishedPage(db: Db, slug: string) {
  const [page] = await db
    .select({ title: pages.title, slug: pages.slug, body: pages.body })
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.status, 1)));
  return page;
}

/** Slugs and last changes of the published pages, in their order. */
export async function publishedPageAddresses(db: Db) {
  return db
    .select({ slug: pages.slug, updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.status, 1))
    .orderBy(asc(pages.sortOrder), asc(pages.id));
}
