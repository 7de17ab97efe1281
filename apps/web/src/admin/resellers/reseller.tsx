import { RESELLER_STATUS_LABELS, RESELLER_STATUSES, type ResellerStatus, resellerDescriptor } from '@haat/contracts';
import { formatDate } from '../../lib/dates';
import { PasswordField } from '../resources/staff/PasswordField';
import { defineResource } from '../resources/types';
import { MoneyCell } from './MoneyCell';
import { ResellerStatusCell } from './ResellerStatusCell';

const statusOptions = RESELLER_STATUSES.map((value) => ({ value, label: RESELLER_STATUS_LABELS[value] }));

/**
 * `/admin/manage/reseller`, `/admin/add/reseller`, `/admin/edit/reseller/{id}` (PRODUCT.md §4): the
 * shop's resellers, their orders and available balance; approve or suspend from the list.
 */
export default defineResource(resellerDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      { key: 'shop_name', label: 'Shop', sort: 'shop_name' },
      { key: 'phone', label: 'Phone' },
      { key: 'referral_code', label: 'Referral code' },
      { key: 'orders_count', label: 'Orders', kind: 'number' },
      { key: 'available_balance', label: 'Balance', render: (row) => <MoneyCell paisa={Number(row.available_balance ?? 0)} /> },
      { key: 'created_at', label: 'Joined', sort: 'created_at', render: (row) => formatDate(String(row.created_at)) },
      {
        key: 'status',
        label: 'Status',
        sort: 'status',
        render: (row) => <ResellerStatusCell id={Number(row.id)} name={String(row.name)} status={row.status as ResellerStatus} />,
      },
    ],
    filters: [{ name: 'status', label: 'Status', options: statusOptions }],
    defaultSort: '-created_at',
    bulk: ['delete'],
    searchPlaceholder: 'Name, phone, email, shop or referral code',
    empty: 'No resellers yet. Resellers sign up in the reseller portal or are added here.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'phone', label: 'Phone', kind: 'text', required: true, half: true, description: 'They sign in with it, like 01712345678' },
      { name: 'email', label: 'Email', kind: 'text', half: true },
      { name: 'shop_name', label: 'Shop name', kind: 'text', half: true },
      {
        name: 'slug',
        label: 'Shop address',
        kind: 'text',
        half: true,
        description: 'Their storefront lives at /shop/{address}. Empty: made from the shop name.',
      },
      {
        name: 'status',
        label: 'Status',
        kind: 'select',
        options: statusOptions,
        initial: 'active',
        half: true,
        description: 'Approve with Active. A suspended reseller cannot sign in or place orders.',
      },
      {
        name: 'sms_quota',
        label: 'SMS quota a month',
        kind: 'number',
        // Empty (the shop default) stays empty when the form is saved, never 0.
        initial: '',
        half: true,
        description: 'SMS parts they may send to their customers each month. Empty: the shop default in the SMS API settings.',
      },
      {
        name: 'custom_host',
        label: 'Own host name',
        kind: 'text',
        half: true,
        description: 'Like shop.example.com, pointed at this server: it opens their shop at /. Empty: none.',
      },
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
