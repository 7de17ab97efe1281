import { count } from 'drizzle-orm';
import { personAccounts } from '../auth';
import { type DashboardContribution, dailyCounts } from '../dashboard';
import { resellers } from './reseller.table';

export const resellerAccounts = personAccounts(
  'reseller',
  { ...resellers, table: resellers },
  ['active'],
  'Your reseller account is not active. It may be waiting for approval or suspended; please contact the shop.',
);

export const resellerDashboard: DashboardContribution = {
  permission: 'reseller.view',
  async cards({ db }) {
    const rows = await db.select({ status: resellers.status, n: count() }).from(resellers).groupBy(resellers.status);
    const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
    return [
      { id: 'resellers-active', label: 'Active resellers', value: of('active'), format: 'count', link: '/admin/manage/reseller' },
      {
        id: 'resellers-pending',
        label: 'Resellers awaiting approval',
        value: of('pending'),
        format: 'count',
        link: '/admin/manage/reseller?filter[status]=pending',
      },
    ];
  },
  async charts(scope) {
    return [
      {
        id: 'reseller-signups',
        label: 'New resellers, last 30 days',
        link: '/admin/manage/reseller',
        series: [{ name: 'Resellers', points: await dailyCounts(scope, resellers, resellers.createdAt) }],
      },
    ];
  },
};
export { type ResellerBrand, resellerBrands } from './reseller-brand';
export { type ResellerShopHome, resellerShopHome } from './reseller-shop-home';
