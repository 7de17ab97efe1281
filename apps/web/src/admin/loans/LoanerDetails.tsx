import { type InstalmentState, LOAN_DIRECTION_LABELS, type LoanerDetail } from '@haat/contracts';
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
import { balanceReference, MoneyEventForm, todayInShop } from './MoneyEventForm';

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
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {phrase('{{kind}} on {{date}}: {{amount}}', {
              kind: phrase(LOAN_DIRECTION_LABELS[loan.direction]),
              date: formatDate(loan.date),
              amount: money(loan.principal),
            })}
          </Title>
          <Group gap="xs">
            {loan.overdue && <Badge color="red">{phrase('Overdue: {{amount}}', { amount: money(loan.overdue_amount) })}</Badge>}
            {loan.outstanding === 0 && <Badge color="green">{phrase('Repaid')}</Badge>}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
          <Text fz="sm">
            {phrase(taken ? 'Came into' : 'Went out from')}: <strong>{phrase(loan.balance_name)}</strong>
          </Text>
          <Text fz="sm">
            {phrase('Interest a year')}: <strong>{loan.interest_rate}%</strong> ({phrase('flat')})
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
        <Title order={3} fz="h5">
          {phrase('Instalments')}
        </Title>
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
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loan.repayments.map((each) => (
                  <Table.Tr key={each.id}>
                    <Table.Td>{formatDate(each.date)}</Table.Td>
                    <Table.Td>{phrase(each.balance_name)}</Table.Td>
                    <Table.Td ta="right">{money(each.amount)}</Table.Td>
                    <Table.Td ta="right">{money(each.interest_part)}</Table.Td>
                    <Table.Td ta="right">{money(each.principal_part)}</Table.Td>
                    <Table.Td>{each.reference || '—'}</Table.Td>
                    <Table.Td>{each.admin_name ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {can('loan.repay') && loan.outstanding > 0 && (
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
                {
                  name: 'balance_id',
                  label: taken ? 'Paid from balance' : 'Received into balance',
                  kind: 'reference',
                  reference: balanceReference(phrase, money),
                  required: true,
                },
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
