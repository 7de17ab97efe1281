import { COMPANY_PAYMENT_METHOD_LABELS, type CompanyStatement as Statement } from '@haat/contracts';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { TableScroll } from '../../ui/TableScroll';
import { useOrderWords } from '../orders/order-ui';
import { SaleStatusBadge } from './CompanySales';

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
      <Group justify="space-between">
        <Title order={1} size="h2">
          {phrase('Statement of {{name}}', { name: data.buyer.name })}
        </Title>
        <Group className="no-print">
          <Button component={Link} to={`/admin/company/sale/details/${id}`} variant={payments ? 'light' : 'filled'}>
            {phrase('Sales')}
          </Button>
          <Button component={Link} to={`/admin/company/payment/details/${id}`} variant={payments ? 'filled' : 'light'}>
            {phrase('Payments')}
          </Button>
          <Button variant="light" onClick={() => window.print()}>
            {phrase('Print')}
          </Button>
          <Button component="a" href={`/api/admin/companies/${id}/statement.csv`} variant="light">
            {phrase('Download CSV')}
          </Button>
        </Group>
      </Group>
      <Text c="dimmed">{[data.buyer.phone, data.buyer.address].filter(Boolean).join(' · ')}</Text>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[
          ['Opening balance', data.opening_balance],
          ['Sales', data.sales_total],
          ['Payments', data.payments_total],
          ['Due', data.due],
        ].map(([label, value]) => (
          <Card withBorder key={String(label)}>
            <Text size="sm" c="dimmed">
              {phrase(String(label))}
            </Text>
            <Text fw={700} data-testid={label === 'Due' ? 'company-due' : undefined}>
              {money(Number(value))}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {phrase(payments ? 'Payments' : 'Sales')}
        </Title>
        <TableScroll minWidth={640}>
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
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Date')}</Table.Th>
                  <Table.Th>{phrase('Sale')}</Table.Th>
                  <Table.Th ta="right">{phrase('Total')}</Table.Th>
                  <Table.Th ta="right">{phrase('Paid')}</Table.Th>
                  <Table.Th ta="right">{phrase('Due')}</Table.Th>
                  <Table.Th>{phrase('Due date')}</Table.Th>
                  <Table.Th>{phrase('Status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.sales.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{formatDateTime(row.sold_at)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/sale/view/${row.id}`} fz="sm">
                        {row.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{money(row.total)}</Table.Td>
                    <Table.Td ta="right">{money(row.paid)}</Table.Td>
                    <Table.Td ta="right">{money(row.due)}</Table.Td>
                    <Table.Td>{row.due_date ?? '—'}</Table.Td>
                    <Table.Td>
                      <SaleStatusBadge status={row.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </TableScroll>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {phrase('Running due')}
        </Title>
        <TableScroll minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Date')}</Table.Th>
                <Table.Th>{phrase('Entry')}</Table.Th>
                <Table.Th ta="right">{phrase('Sale')}</Table.Th>
                <Table.Th ta="right">{phrase('Payment')}</Table.Th>
                <Table.Th ta="right">{phrase('Due')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((row) => (
                <Table.Tr key={`${row.kind}-${row.sale_id ?? 0}-${row.date}-${row.balance}`}>
                  <Table.Td>{row.date.slice(0, 10)}</Table.Td>
                  <Table.Td>
                    {row.kind === 'opening'
                      ? phrase('Opening balance')
                      : phrase(
                          row.kind === 'sale'
                            ? 'Sale {{number}}'
                            : row.kind === 'exchange'
                              ? 'Exchange {{number}}'
                              : 'Payment for {{number}}',
                          { number: row.number },
                        )}
                  </Table.Td>
                  <Table.Td ta="right">{row.debit ? money(row.debit) : ''}</Table.Td>
                  <Table.Td ta="right">{row.credit ? money(row.credit) : ''}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money(row.balance)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Card>
    </Stack>
  );
}
