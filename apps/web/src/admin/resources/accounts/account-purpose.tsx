import { type AccountPurposeView, accountPurposeDescriptor, formatMoney, PURPOSE_TYPE_LABELS, PURPOSE_TYPES } from '@haat/contracts';
import { Badge } from '@mantine/core';
import { phrase } from '../../../lib/phrases';
import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';

const types = PURPOSE_TYPES.map((value) => ({ value, label: PURPOSE_TYPE_LABELS[value] }));

function TypeBadge({ row }: { row: AccountPurposeView }) {
  return (
    <Badge variant="light" color={row.type === 'income' ? 'green' : 'orange'}>
      {phrase(PURPOSE_TYPE_LABELS[row.type])}
    </Badge>
  );
}

/** `/admin/account/purpose` (+ `/add`, `/edit/{id}`): what money comes in for and goes out on (decision 048). */
export default defineResource(accountPurposeDescriptor, {
  list: {
    intro: 'The names income and expenses are booked under: Rent, Electricity, Packaging, Other income…',
    columns: [
      { key: 'code', label: 'Code', sort: 'code' },
      { own: true, key: 'name', label: 'Name', render: (row) => phrase(row.name) },
      { own: true, key: 'type', label: 'Income or expense', render: (row) => <TypeBadge row={row} /> },
      { own: true, key: 'total', label: 'Booked so far', align: 'right', render: (row) => formatMoney(row.total) },
      { key: 'note', label: 'Note' },
      statusColumn,
    ],
    filters: [{ name: 'type', label: 'Income or expense', options: types }, statusFilter],
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Name or note',
    empty: 'No purposes yet. Add the things you spend on, like Rent or Electricity.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'type', label: 'Income or expense', kind: 'select', options: types, required: true, half: true, initial: 'expense' },
      { name: 'note', label: 'Note', kind: 'textarea' },
      statusField,
    ],
  },
});
