import { BILL_RECURRENCE_LABELS, type BillDetail, type BillPeriodView } from '@haat/contracts';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { TableScroll } from '../../ui/TableScroll';
import { balanceReference, EditMoneyEventButton, MoneyEventForm, todayInShop } from '../loans/MoneyEventForm';
import { ReverseButton, ReversedBadge, reversedStyle } from '../loans/ReverseButton';
import { useMoney } from '../purchasing/PurchaseForm';
import { TotalCards } from '../reports/report-kit';
import { useCan } from '../useAdmin';

/** `/admin/bill/statement/details/{id}`: a bill's months, each with its amount, due date, payments and what is due. */
export default function BillDetails() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const { id } = useParams();
  const [paying, setPaying] = useState<number | null>(null);
  const { data, error } = useQuery({
    queryKey: ['bill-details', id],
    queryFn: () => get<{ data: BillDetail }>(`/api/admin/bills/${id}/statement`).then((answer) => answer.data),
  });
  if (error) return <Alert color="red">{phrase(error.message)}</Alert>;
  if (!data) return null;
  const { bill } = data;
  const open = data.periods.find((each) => each.id === paying);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h3">
          {bill.name}
        </Title>
        <Group>
          <Button variant="light" component={Link} to="/admin/bill/statement">
            {phrase('Bill statement')}
          </Button>
          {can('bill.update') && (
            <Button variant="default" component={Link} to={`/admin/bill/statement/edit/${bill.id}`}>
              {phrase('Edit bill')}
            </Button>
          )}
        </Group>
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Text>
            {phrase('Paid to')}: <strong>{bill.payee || '—'}</strong>
          </Text>
          <Text>
            {phrase('Expense of')}: <strong>{phrase(bill.purpose_name)}</strong>
          </Text>
          <Text>
            {phrase('Comes')}: <strong>{phrase(BILL_RECURRENCE_LABELS[bill.recurrence])}</strong>
          </Text>
          <Text>
            {phrase('Usual amount')}: <strong>{money(bill.usual_amount)}</strong>
          </Text>
        </SimpleGrid>
      </Card>
      <TotalCards
        cards={[
          { label: phrase('Due'), value: money(bill.due) },
          { label: phrase('Next due'), value: bill.next_due_date ? formatDate(bill.next_due_date) : '—' },
        ]}
      />
      {bill.overdue && (
        <Alert color="red" title={phrase('Overdue')}>
          {phrase('A bill is past its due date and not paid, or this month’s bill is not recorded yet.')}
        </Alert>
      )}
      {can('bill.update') && data.next_period && (
        <Card withBorder>
          <Title order={2} fz="h4" mb="xs">
            {phrase('Record a bill')}
          </Title>
          <Text c="dimmed" fz="sm" mb="xs">
            {phrase('The amount as the bill came: it counts as an expense now and is due until paid.')}
          </Text>
          <MoneyEventForm
            key={data.next_period}
            url={`/api/admin/bills/${bill.id}/periods`}
            label={phrase('Record a bill')}
            submit={phrase('Record bill')}
            initial={{ period: data.next_period, amount: bill.usual_amount, due_date: data.next_due_date ?? '', note: '' }}
            fields={periodFields}
          />
        </Card>
      )}
      {open && can('bill.pay') && (
        <Card withBorder>
          <Title order={2} fz="h4" mb="xs">
            {phrase('Pay the {{period}} bill', { period: open.period })}
          </Title>
          <MoneyEventForm
            key={`${open.id}-${open.paid}`}
            url={`/api/admin/bill-periods/${open.id}/payments`}
            label={phrase('Pay the {{period}} bill', { period: open.period })}
            submit={phrase('Record payment')}
            initial={{ date: todayInShop(), balance_id: null, amount: open.due, reference: '' }}
            onDone={() => setPaying(null)}
            fields={[
              { name: 'date', label: 'Date', kind: 'date', required: true },
              {
                name: 'balance_id',
                label: 'Paid from balance',
                kind: 'reference',
                reference: balanceReference(phrase, money),
                required: true,
              },
              { name: 'amount', label: 'Amount', kind: 'money', required: true },
              { name: 'reference', label: 'Reference', kind: 'text' },
            ]}
          />
        </Card>
      )}
      <TableScroll minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{phrase('Month')}</Table.Th>
              <Table.Th ta="right">{phrase('Amount')}</Table.Th>
              <Table.Th>{phrase('Due on')}</Table.Th>
              <Table.Th>{phrase('Payments')}</Table.Th>
              <Table.Th ta="right">{phrase('Due')}</Table.Th>
              <Table.Th>{phrase('Actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.periods.map((period) => (
              <PeriodRow key={period.id} period={period} onPay={() => setPaying(period.id)} />
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {data.periods.length === 0 && <Text c="dimmed">{phrase('No bills recorded yet.')}</Text>}
    </Stack>
  );
}

const periodFields = [
  { name: 'period', label: 'Month', kind: 'text' as const, required: true, description: 'Like 2026-10' },
  { name: 'amount', label: 'Amount', kind: 'money' as const, required: true },
  { name: 'due_date', label: 'Due on', kind: 'date' as const, required: true },
  { name: 'note', label: 'Note', kind: 'text' as const },
];

/** A month's bill: its payments (each correctable), what is due, and its own Edit and Reverse. */
function PeriodRow({ period, onPay }: { period: BillPeriodView; onPay: () => void }) {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const reversed = Boolean(period.reversed_at);
  const standing = period.payments.filter((payment) => !payment.reversed_at);
  const what = phrase('the {{period}} bill', { period: period.period });
  return (
    <Table.Tr>
      <Table.Td style={reversedStyle(period)}>{period.period}</Table.Td>
      <Table.Td ta="right" style={reversedStyle(period)}>
        {money(period.amount)}
      </Table.Td>
      <Table.Td style={reversedStyle(period)}>{formatDate(period.due_date)}</Table.Td>
      <Table.Td>
        {period.payments.length === 0
          ? '—'
          : period.payments.map((payment) => {
              const paymentWhat = phrase('the payment of {{amount}} on {{date}}', {
                amount: money(payment.amount),
                date: formatDate(payment.date),
              });
              return (
                <Group key={payment.id} gap={4} wrap="nowrap">
                  <Text fz="sm" style={reversedStyle(payment)}>
                    {formatDate(payment.date)} · {phrase(payment.balance_name)} · {money(payment.amount)}
                    {payment.reference ? ` · ${payment.reference}` : ''}
                  </Text>
                  <ReversedBadge row={payment} />
                  {!payment.reversed_at && can('bill.update') && (
                    <EditMoneyEventButton
                      url={`/api/admin/bill-payments/${payment.id}`}
                      what={paymentWhat}
                      note={phrase('Its entry is reversed and the right one posted.')}
                      initial={{ date: payment.date, balance_id: payment.balance_id, amount: payment.amount, reference: payment.reference }}
                      fields={[
                        { name: 'date', label: 'Date', kind: 'date', required: true },
                        {
                          name: 'balance_id',
                          label: 'Paid from balance',
                          kind: 'reference',
                          reference: balanceReference(phrase, money),
                          required: true,
                        },
                        { name: 'amount', label: 'Amount', kind: 'money', required: true },
                        { name: 'reference', label: 'Reference', kind: 'text' },
                      ]}
                    />
                  )}
                  {!payment.reversed_at && can('bill.delete') && (
                    <ReverseButton
                      url={`/api/admin/bill-payments/${payment.id}/reverse`}
                      what={paymentWhat}
                      effect={phrase('The money goes back into the balance it was paid from, and the bill is due again.')}
                    />
                  )}
                </Group>
              );
            })}
      </Table.Td>
      <Table.Td ta="right">
        {reversed ? (
          <ReversedBadge row={period} />
        ) : period.due === 0 ? (
          <Badge color="green">{phrase('Paid')}</Badge>
        ) : (
          <Group gap={6} justify="flex-end">
            <Text fz="sm" fw={600}>
              {money(period.due)}
            </Text>
            {period.overdue && <Badge color="red">{phrase('Overdue')}</Badge>}
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        {!reversed && (
          <Group gap={4} wrap="nowrap">
            {can('bill.pay') && period.due > 0 && (
              <Button size="xs" variant="light" onClick={onPay}>
                {phrase('Pay {{period}}', { period: period.period })}
              </Button>
            )}
            {can('bill.update') && (
              <EditMoneyEventButton
                url={`/api/admin/bill-periods/${period.id}`}
                what={what}
                note={phrase('The expense entry is reversed and the right one booked; the amount cannot be less than what is paid.')}
                initial={{ period: period.period, amount: period.amount, due_date: period.due_date, note: period.note }}
                fields={periodFields}
              />
            )}
            {can('bill.delete') && standing.length === 0 && (
              <ReverseButton
                url={`/api/admin/bill-periods/${period.id}/reverse`}
                what={what}
                effect={phrase('Its expense no longer counts and nothing is due on it; the month can be recorded again.')}
              />
            )}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
