import { type ResellerShopSlider, resellerShopSliderInput } from '@haat/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { notFound } from '../../../http/errors';
import { resellerShopSliders } from './shop.table';

type SliderRow = typeof resellerShopSliders.$inferSelect;

const view = (row: SliderRow): ResellerShopSlider => ({
  id: row.id,
  image: row.image,
  title: row.title,
  link: row.link,
  sort_order: row.sortOrder,
  status: row.status,
});

const values = (body: unknown) => {
  const input = resellerShopSliderInput.parse(body);
  return { image: input.image, title: input.title, link: input.link, sortOrder: input.sort_order, status: input.status };
};

/** `/dropshipper/slider`: the reseller's slides in their order. */
export async function shopSliders(db: Db, resellerId: number): Promise<{ data: ResellerShopSlider[] }> {
  const rows = await db
    .select()
    .from(resellerShopSliders)
    .where(eq(resellerShopSliders.resellerId, resellerId))
    .orderBy(asc(resellerShopSliders.sortOrder), asc(resellerShopSliders.id));
  return { data: rows.map(view) };
}

/** The shown slides of a shop, for its home page. */
export async function publicShopSliders(db: Db, resellerId: number) {
  return db
    .select({
      id: resellerShopSliders.id,
      image: resellerShopSliders.image,
      title: resellerShopSliders.title,
      link: resellerShopSliders.link,
    })
    .from(resellerShopSliders)
    .where(and(eq(resellerShopSliders.resellerId, resellerId), eq(resellerShopSliders.status, 1)))
    .orderBy(asc(resellerShopSliders.sortOrder), asc(resellerShopSliders.id));
}

/** One of the reseller's slides; another reseller's is not found. */
export async function shopSlider(db: Db, resellerId: number, id: number): Promise<ResellerShopSlider> {
  const [row] = await db
    .select()
    .from(resellerShopSliders)
    .where(and(eq(resellerShopSliders.id, id), eq(resellerShopSliders.resellerId, resellerId)));
  if (!row) throw notFound('This slide');
  return view(row);
}

export async function createShopSlider(db: Db, resellerId: number, body: unknown): Promise<ResellerShopSlider> {
  const [row] = await db
    .insert(resellerShopSliders)
    .values({ resellerId, ...values(body) })
    .returning();
  return view(row as SliderRow);
}

export async function updateShopSlider(db: Db, resellerId: number, id: number, body: unknown): Promise<ResellerShopSlider> {
  await shopSlider(db, resellerId, id);
  const [row] = await db
    .update(resellerShopSliders)
    .set({ ...values(body), updatedAt: new Date() })
    .where(and(eq(resellerShopSliders.id, id), eq(resellerShopSliders.resellerId, resellerId)))
    .returning();
  return view(row as SliderRow);
}
