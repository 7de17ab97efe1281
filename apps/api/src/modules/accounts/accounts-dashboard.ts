import type { DashboardContribution } from '../dashboard';
import { moneyPosition } from './ledger-report.service';

/**
 * The dashboard's money cards (decision 053): cash in hand, banks and wallets, what couriers owe and what
 * the shop owes (suppliers, resellers, merchants). Only for those who may read the account report.
 */
export const accountsDashboard: DashboardContribution = {
  permission: 'accounts.report.view',
  cards: async ({ db }) => {
    const money = await moneyPosition({ db });
    const payable = money.payable.reduce((sum, row) => sum + row.amount, 0);
    return [
      { id: 'money-cash', label: 'Cash in hand', value: money.cash, format: 'money', link: '/admin/balance' },
      { id: 'money-banks', label: 'Banks and wallets', value: money.banks, format: 'money', link: '/admin/balance' },
      {
        id: 'money-courier-receivable',
        label: 'Receivable from couriers',
        value: money.courierReceivable,
        format: 'money',
        link: '/admin/courier/receivable',
      },
      {
        id: 'money-payable',
        label: 'Payable',
        value: payable,
        format: 'money',
        link: '/admin/account/report?tab=balance_sheet',
        breakdown: money.payable.map((row) => ({ label: row.name, value: row.amount, link: '/admin/account/report?tab=balance_sheet' })),
      },
    ];
  },
};
