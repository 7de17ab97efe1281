import { formatMoney } from '@haat/contracts';
import { phrase } from '../../../lib/phrases';

/** Our own companies, for the forms and filters of assets, investments and directors (decision 052). */
export const ownCompanies = {
  api: '/api/admin/companies',
  query: 'filter[kind]=own&filter[status]=1&sort=name',
  label: (row: Record<string, unknown>) => String(row.name),
};

/** Active balances with what each holds now. */
export const balancesHeld = {
  api: '/api/admin/balances',
  query: 'filter[status]=1&sort=code',
  label: (row: Record<string, unknown>) => `${phrase(String(row.name))} (${formatMoney(Number(row.balance))})`,
};

export const today = () => new Date().toLocaleDateString('en-CA');
