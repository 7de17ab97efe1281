import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resellerProfiles } from './portal/portal.table';
import { resellers } from './reseller.table';

/** What a reseller's customers see of them on paper: their shop's name, phone, address and logo. */
export interface ResellerBrand {
  name: string;
  phone: string;
  address: string;
  logo: string | null;
}

/**
 * The brands of these resellers, by id (their orders' invoices and parcel stickers carry them
 * instead of the shop's): the shop name (else their own name), the company phone and address
 * (else their own), the logo of their storefront.
 */
export async function resellerBrands(db: Db, resellerIds: number[]): Promise<Map<number, ResellerBrand>> {
  const ids = [...new Set(resellerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: resellers.id,
      name: resellers.name,
      shopName: resellers.shopName,
      phone: resellers.phone,
      companyName: resellerProfiles.companyName,
      companyPhone: resellerProfiles.companyPhone,
      companyAddress: resellerProfiles.companyAddress,
      address: resellerProfiles.address,
      logo: resellerProfiles.logo,
    })
    .from(resellers)
    .leftJoin(resellerProfiles, eq(resellerProfiles.resellerId, resellers.id))
    .where(inArray(resellers.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: row.shopName || row.companyName || row.name,
        phone: row.companyPhone || row.phone,
        address: row.companyAddress || row.address || '',
        logo: row.logo ?? null,
      },
    ]),
  );
}
