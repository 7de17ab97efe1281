import { BALANCE_KIND_LABELS, BALANCE_KINDS, type BalanceAccountView, balanceAccountDescriptor, formatMoney } from '@haat/contracts';
import { Text } from '@mantine/core';
import { phrase } from '../../../lib/phrases';
import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';

const kinds = BALANCE_KINDS.map((value) => ({ value, label: BALANCE_KIND_LABELS[value] }));

/** What a balance holds now; below zero (an overdraft) in red. */
function HeldCell({ row }: { row: BalanceAccountView }) {
  return (
    <Text fz="sm" fw={600} c={row.balance < 0 ? 'red' : undefined}>
      {formatMoney(row.balance)}
    </Text>
  );
}

/** `/admin/balance`, `/admin/balance/add`, `/admin/balance/edit/{id}`: cash, bank and wallet accounts (decision 048). */
export default defineResource(balanceAccountDescriptor, {
  list: {
    intro: 'Where the shop keeps its money. Each balance changes only through what is received, paid and transferred.',
    columns: [
      { key: 'code', label: 'Code', sort: 'code' },
      { own: true, key: 'name', label: 'Name', render: (row) => phrase(row.name) },
      { key: 'kind', label: 'Kind', render: (row) => phrase(BALANCE_KIND_LABELS[row.kind] ?? String(row.kind)) },
      { key: 'provider', label: 'Bank or provider' },
      { key: 'account_number', label: 'Account number' },
      { key: 'opening_balance', label: 'Opening balance', kind: 'money', align: 'right' },
      { own: true, key: 'balance', label: 'Balance now', align: 'right', render: (row) => <HeldCell row={row} /> },
      { key: 'allow_overdraft', label: 'May go below zero', kind: 'boolean' },
      statusColumn,
    ],
    filters: [{ name: 'kind', label: 'Kind', options: kinds }, statusFilter],
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Name, bank or account number',
    empty: 'No balances yet. Add your cash box, bank accounts and mobile wallets.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'kind', label: 'Kind', kind: 'select', options: kinds, required: true, half: true, initial: 'cash' },
      { name: 'provider', label: 'Bank or provider', kind: 'text', half: true, description: 'Bank and branch, or bKash, Nagad, Rocket' },
      { name: 'account_number', label: 'Account number', kind: 'text', half: true },
      {
        name: 'opening_balance',
        label: 'Opening balance',
        kind: 'money',
        half: true,
        description: 'What it held when you started using Haat; a change later is booked as a correction',
      },
      { name: 'opening_date', label: 'Opening date', kind: 'date', half: true },
      {
        name: 'allow_overdraft',
        label: 'May go below zero',
        kind: 'switch',
        description: 'Only for an overdraft or credit line: otherwise a payment larger than the balance is refused',
      },
      { name: 'note', label: 'Note', kind: 'textarea' },
      statusField,
    ],
  },
});
