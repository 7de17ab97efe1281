import { type InstalmentState, LOAN_DIRECTION_LABELS, LOAN_INTEREST_METHOD_LABELS, type LoanerDetail } from '@haat/contracts';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { TableScroll } from '../../ui/TableScroll';
import { useMoney } from '../purchasing/PurchaseForm';
import { TotalCards } from '../reports/report-kit';
import { useCan } from '../useAdmin';
import { balanceReference, EditMoneyEventButton, MoneyEventForm, todayInShop } from './MoneyEventForm';
import { ReverseButton, ReversedBadge, reversedStyle } from './ReverseButton';

const STATE: Record<InstalmentState, { label: string; color: string }> = {
  due: { label: 'Due', color: 'gray' },
  overdue: { label: 'Overdue', color: 'red' },
  paid: { label: 'Paid', color: 'green' },
};

type Loan = LoanerDetail['loans'][number];

/** `/admin/loaner/details/{id}`: a lender's or borrower's loans, each with its schedule, repayments and what is still owed. */
export default function LoanerDetails() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const { id } = useParams();
  const { data, error } = useQuery({
    queryKey: ['loaner-details', id],
    queryFn: () => get<{ data: LoanerDetail }>(`/api/admin/loaners/${id}/details`).then((answer) => answer.data),
  });
  if (error) return <Alert color="red">{phrase(error.message)}</Alert>;
  if (!data) return null;
  const { loaner } = data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h3">
          {loaner.name}
        </Title>
        <Group>
          <Button variant="light" component={Link} to="/admin/loan/manage">
            {phrase('All loans')}
          </Button>
          {can('loan.update') && (
            <Button variant="default" component={Link} to={`/admin/loaner/edit/${loaner.id}`}>
              {phrase('Edit details')}
            </Button>
          )}
          {can('loan.create') && (
            <Button component={Link} to="/admin/loan/add">
              {phrase('Add loan')}
            </Button>
          )}
        </Group>
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Text>
            {phrase('Phone')}: <strong>{loaner.phone || '—'}</strong>
          </Text>
          <Text>
            {phrase('Organisation')}: <strong>{loaner.organisation || '—'}</strong>
          </Text>
          <Text>
            {phrase('National ID')}: <strong>{loaner.national_id || '—'}</strong>
          </Text>
          <Text>
            {phrase('Address')}: <strong>{loaner.address || '—'}</strong>
          </Text>
        </SimpleGrid>
      </Card>
      <TotalCards
        cards={[
          { label: phrase('We owe'), value: money(loaner.we_owe) },
          { label: phrase('They owe us'), value: money(loaner.they_owe) },
          { label: phrase('Open loans'), value: String(loaner.loans) },
        ]}
      />
      {data.loans.length === 0 && <Text c="dimmed">{phrase('No loans with them yet.')}</Text>}
      {data.loans.map((loan) => (
        <LoanCard key={loan.id} loan={loan} />
      ))}
    </Stack>
  );
}

function LoanCard({ loan }: { loan: Loan }) {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const taken = loan.direction === 'taken';
  const reversed = Boolean(loan.reversed_at);
  const standing = loan.repayments.filter((each) => !each.reversed_at);
  const title = phrase('{{kind}} on {{date}}: {{amount}}', {
    kind: phrase(LOAN_DIRECTION_LABELS[loan.direction]),
    date: formatDate(loan.date),
    amount: money(loan.principal),
  });
  const balanceField = {
    name: 'balance_id',
    label: taken ? 'Paid from balance' : 'Received into balance',
    kind: 'reference' as const,
    reference: balanceReference(phrase, money),
    required: true,
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4" style={reversedStyle(loan)}>
            {title}
          </Title>
          <Group gap="xs">
            <ReversedBadge row={loan} />
            {!reversed && loan.overdue && (
              <Badge color="red">{phrase('Overdue: {{amount}}', { amount: money(loan.overdue_amount) })}</Badge>
            )}
            {!reversed && loan.outstanding === 0 && <Badge color="green">{phrase('Repaid')}</Badge>}
            {!reversed && can('loan.update') && (
              <Button size="xs" variant="default" component={Link} to={`/admin/loan/edit/${loan.id}`}>
                {phrase('Edit loan')}
              </Button>
            )}
            {!reversed && standing.length === 0 && can('loan.delete') && (
              <ReverseButton
                url={`/api/admin/loans/${loan.id}/reverse`}
                what={title}
                effect={phrase(
                  taken
                    ? 'The money goes back out of the balance it came into, and the loan and its schedule no longer count. It stays listed as reversed.'
                    : 'The money comes back into the balance it went out from, and the loan and its schedule no longer count. It stays listed as reversed.',
                )}
              />
            )}
          </Group>
        </Group>
        {reversed && (
          <Text fz="sm" c="dimmed">
            {phrase('Reversed on {{date}} by {{name}}: {{reason}}', {
              date: formatDate(String(loan.reversed_at).slice(0, 10)),
              name: loan.reversed_by ?? '—',
              reason: loan.reversal_reason ?? '',
            })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
          <Text fz="sm">
            {phrase(taken ? 'Came into' : 'Went out from')}: <strong>{phrase(loan.balance_name)}</strong>
          </Text>
          <Text fz="sm">
            {phrase('Interest a year')}: <strong>{loan.interest_rate}%</strong> ({phrase(LOAN_INTEREST_METHOD_LABELS[loan.interest_method])}
            )
          </Text>
          <Text fz="sm">
            {phrase('Term')}: <strong>{phrase('{{n}} months', { n: loan.term_months })}</strong>
          </Text>
          <Text fz="sm">
            {phrase('Total interest')}: <strong>{money(loan.total_interest)}</strong>
          </Text>
          <Text fz="sm">
            {phrase('Repaid')}: <strong>{money(loan.paid)}</strong>
          </Text>
          <Text fz="sm">
            {phrase('Still owed')}: <strong>{money(loan.outstanding)}</strong> (
            {phrase('of it principal {{amount}}', { amount: money(loan.principal_outstanding) })})
          </Text>
        </SimpleGrid>
        {loan.note && <Text fz="sm">{loan.note}</Text>}
        {!reversed && (
          <Title order={3} fz="h5">
            {phrase('Instalments')}
          </Title>
        )}
        {!reversed && (
          <TableScroll minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('No.')}</Table.Th>
                  <Table.Th>{phrase('Due on')}</Table.Th>
                  <Table.Th ta="right">{phrase('Principal')}</Table.Th>
                  <Table.Th ta="right">{phrase('Interest')}</Table.Th>
                  <Table.Th ta="right">{phrase('Total')}</Table.Th>
                  <Table.Th ta="right">{phrase('Paid')}</Table.Th>
                  <Table.Th>{phrase('Status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loan.schedule.map((each) => (
                  <Table.Tr key={each.number}>
                    <Table.Td>{each.number}</Table.Td>
                    <Table.Td>{formatDate(each.due_date)}</Table.Td>
                    <Table.Td ta="right">{money(each.principal)}</Table.Td>
                    <Table.Td ta="right">{money(each.interest)}</Table.Td>
                    <Table.Td ta="right">{money(each.total)}</Table.Td>
                    <Table.Td ta="right">{money(each.paid)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATE[each.state].color}>
                        {phrase(STATE[each.state].label)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        <Title order={3} fz="h5">
          {phrase('Repayments')}
        </Title>
        {loan.repayments.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {phrase('No repayments yet.')}
          </Text>
        ) : (
          <TableScroll minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Date')}</Table.Th>
                  <Table.Th>{phrase('Balance')}</Table.Th>
                  <Table.Th ta="right">{phrase('Amount')}</Table.Th>
                  <Table.Th ta="right">{phrase('Interest')}</Table.Th>
                  <Table.Th ta="right">{phrase('Principal')}</Table.Th>
                  <Table.Th>{phrase('Reference')}</Table.Th>
                  <Table.Th>{phrase('By')}</Table.Th>
                  <Table.Th>{phrase('Actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loan.repayments.map((each) => {
                  const what = phrase('the repayment of {{amount}} on {{date}}', {
                    amount: money(each.amount),
                    date: formatDate(each.date),
                  });
                  return (
                    <Table.Tr key={each.id}>
                      <Table.Td style={reversedStyle(each)}>{formatDate(each.date)}</Table.Td>
                      <Table.Td style={reversedStyle(each)}>{phrase(each.balance_name)}</Table.Td>
                      <Table.Td ta="right" style={reversedStyle(each)}>
                        {money(each.amount)}
                      </Table.Td>
                      <Table.Td ta="right" style={reversedStyle(each)}>
                        {money(each.interest_part)}
                      </Table.Td>
                      <Table.Td ta="right" style={reversedStyle(each)}>
                        {money(each.principal_part)}
                      </Table.Td>
                      <Table.Td>{each.reference || '—'}</Table.Td>
                      <Table.Td>{each.admin_name ?? '—'}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ReversedBadge row={each} />
                          {!each.reversed_at && can('loan.update') && (
                            <EditMoneyEventButton
                              url={`/api/admin/loan-repayments/${each.id}`}
                              what={what}
                              note={phrase(
                                'Its entry is reversed and the right one posted; the repayments are shared out over the instalments again.',
                              )}
                              initial={{
                                date: each.date,
                                balance_id: each.balance_id,
                                amount: each.amount,
                                reference: each.reference,
                                note: each.note,
                              }}
                              fields={[
                                { name: 'date', label: 'Date', kind: 'date', required: true },
                                balanceField,
                                { name: 'amount', label: 'Amount', kind: 'money', required: true },
                                { name: 'reference', label: 'Reference', kind: 'text' },
                              ]}
                            />
                          )}
                          {!each.reversed_at && can('loan.delete') && (
                            <ReverseButton
                              url={`/api/admin/loan-repayments/${each.id}/reverse`}
                              what={what}
                              effect={phrase(
                                taken
                                  ? 'The money goes back into the balance it was paid from, and the loan is owed it again.'
                                  : 'The money goes back out of the balance it came into, and the borrower owes it again.',
                              )}
                            />
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {!reversed && can('loan.repay') && loan.outstanding > 0 && (
          <>
            <Title order={3} fz="h5">
              {phrase(taken ? 'Record a repayment we made' : 'Record a repayment we received')}
            </Title>
            <Text c="dimmed" fz="sm">
              {phrase('Part or whole: interest is paid first, then principal, oldest instalment first.')}
            </Text>
            <MoneyEventForm
              key={`${loan.id}-${loan.paid}`}
              url={`/api/admin/loans/${loan.id}/repayments`}
              label={phrase('Repayment of loan {{id}}', { id: loan.id })}
              submit={phrase('Record repayment')}
              initial={{ date: todayInShop(), balance_id: loan.balance_id, amount: loan.next_due_amount, reference: '' }}
              fields={[
                { name: 'date', label: 'Date', kind: 'date', required: true },
                balanceField,
                { name: 'amount', label: 'Amount', kind: 'money', required: true },
                { name: 'reference', label: 'Reference', kind: 'text' },
              ]}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
