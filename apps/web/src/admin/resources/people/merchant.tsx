import { merchantDescriptor } from '@haat/contracts';
import { StatementLink } from '../../merchants/StatementLink';
import { PasswordField } from '../staff/PasswordField';
import { defineResource } from '../types';

const statusLabels = { on: 'Active', off: 'Suspended' };

/** Suppliers who sell through the shop (PRODUCT.md §5); they sign in at /merchant/login. */
export default defineResource(merchantDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      { key: 'company_name', label: 'Company', sort: 'company_name' },
      { key: 'phone', label: 'Phone' },
      { key: 'email', label: 'Email' },
      { key: 'products_count', label: 'Products', kind: 'number' },
      { key: 'status', label: 'Status', kind: 'status', statusLabels },
      // The merchant's ledger: earnings, reversals and withdrawals with the balance after each.
      { key: 'statement', label: 'Statement', own: true, render: (row) => <StatementLink id={Number(row.id)} /> },
    ],
    filters: [
      {
        name: 'status',
        label: 'Status',
        options: [
          { value: '1', label: 'Active' },
          { value: '0', label: 'Suspended' },
        ],
      },
    ],
    bulk: ['delete'],
    searchPlaceholder: 'Name, phone, email or company',
    empty: 'No merchants yet. A merchant supplies products and sees their orders and earnings in the merchant portal.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'company_name', label: 'Company', kind: 'text', half: true },
      { name: 'phone', label: 'Phone', kind: 'text', required: true, half: true, description: 'They sign in with it, like 01712345678' },
      { name: 'email', label: 'Email', kind: 'text', half: true },
      { name: 'status', label: 'Status', kind: 'status', statusLabels, half: true },
      {
        name: 'password',
        label: 'Password',
        kind: 'custom',
        component: PasswordField,
        initial: '',
        half: true,
        description: 'At least 8 characters. On an edit, leave empty to keep it.',
      },
      { name: 'password_confirmation', label: 'Repeat the password', kind: 'custom', component: PasswordField, initial: '', half: true },
    ],
  },
});
