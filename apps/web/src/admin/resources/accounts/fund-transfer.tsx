import { formatMoney, fundTransferDescriptor } from '@haat/contracts';
import { phrase } from '../../../lib/phrases';
import { defineResource } from '../types';

const balances = { api: '/api/admin/balances', query: 'filter[status]=1&sort=code' };
/** The form's choices say what each balance holds now. */
const balancesHeld = {
  ...balances,
  label: (row: Record<string, unknown>) => `${phrase(String(row.name))} (${formatMoney(Number(row.balance))})`,
};

/** Today in the shop's calendar is what most transfers are dated; the form starts there. */
const today = () => new Date().toLocaleDateString('en-CA');

/** `/admin/found/transfer`, `/admin/found/transfer/add`: money moved between balances; never edited (decision 048). */
export default defineResource(fundTransferDescriptor, {
  list: {
    intro: 'Money moved from one balance to another. A transfer is never edited: a mistake is put right with a transfer back.',
    columns: [
      { key: 'date', label: 'Date', sort: 'date', kind: 'date' },
      { own: true, key: 'from_balance_name', label: 'From', render: (row) => phrase(row.from_balance_name) },
      { own: true, key: 'to_balance_name', label: 'To', render: (row) => phrase(row.to_balance_name) },
      { key: 'amount', label: 'Amount', sort: 'amount', kind: 'money', align: 'right' },
      { key: 'fee', label: 'Fee', kind: 'money', align: 'right' },
      { key: 'note', label: 'Note' },
      { key: 'admin_name', label: 'By' },
    ],
    filters: [{ name: 'balance_id', label: 'Balance', reference: balances }],
    searchPlaceholder: 'Note',
    empty: 'No transfers yet.',
  },
  form: {
    fields: [
      { name: 'from_balance_id', label: 'From balance', kind: 'reference', reference: balancesHeld, required: true, half: true },
      { name: 'to_balance_id', label: 'To balance', kind: 'reference', reference: balancesHeld, required: true, half: true },
      { name: 'amount', label: 'Amount', kind: 'money', required: true, half: true },
      {
        name: 'fee',
        label: 'Fee',
        kind: 'money',
        half: true,
        description: 'What the bank or wallet charged; it comes out of the balance sent from',
      },
      { name: 'date', label: 'Date', kind: 'date', required: true, half: true, initial: today() },
      { name: 'note', label: 'Note', kind: 'textarea' },
    ],
  },
});
