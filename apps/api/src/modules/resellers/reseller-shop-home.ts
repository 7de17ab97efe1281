import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resellers } from './reseller.table';

/** A reseller's shop as their customers reach it: its path on the shop's host, its own host name if any, its name. */
export interface ResellerShopHome {
  slug: string;
  /** `/shop/{slug}`: the shop on the main host. */
  path: string;
  /** The reseller's own host name (`rina.example.com`), where the shop is at `/`. */
  customHost: string | null;
  /** The shop's name (else the reseller's own name). */
  name: string;
}

/**
 * The shop of an active reseller, for links their customers are sent (a pay link, decision 062): a
 * reseller's customer must land in the reseller's shop, never the wholesale shop's storefront. Null for
 * no such reseller or one not active (their shop is closed: the storefront's links stand in).
 */
export async function resellerShopHome(db: Db, resellerId: number | null): Promise<ResellerShopHome | null> {
  if (resellerId === null) return null;
  const [row] = await db
    .select({ slug: resellers.slug, customHost: resellers.customHost, shopName: resellers.shopName, name: resellers.name })
    .from(resellers)
    .where(and(eq(resellers.id, resellerId), eq(resellers.status, 'active')));
  if (!row) return null;
  return { slug: row.slug, path: `/shop/${row.slug}`, customHost: row.customHost || null, name: row.shopName.trim() || row.name };
}
