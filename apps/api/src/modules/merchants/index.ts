import { count, eq } from 'drizzle-orm';
import type { DashboardContribution } from '../dashboard';
import { nameMerchantsWith } from '../products';
import { merchantNames } from './merchant.service';
import { merchants } from './merchant.table';
// The merchant ledger listens to order moves (credits on delivery, reversals) from the moment merchants load.
import './money/ledger.service';

export { merchantRoutes } from './merchant.routes';
export { merchantNames } from './merchant.service';
export { merchantAccounts } from './merchant-accounts';
export { countMerchantProductsWith, type MerchantProductCounts } from './product-usage';

// Products name their merchant through this (merchants depend on products, not the other way round).
nameMerchantsWith(merchantNames);

export const merchantDashboard: DashboardContribution = {
  permission: 'merchant.view',
  async cards({ db }) {
    const [row] = await db.select({ n: count() }).from(merchants).where(eq(merchants.status, 'active'));
    return [{ id: 'merchants', label: 'Active merchants', value: row?.n ?? 0, format: 'count', link: '/admin/merchant' }];
  },
};
