import { ASSET_CATEGORIES, ASSET_CATEGORY_LABELS, ASSET_STATUS_LABELS, ASSET_STATUSES, assetDescriptor } from '@haat/contracts';
import { phrase } from '../../../lib/phrases';
import { defineResource } from '../types';
import { balancesHeld, ownCompanies, today } from './own-shared';

const categories = ASSET_CATEGORIES.map((value) => ({ value, label: ASSET_CATEGORY_LABELS[value] }));
const statuses = ASSET_STATUSES.map((value) => ({ value, label: ASSET_STATUS_LABELS[value] }));

/** `/admin/company/assets`, `/add`, `/edit/{id}`: what our own companies own, and what it is worth now (decision 052). */
export default defineResource(assetDescriptor, {
  list: {
    intro:
      'Furniture, computers, vehicles and machines of your own companies. Each month that ends books its share of the cost as depreciation, down to the salvage value.',
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      { key: 'company_name', label: 'Company' },
      { key: 'category', label: 'Category', render: (row) => phrase(ASSET_CATEGORY_LABELS[row.category] ?? row.category) },
      { key: 'purchase_date', label: 'Bought on', sort: 'purchase_date', kind: 'date' },
      { key: 'purchase_value', label: 'Purchase value', sort: 'purchase_value', kind: 'money', align: 'right' },
      { key: 'accumulated_depreciation', label: 'Depreciated so far', kind: 'money', align: 'right' },
      { key: 'net_book_value', label: 'Worth now', kind: 'money', align: 'right' },
      {
        key: 'status',
        label: 'Status',
        render: (row) =>
          row.status === 'disposed' && row.disposed_on
            ? `${phrase('Disposed')} (${row.disposed_on})`
            : phrase(ASSET_STATUS_LABELS[row.status] ?? row.status),
      },
    ],
    filters: [
      { name: 'company_id', label: 'Company', reference: ownCompanies },
      { name: 'category', label: 'Category', options: categories },
      { name: 'status', label: 'Status', options: statuses },
    ],
    totals: [
      { key: 'purchase_value', label: 'Purchase value', kind: 'money' },
      { key: 'worth_now', label: 'Worth now of those in use', kind: 'money' },
    ],
    searchPlaceholder: 'Name',
    empty: 'No assets yet. Add the furniture, computers and vehicles your companies own.',
  },
  form: {
    fields: [
      { name: 'company_id', label: 'Company', kind: 'reference', reference: ownCompanies, required: true, half: true },
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'category', label: 'Category', kind: 'select', options: categories, required: true, half: true, initial: 'furniture' },
      { name: 'purchase_date', label: 'Bought on', kind: 'date', required: true, half: true, initial: today() },
      { name: 'purchase_value', label: 'Purchase value', kind: 'money', required: true, half: true },
      {
        name: 'salvage_value',
        label: 'Salvage value',
        kind: 'money',
        half: true,
        description: 'What it will still be worth at the end of its life',
      },
      {
        name: 'useful_life_months',
        label: 'Useful life in months',
        kind: 'number',
        required: true,
        half: true,
        initial: 36,
      },
      {
        name: 'balance_id',
        label: 'Paid from',
        kind: 'reference',
        reference: balancesHeld,
        half: true,
        description: 'Leave empty when it was bought on credit or was already owned',
      },
      { name: 'note', label: 'Note', kind: 'textarea' },
    ],
  },
});
