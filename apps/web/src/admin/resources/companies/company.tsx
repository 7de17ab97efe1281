import { COMPANY_KIND_LABELS, COMPANY_KINDS, type CompanyView, companyDescriptor, formatMoney } from '@haat/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { phrase } from '../../../lib/phrases';
import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';

const kinds = COMPANY_KINDS.map((value) => ({ value, label: COMPANY_KIND_LABELS[value] }));

/** What a buyer owes us, linked to its statement (decision 039). */
function DueCell({ row }: { row: CompanyView }) {
  return (
    <Anchor component={Link} to={`/admin/company/sale/details/${row.id}`} fz="sm" fw={row.due > 0 ? 600 : undefined}>
      {formatMoney(row.due)}
    </Anchor>
  );
}

/** `/admin/company`, `/admin/add/company`, `/admin/edit/company/{id}`: buyers on credit and our own businesses. */
export default defineResource(companyDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      { key: 'kind', label: 'Kind', render: (row) => phrase(COMPANY_KIND_LABELS[row.kind] ?? String(row.kind)) },
      { key: 'contact_person', label: 'Contact person' },
      { key: 'phone', label: 'Phone' },
      { key: 'sales_count', label: 'Sales', kind: 'number' },
      { own: true, key: 'due', label: 'Due', align: 'right', render: (row) => <DueCell row={row} /> },
      statusColumn,
    ],
    filters: [{ name: 'kind', label: 'Kind', options: kinds }, statusFilter],
    defaultSort: 'name',
    bulk: ['publish', 'unpublish', 'delete'],
    import: {
      columns: ['id', 'name', 'kind', 'contact_person', 'phone', 'email', 'address', 'opening_balance', 'credit_limit', 'status'],
      example: [['', 'Dhaka Corporate Gifts Ltd', 'buyer', 'Nasrin Akter', '01811223344', '', 'Dhanmondi, Dhaka', '0', '0', '1']],
      help: 'A line with a known id or name updates that company; the others are added. Money is in paisa.',
    },
    searchPlaceholder: 'Name, contact person or phone',
    empty: 'No companies yet. Add the businesses that buy from you on credit.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'kind', label: 'Kind', kind: 'select', options: kinds, required: true, half: true, initial: 'buyer' },
      { name: 'contact_person', label: 'Contact person', kind: 'text', half: true },
      { name: 'phone', label: 'Phone', kind: 'text', half: true },
      { name: 'email', label: 'Email', kind: 'text', half: true },
      {
        name: 'opening_balance',
        label: 'Opening balance',
        kind: 'money',
        half: true,
        description: 'What they owed you when you started using Haat; negative if you owed them',
      },
      {
        name: 'credit_limit',
        label: 'Credit limit',
        kind: 'money',
        half: true,
        description: 'The most they may owe you; 0 for no limit',
      },
      { name: 'address', label: 'Address', kind: 'textarea' },
      statusField,
    ],
  },
});
