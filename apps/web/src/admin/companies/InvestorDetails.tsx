import { type InvestorDetails as Details, INVESTOR_PAYOUT_KIND_LABELS, INVESTOR_PAYOUT_KINDS } from '@haat/contracts';
import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { balanceReference, EditMoneyEventButton } from '../loans/MoneyEventForm';
import { ReverseButton } from '../loans/ReverseButton';
import { useMoney } from '../reports/report-kit';
import { StatementCards, StatementHeader, StatementSection } from '../reports/StatementTable';
import { useCan } from '../useAdmin';
import { MoneyEventForm } from './MoneyEventForm';
import { MoneyEventTable } from './MoneyEventTable';

/**
 * `/admin/company/investor/details/{id}`: an investor, what they put in, their profit share, what was
 * paid to them and returned, and "Pay profit share" / "Return money" from a balance (decision 052).
 */
export default function InvestorDetails() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const client = useQueryClient();
  const id = Number(useParams().id);
  const { data, error, isPending } = useQuery({
    queryKey: ['investor', id],
    queryFn: () => get<{ data: Details }>(`/api/admin/investors/${id}`).then((answer) => answer.data),
  });
  if (isPending) return <Loader aria-label={phrase('Loading')} />;
  if (error || !data)
    return (
      <Alert color="red" role="alert">
        {phrase(error?.message ?? 'The investor was not found.')}
      </Alert>
    );
  const { investor, totals } = data;
  return (
    <Stack>
      <StatementHeader title={phrase('Investor: {{name}}', { name: investor.name })} links={[]} />
      <Group justify="space-between">
        <Text c="dimmed">
          {[investor.phone, investor.national_id && `${phrase('National ID')}: ${investor.national_id}`, investor.address]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {can('investor.update') && (
          <EditMoneyEventButton
            url={`/api/admin/investors/${id}`}
            what={phrase('the details of {{name}}', { name: investor.name })}
            initial={{ name: investor.name, phone: investor.phone, national_id: investor.national_id, address: investor.address }}
            fields={[
              { name: 'name', label: 'Name', kind: 'text', required: true },
              { name: 'phone', label: 'Phone', kind: 'text' },
              { name: 'national_id', label: 'National ID', kind: 'text' },
              { name: 'address', label: 'Address', kind: 'text' },
            ]}
          />
        )}
      </Group>
      <StatementCards
        cards={[
          { label: phrase('Total invested'), value: money(totals.invested) },
          { label: phrase('Profit share'), value: `${totals.profit_share}%` },
          { label: phrase('Profit paid out'), value: money(totals.profit_paid) },
          { label: phrase('Returned'), value: money(totals.returned) },
          { label: phrase('Still invested'), value: money(totals.outstanding), testId: 'investor-outstanding' },
        ]}
      />
      <StatementSection title={phrase('Investments')}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{phrase('Date')}</Table.Th>
              <Table.Th>{phrase('Company')}</Table.Th>
              <Table.Th>{phrase('Into balance')}</Table.Th>
              <Table.Th>{phrase('Profit share')}</Table.Th>
              <Table.Th>{phrase('Note')}</Table.Th>
              <Table.Th ta="right">{phrase('Amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.investments.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{formatDate(row.date)}</Table.Td>
                <Table.Td>{row.company_name}</Table.Td>
                <Table.Td>{phrase(row.balance_name)}</Table.Td>
                <Table.Td>{row.profit_share}%</Table.Td>
                <Table.Td>{row.note || '—'}</Table.Td>
                <Table.Td ta="right">{money(row.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </StatementSection>
      <StatementSection title={phrase('Paid to the investor')}>
        <MoneyEventTable
          rows={data.payouts}
          kindLabels={INVESTOR_PAYOUT_KIND_LABELS}
          balanceHeader={phrase('From balance')}
          actions={(row) => {
            const what = phrase('the payment of {{amount}} on {{date}}', { amount: money(row.amount), date: formatDate(row.date) });
            return (
              can('investor.update') && (
                <>
                  <EditMoneyEventButton
                    url={`/api/admin/investor-payouts/${row.id}`}
                    what={what}
                    note={phrase('Its entry is reversed and the right one posted; money returned cannot exceed what is still invested.')}
                    initial={{ kind: row.kind, date: row.date, amount: row.amount, balance_id: row.balance_id, note: row.note }}
                    fields={[
                      {
                        name: 'kind',
                        label: 'Kind',
                        kind: 'select',
                        required: true,
                        options: INVESTOR_PAYOUT_KINDS.map((value) => ({ value, label: INVESTOR_PAYOUT_KIND_LABELS[value] })),
                      },
                      { name: 'date', label: 'Date', kind: 'date', required: true },
                      { name: 'amount', label: 'Amount', kind: 'money', required: true },
                      {
                        name: 'balance_id',
                        label: 'From balance',
                        kind: 'reference',
                        reference: balanceReference(phrase, money),
                        required: true,
                      },
                      { name: 'note', label: 'Note', kind: 'text' },
                    ]}
                  />
                  <ReverseButton
                    url={`/api/admin/investor-payouts/${row.id}/reverse`}
                    what={what}
                    effect={phrase('The money goes back into the balance it was paid from, and it no longer counts as paid or returned.')}
                  />
                </>
              )
            );
          }}
        />
      </StatementSection>
      {can('investor.pay') && (
        <MoneyEventForm
          title={phrase('Pay profit share or return money')}
          api={`/api/admin/investors/${id}/payouts`}
          kinds={INVESTOR_PAYOUT_KINDS.map((value) => ({ value, label: phrase(INVESTOR_PAYOUT_KIND_LABELS[value]) }))}
          balanceLabel={phrase('From balance')}
          submit={phrase('Pay')}
          onDone={() => client.invalidateQueries({ queryKey: ['investor', id] })}
        />
      )}
    </Stack>
  );
}
