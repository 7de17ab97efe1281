import type { PublicBanner } from '@haat/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attributes, attributeValues } from './attribute.table';
import { type BANNER_POSITIONS, banners, sliders } from './banner.table';
import { brands } from './brand.table';
import { categories } from './category.table';

/**
 * Every category (by level, then in display order), brand and attribute value with its attribute:
 * what the storefront keeps in memory per catalog epoch. Three queries, one after the other.
 */
export async function catalogueRows(db: Db) {
  const categoryRows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.sortOrder), asc(categories.name), asc(categories.id));
  const brandRows = await db.select().from(brands);
  const valueRows = await db
    .select({
      id: attributeValues.id,
      attributeId: attributes.id,
      attribute: attributes.name,
      attributeOrder: attributes.sortOrder,
      attributeStatus: attributes.status,
      value: attributeValues.value,
      colorHex: attributeValues.colorHex,
      sortOrder: attributeValues.sortOrder,
    })
    .from(attributeValues)
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .orderBy(asc(attributes.sortOrder), asc(attributes.name), asc(attributeValues.sortOrder), asc(attributeValues.id));
  return { categoryRows, brandRows, valueRows };
}

/** Active banners at some positions, in their order. */
export async function activeBanners(db: Db, positions: (typeof BANNER_POSITIONS)[number][]): Promise<PublicBanner[]> {
  return db
    .select({ id: banners.id, title: banners.title, image: banners.image, link: banners.link, position: banners.position })
    .from(banners)
    .where(and(eq(banners.status, 1), inArray(banners.position, positions)))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
}

/** Active sliders in their order. */
export async function activeSliders(db: Db) {
  return db
    .select({ id: sliders.id, title: sliders.title, subtitle: sliders.subtitle, image: sliders.image, link: sliders.link })
    .from(sliders)
    .where(eq(sliders.status, 1))
    .orderBy(asc(sliders.sortOrder), asc(sliders.id));
}
