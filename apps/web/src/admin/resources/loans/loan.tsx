import {
  formatMoney,
  LOAN_DIRECTION_LABELS,
  LOAN_DIRECTIONS,
  LOAN_INTEREST_METHOD_LABELS,
  LOAN_INTEREST_METHODS,
  type LoanView,
  loanDescriptor,
} from '@haat/contracts';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { phrase } from '../../../lib/phrases';
import { defineResource } from '../types';

const directions = LOAN_DIRECTIONS.map((value) => ({ value, label: LOAN_DIRECTION_LABELS[value] }));
const methods = LOAN_INTEREST_METHODS.map((value) => ({ value, label: LOAN_INTEREST_METHOD_LABELS[value] }));
const balancesHeld = {
  api: '/api/admin/balances',
  query: 'filter[status]=1&sort=code',
  label: (row: Record<string, unknown>) => `${phrase(String(row.name))} (${formatMoney(Number(row.balance))})`,
};
const loaners = { api: '/api/admin/loaners', query: 'sort=name' };
const today = () => new Date().toLocaleDateString('en-CA');

function DirectionBadge({ row }: { row: LoanView }) {
  return (
    <Badge variant="light" color={row.direction === 'taken' ? 'orange' : 'blue'}>
      {phrase(row.direction === 'taken' ? 'Taken' : 'Given')}
    </Badge>
  );
}

/** The next instalment and, when one is past its date, an overdue badge with what is late. */
function NextDue({ row }: { row: LoanView }) {
  if (row.reversed_at) {
    return (
      <Badge color="gray" variant="outline" title={row.reversal_reason ?? undefined}>
        {phrase('Reversed')}
      </Badge>
    );
  }
  if (!row.next_due_date) return <Badge color="green">{phrase('Repaid')}</Badge>;
  return (
    <Stack gap={2}>
      <Text fz="sm">
        {formatDate(row.next_due_date)}: {formatMoney(row.next_due_amount)}
      </Text>
      {row.overdue && (
        <Group gap={4}>
          <Badge color="red">{phrase('Overdue')}</Badge>
          <Text fz="xs" c="red">
            {formatMoney(row.overdue_amount)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/**
 * `/admin/loan/manage`, `/admin/loan/add`, `/admin/loan/edit/{id}`: loans taken and given. An edit is a
 * correction: the API reverses the loan's entry and posts the right one, and shares its repayments out
 * over the new schedule (decision 051); a loan is reversed on its lender's or borrower's page.
 */
export default defineResource(loanDescriptor, {
  list: {
    intro:
      'Money the shop borrowed and money it lent, with what is still owed and what falls due next. Interest is flat (the yearly rate on the whole amount, spread over the months) or on the reducing balance (on what is still owed each month).',
    columns: [
      { key: 'date', label: 'Date', sort: 'date', kind: 'date' },
      {
        own: true,
        key: 'loaner_name',
        label: 'Lender or borrower',
        render: (row) => (
          <Anchor component={Link} to={`/admin/loaner/details/${row.loaner_id}`}>
            {row.loaner_name}
          </Anchor>
        ),
      },
      { own: true, key: 'direction', label: 'Kind', render: (row) => <DirectionBadge row={row} /> },
      { key: 'principal', label: 'Amount', sort: 'principal', kind: 'money', align: 'right' },
      {
        own: true,
        key: 'interest_rate',
        label: 'Interest a year',
        align: 'right',
        render: (row) => `${row.interest_rate}% ${phrase(LOAN_INTEREST_METHOD_LABELS[row.interest_method]).toLowerCase()}`,
      },
      { key: 'term_months', label: 'Months', kind: 'number', align: 'right' },
      { key: 'outstanding', label: 'Still owed', kind: 'money', align: 'right' },
      { own: true, key: 'next_due_date', label: 'Next due', render: (row) => <NextDue row={row} /> },
      { own: true, key: 'balance_name', label: 'Balance', render: (row) => phrase(row.balance_name) },
    ],
    filters: [
      { name: 'direction', label: 'Kind', options: directions },
      {
        name: 'overdue',
        label: 'Overdue',
        options: [
          { value: '1', label: 'Overdue' },
          { value: '0', label: 'Not overdue' },
        ],
      },
      { name: 'loaner_id', label: 'Lender or borrower', reference: loaners },
    ],
    searchPlaceholder: 'Lender, borrower or note',
    empty: 'No loans yet.',
  },
  form: {
    fields: [
      { name: 'direction', label: 'Kind', kind: 'select', options: directions, required: true, half: true, initial: 'taken' },
      {
        name: 'loaner_id',
        label: 'Lender or borrower',
        kind: 'reference',
        reference: loaners,
        half: true,
        description: 'Choose one you have dealt with, or fill in a new one below',
      },
      {
        name: 'loaner_name',
        label: 'New lender or borrower: name',
        kind: 'text',
        half: true,
        description: 'A bank, a person or a business',
      },
      { name: 'loaner_phone', label: 'Phone', kind: 'text', half: true },
      { name: 'loaner_organisation', label: 'Organisation', kind: 'text', half: true },
      { name: 'loaner_national_id', label: 'National ID', kind: 'text', half: true },
      { name: 'loaner_address', label: 'Address', kind: 'textarea' },
      { name: 'principal', label: 'Amount', kind: 'money', required: true, half: true },
      { name: 'date', label: 'Date', kind: 'date', required: true, half: true, initial: today() },
      {
        name: 'balance_id',
        label: 'Balance',
        kind: 'reference',
        reference: balancesHeld,
        required: true,
        half: true,
        description: 'Where a loan taken came into, or where a loan given went out from',
      },
      {
        name: 'interest_rate',
        label: 'Interest a year (%)',
        // Text, not number: a rate like 12.5 has decimals; the contract reads it as a number.
        kind: 'text',
        half: true,
        initial: '0',
        description: 'A yearly rate, e.g. 12.5',
      },
      {
        name: 'interest_method',
        label: 'Interest method',
        kind: 'select',
        options: methods,
        required: true,
        half: true,
        initial: 'flat',
        description: 'Flat: on the whole amount for the whole term. Reducing balance: on what is still owed each month, equal instalments.',
      },
      { name: 'term_months', label: 'Term in months', kind: 'number', required: true, half: true, initial: 12 },
      { name: 'first_due_date', label: 'First instalment due on', kind: 'date', required: true, half: true },
      { name: 'note', label: 'Note', kind: 'textarea' },
    ],
  },
});
