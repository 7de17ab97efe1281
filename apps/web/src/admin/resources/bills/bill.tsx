import { BILL_RECURRENCE_LABELS, BILL_RECURRENCES, type BillView, billDescriptor } from '@haat/contracts';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { phrase } from '../../../lib/phrases';
import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';

const recurrences = BILL_RECURRENCES.map((value) => ({ value, label: BILL_RECURRENCE_LABELS[value] }));
const purposes = {
  api: '/api/admin/account-purposes',
  query: 'filter[status]=1&filter[type]=expense&sort=name',
  label: (row: Record<string, unknown>) => phrase(String(row.name)),
};
const today = () => new Date().toLocaleDateString('en-CA');

function NextDue({ row }: { row: BillView }) {
  return (
    <Group gap={6}>
      <Text fz="sm">{row.next_due_date ? formatDate(row.next_due_date) : '—'}</Text>
      {row.overdue && <Badge color="red">{phrase('Overdue')}</Badge>}
    </Group>
  );
}

/** `/admin/bill/statement` (+ `/add`, `/edit/{id}`): recurring bills with their next due date and what is due (decision 051). */
export default defineResource(billDescriptor, {
  list: {
    intro: 'Rent, electricity, internet and other bills that come again and again. Open a bill to record a month’s bill and pay it.',
    columns: [
      {
        own: true,
        key: 'name',
        label: 'Bill',
        render: (row) => (
          <Anchor component={Link} to={`/admin/bill/statement/details/${row.id}`}>
            {row.name}
          </Anchor>
        ),
      },
      { key: 'payee', label: 'Paid to' },
      { own: true, key: 'purpose_name', label: 'Expense of', render: (row) => phrase(row.purpose_name) },
      { key: 'usual_amount', label: 'Usual amount', sort: 'usual_amount', kind: 'money', align: 'right' },
      { own: true, key: 'recurrence', label: 'Comes', render: (row) => phrase(BILL_RECURRENCE_LABELS[row.recurrence]) },
      { own: true, key: 'next_due_date', label: 'Next due', render: (row) => <NextDue row={row} /> },
      { key: 'due', label: 'Due', kind: 'money', align: 'right' },
      statusColumn,
    ],
    filters: [
      { name: 'recurrence', label: 'Comes', options: recurrences },
      { name: 'purpose_id', label: 'Expense of', reference: purposes },
      statusFilter,
    ],
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Bill, payee or note',
    empty: 'No bills yet. Add the shop’s rent, electricity and internet.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Bill', kind: 'text', required: true, half: true, description: 'Rent, Electricity, Internet…' },
      { name: 'payee', label: 'Paid to', kind: 'text', half: true, description: 'Landlord, DESCO, the internet provider…' },
      {
        name: 'purpose_id',
        label: 'Expense of',
        kind: 'reference',
        reference: purposes,
        half: true,
        description: '“Rent and bills” when left empty',
      },
      { name: 'usual_amount', label: 'Usual amount', kind: 'money', required: true, half: true },
      { name: 'recurrence', label: 'Comes', kind: 'select', options: recurrences, required: true, half: true, initial: 'monthly' },
      {
        name: 'due_day',
        label: 'Due on day',
        kind: 'number',
        required: true,
        half: true,
        initial: 10,
        description: 'Day of the month, 1 to 31',
      },
      { name: 'start_date', label: 'Start date', kind: 'date', required: true, half: true, initial: today() },
      { name: 'note', label: 'Note', kind: 'textarea' },
      statusField,
    ],
  },
});
