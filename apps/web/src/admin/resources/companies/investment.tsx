import { investmentDescriptor } from '@haat/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { phrase } from '../../../lib/phrases';
import { defineResource } from '../types';
import { balancesHeld, ownCompanies, today } from './own-shared';

const investors = {
  api: '/api/admin/investors',
  label: (row: Record<string, unknown>) => (row.phone ? `${row.name} (${row.phone})` : String(row.name)),
};
/** The list's filter: id and name, for whoever may see investments (the investors list needs `investor.view`). */
const investorOptions = { api: '/api/admin/investments/investors' };

/** `/admin/company/investment`, `/add`, `/edit/{id}`: money investors put into our own companies (decision 052). */
export default defineResource(investmentDescriptor, {
  list: {
    intro:
      'Money investors put into your own companies. It goes into a balance; their profit share and any money returned are paid from the investor’s page.',
    columns: [
      { key: 'date', label: 'Date', sort: 'date', kind: 'date' },
      {
        own: true,
        key: 'investor_name',
        label: 'Investor',
        render: (row) => (
          <Anchor component={Link} to={`/admin/company/investor/details/${row.investor_id}`} fz="sm">
            {row.investor_name}
          </Anchor>
        ),
      },
      { key: 'company_name', label: 'Company' },
      { key: 'amount', label: 'Amount', sort: 'amount', kind: 'money', align: 'right' },
      { key: 'profit_share', label: 'Profit share', render: (row) => `${row.profit_share}%` },
      { key: 'balance_name', label: 'Into balance', render: (row) => phrase(row.balance_name) },
      { key: 'note', label: 'Note' },
    ],
    filters: [
      { name: 'company_id', label: 'Company', reference: ownCompanies },
      { name: 'investor_id', label: 'Investor', reference: investorOptions },
    ],
    searchPlaceholder: 'Investor, phone or note',
    empty: 'No investments yet.',
  },
  form: {
    fields: [
      { name: 'company_id', label: 'Company', kind: 'reference', reference: ownCompanies, required: true, half: true },
      {
        name: 'investor_id',
        label: 'Investor',
        kind: 'reference',
        reference: investors,
        half: true,
        description: 'Choose one, or leave empty and fill in a new investor below',
      },
      { name: 'investor_name', label: 'New investor name', kind: 'text', half: true },
      { name: 'investor_phone', label: 'New investor phone', kind: 'text', half: true },
      { name: 'investor_national_id', label: 'New investor national ID', kind: 'text', half: true },
      { name: 'investor_address', label: 'New investor address', kind: 'text', half: true },
      { name: 'amount', label: 'Amount', kind: 'money', required: true, half: true },
      { name: 'date', label: 'Date', kind: 'date', required: true, half: true, initial: today() },
      { name: 'balance_id', label: 'Into balance', kind: 'reference', reference: balancesHeld, required: true, half: true },
      {
        name: 'profit_share',
        label: 'Profit share (%)',
        kind: 'number',
        half: true,
        description: 'The share of profit agreed for this money',
      },
      { name: 'note', label: 'Note', kind: 'textarea' },
    ],
  },
});
