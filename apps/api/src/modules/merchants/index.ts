import { count, eq } from 'drizzle-orm';
import { personAccounts } from '../auth';
import type { DashboardContribution } from '../dashboard';
import { merchants } from './merchant.table';

export { merchantRoutes } from './merchant.routes';
export { merchantNames } from './merchant.service';
export { countMerchantProductsWith, type MerchantProductCounts } from './product-usage';

export const merchantAccounts = personAccounts(
  'merchant',
  { ...merchants, table: merchants },
  ['active'],
  'Your merchant account is suspended. Please contact the shop.',
);

export const merchantDashboard: DashboardContribution = {
  permission: 'merchant.view',
  async cards({ db }) {
    const [row] = await db.select({ n: count() }).from(merchants).where(eq(merchants.status, 'active'));
    return [{ id: 'merchants', label: 'Active merchants', value: row?.n ?? 0, format: 'count', link: '/admin/merchant' }];
  },
};
