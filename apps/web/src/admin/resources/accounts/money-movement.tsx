import { creditDescriptor, debitDescriptor, formatMoney } from '@haat/contracts';
import { phrase } from '../../../lib/phrases';
import { defineResource } from '../types';

const balances = { api: '/api/admin/balances', query: 'filter[status]=1&sort=code' };
/** The form's choices say what each balance holds now. */
const balancesHeld = {
  ...balances,
  label: (row: Record<string, unknown>) => `${phrase(String(row.name))} (${formatMoney(Number(row.balance))})`,
};
const purposes = (type: 'income' | 'expense') => ({
  api: '/api/admin/account-purposes',
  query: `filter[status]=1&filter[type]=${type}&sort=name`,
  label: (row: Record<string, unknown>) => phrase(String(row.name)),
});

const today = () => new Date().toLocaleDateString('en-CA');

/**
 * Money in (`/admin/credit`) and money out (`/admin/debit`), with their `/add` and `/edit/{id}`: one
 * declaration differing by direction (decision 048). Money out never takes a balance below zero unless
 * the balance allows it.
 */
function movement(descriptor: typeof creditDescriptor | typeof debitDescriptor, into: boolean) {
  const purpose = purposes(into ? 'income' : 'expense');
  return defineResource(descriptor, {
    list: {
      intro: into
        ? 'Money received with a purpose: it goes into a balance and counts as income. An edit or delete is booked as a correction.'
        : 'Money paid out with a purpose: it comes out of a balance and counts as an expense. An edit or delete is booked as a correction.',
      columns: [
        { key: 'date', label: 'Date', sort: 'date', kind: 'date' },
        { own: true, key: 'purpose_name', label: 'Purpose', render: (row) => phrase(row.purpose_name) },
        {
          own: true,
          key: 'balance_name',
          label: into ? 'Into balance' : 'From balance',
          render: (row) => phrase(row.balance_name),
        },
        { key: 'amount', label: 'Amount', sort: 'amount', kind: 'money', align: 'right' },
        { key: 'party', label: into ? 'Received from' : 'Paid to' },
        { key: 'reference', label: 'Reference' },
        { key: 'note', label: 'Note' },
        { key: 'admin_name', label: 'By' },
      ],
      filters: [
        { name: 'purpose_id', label: 'Purpose', reference: purpose },
        { name: 'balance_id', label: 'Balance', reference: balances },
      ],
      searchPlaceholder: 'Name, reference or note',
      empty: into ? 'No money received yet.' : 'No money paid out yet.',
    },
    form: {
      fields: [
        { name: 'date', label: 'Date', kind: 'date', required: true, half: true, initial: today() },
        { name: 'purpose_id', label: 'Purpose', kind: 'reference', reference: purpose, required: true, half: true },
        {
          name: 'balance_id',
          label: into ? 'Into balance' : 'From balance',
          kind: 'reference',
          reference: balancesHeld,
          required: true,
          half: true,
        },
        { name: 'amount', label: 'Amount', kind: 'money', required: true, half: true },
        { name: 'party', label: into ? 'Received from' : 'Paid to', kind: 'text', half: true },
        { name: 'reference', label: 'Reference', kind: 'text', half: true, description: 'Receipt, invoice or transaction number' },
        { name: 'note', label: 'Note', kind: 'textarea' },
      ],
    },
  });
}

export const credit = movement(creditDescriptor, true);
export const debit = movement(debitDescriptor, false);
