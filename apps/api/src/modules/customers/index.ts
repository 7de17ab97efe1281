import { count } from 'drizzle-orm';
import { personAccounts } from '../auth';
import { type DashboardContribution, dailyCounts } from '../dashboard';
import { customers } from './customer.table';

export { customerRoutes, requireCustomer } from './customer.routes';
export { findOrCreateCustomerByPhone, findOrCreateCustomersByPhone, rememberCustomerPhone } from './customer-account.service';
export { type CustomerSignedInListener, customerSignedIn, onCustomerSignedIn } from './customer-sign-in';
export { socialSignInRoutes } from './social-sign-in.routes';

export const customerAccounts = personAccounts(
  'user',
  { ...customers, table: customers },
  ['active'],
  'This account is blocked. Please contact the shop.',
);

export const customerDashboard: DashboardContribution = {
  permission: 'customer.view',
  async cards({ db }) {
    const [row] = await db.select({ n: count() }).from(customers);
    return [{ id: 'customers', label: 'Customers', value: row?.n ?? 0, format: 'count', link: '/admin/customer/list' }];
  },
  async charts(scope) {
    return [
      {
        id: 'customer-signups',
        label: 'New customers, last 30 days',
        link: '/admin/customer/list',
        series: [{ name: 'Customers', points: await dailyCounts(scope, customers, customers.createdAt) }],
      },
    ];
  },
};
export { type CustomerListBinding, customerListBinding } from './customer-list';
export { customerByPhone, preferredAddress } from './customer-lookup.service';
export { customerName } from './customer-name.service';
