import { COMPANY_PAYMENT_METHOD_LABELS, type CompanyStatement as Statement } from '@haat/contracts';
import { Alert, Anchor, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useOrderWords } from '../orders/order-ui';
import { StatementCards, StatementHeader, StatementSection, StatementTable } from '../reports/StatementTable';
import { BuyerSalesTable } from './BuyerSalesTable';

/**
 * `/admin/company/sale/details/{id}` (its sales) and `/admin/company/payment/details/{id}` (its
 * payments): one buyer's statement with the running due from its opening balance, printable, CSV.
 */
export default function CompanyStatement() {
  const { phrase, money } = useOrderWords();
  const id = Number(useParams().id);
  const payments = useLocation().pathname.includes('/payment/');
  const { data, error, isPending } = useQuery({
    queryKey: ['company-statement', id],
    queryFn: () => get<{ data: Statement }>(`/api/admin/companies/${id}/statement`).then((answer) => answer.data),
  });
  if (isPending) return <Loader aria-label={phrase('Loading')} />;
  if (error || !data)
    return (
      <Alert color="red" role="alert">
        {phrase(error?.message ?? 'The company was not found.')}
      </Alert>
    );
  return (
    <Stack>
      <StatementHeader
        title={phrase('Statement of {{name}}', { name: data.buyer.name })}
        links={[
          { to: `/admin/company/sale/details/${id}`, label: phrase('Sales'), filled: !payments },
          { to: `/admin/company/payment/details/${id}`, label: phrase('Payments'), filled: payments },
        ]}
        csv={{ href: `/api/admin/companies/${id}/statement.csv`, label: phrase('Download CSV') }}
      />
      <Text c="dimmed">{[data.buyer.phone, data.buyer.address].filter(Boolean).join(' · ')}</Text>
      <StatementCards
        cards={[
          { label: phrase('Opening balance'), value: money(data.opening_balance) },
          { label: phrase('Sales'), value: money(data.sales_total) },
          { label: phrase('Payments'), value: money(data.payments_total) },
          { label: phrase('Due'), value: money(data.due), testId: 'company-due' },
        ]}
      />
      <StatementSection title={phrase(payments ? 'Payments' : 'Sales')}>
        {payments ? (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Date')}</Table.Th>
                <Table.Th>{phrase('Sale')}</Table.Th>
                <Table.Th>{phrase('Payment method')}</Table.Th>
                <Table.Th>{phrase('Reference')}</Table.Th>
                <Table.Th ta="right">{phrase('Amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.payments.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{formatDateTime(row.paid_at)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/sale/view/${row.sale_id}`} fz="sm">
                      {row.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{phrase(COMPANY_PAYMENT_METHOD_LABELS[row.method])}</Table.Td>
                  <Table.Td>{row.reference || '—'}</Table.Td>
                  <Table.Td ta="right">{money(row.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <BuyerSalesTable sales={data.sales} withDueDate />
        )}
      </StatementSection>
      <StatementSection title={phrase('Running due')}>
        <StatementTable
          label={phrase('Running due')}
          debitLabel={phrase('Sale')}
          creditLabel={phrase('Payment')}
          money={money}
          lines={data.rows.map((row) => ({
            key: `${row.kind}-${row.sale_id ?? 0}-${row.date}-${row.balance}`,
            date: row.date.slice(0, 10),
            entry:
              row.kind === 'opening'
                ? phrase('Opening balance')
                : phrase(
                    row.kind === 'sale' ? 'Sale {{number}}' : row.kind === 'exchange' ? 'Exchange {{number}}' : 'Payment for {{number}}',
                    { number: row.number },
                  ),
            debit: row.debit,
            credit: row.credit,
            due: row.balance,
          }))}
        />
      </StatementSection>
    </Stack>
  );
}
