import { z } from 'zod';
import { resourceOf } from '../../../http/resource';
import { resellers } from '../reseller.table';
import { requireReseller } from './guard';

/** `/dropshipper/refer/list`: resellers who signed up with the signed-in reseller's referral code. */
export const referralResource = resourceOf({
  label: 'referred reseller',
  path: '/api/reseller/refer/list',
  permission: 'reseller.referral',
  owner: { column: resellers.referredBy, session: async (request) => (await requireReseller(request)).account.id },
  readOnly: true,
  table: resellers,
  id: resellers.id,
  input: z.object({}),
  search: [resellers.name, resellers.shopName],
  sort: { joined_at: resellers.createdAt, name: resellers.name },
  defaultSort: '-joined_at',
  filters: { status: { column: resellers.status, schema: z.enum(['pending', 'active', 'suspended']) } },
  toValues: () => ({}),
  // Only what the referrer may know of the people they brought in.
  toViews: async (_ctx, rows) =>
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      shop_name: row.shopName,
      status: row.status,
      joined_at: (row.createdAt as Date).toISOString(),
    })),
});
