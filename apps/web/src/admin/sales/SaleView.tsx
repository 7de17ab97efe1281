import { COMPANY_PAYMENT_METHOD_LABELS, type CounterSaleDetail } from '@haat/contracts';

import { Alert, Button, Card, Grid, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { TableScroll } from '../../ui/TableScroll';
import { useOrderWords } from '../orders/order-ui';
import { useCan } from '../useAdmin';
import { CompanySalePanel } from './CompanySalePanel';

/** How a sale is named on paper (the API's counterSaleNumber). */
const counterSaleNumber = (id: number) => `CS-${String(id).padStart(6, '0')}`;

/** `/admin/sale/view/{id}`: a counter sale, its items at price and cost, how it was paid; print it. */
export default function SaleView() {
  const { phrase, money, number } = useOrderWords();
  const can = useCan();
  const id = Number(useParams().id);
  const { data, error, isPending } = useQuery({
    queryKey: ['sales', 'counter', id],
    queryFn: () => get<{ data: CounterSaleDetail }>(`/api/admin/sales/counter/${id}`).then((answer) => answer.data),
  });
  if (isPending) return <Loader aria-label={phrase('Loading')} />;
  if (error || !data)
    return (
      <Alert color="red" role="alert">
        {phrase(error?.message ?? 'The sale was not found.')}
      </Alert>
    );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {data.kind === 'exchange'
            ? phrase('Exchange {{number}}', { number: data.number })
            : data.kind === 'company'
              ? phrase('Company sale {{number}}', { number: data.number })
              : phrase('Counter sale {{number}}', { number: data.number })}
        </Title>
        <Group>
          <Button component={Link} to={`/admin/sale/print/${id}?paper=receipt&auto=1`}>
            {phrase('Print receipt (80 mm)')}
          </Button>
          <Button component={Link} to={`/admin/sale/print/${id}?paper=invoice&auto=1`} variant="light">
            {phrase('Print A4 invoice')}
          </Button>
          {can('sale.update') && (
            <Button component={Link} to={`/admin/sale/edit/${id}`} variant="light">
              {phrase('Edit')}
            </Button>
          )}
          {can('sale.create') && (
            <Button component={Link} to="/admin/sale/add" variant="light">
              {phrase('New sale')}
            </Button>
          )}
        </Group>
      </Group>
      <CompanySalePanel id={id} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Stack gap={4}>
              <Text>
                {phrase('Sold')}: {formatDateTime(data.sold_at)}
              </Text>
              <Text>
                {phrase('Served by')}: {data.sold_by ?? '—'}
              </Text>
              <Text>
                {phrase('Customer')}: {[data.customer_name, data.customer_phone].filter(Boolean).join(', ') || '—'}
              </Text>
              {data.note && (
                <Text>
                  {phrase('Note')}: {data.note}
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder>
            <Group grow>
              <Stack gap={0}>
                <Text c="dimmed" fz="sm">
                  {phrase('Total')}
                </Text>
                <Text fw={700}>{money(data.total)}</Text>
              </Stack>
              <Stack gap={0}>
                <Text c="dimmed" fz="sm">
                  {phrase('Paid')}
                </Text>
                <Text fw={700}>{money(data.paid)}</Text>
              </Stack>
              <Stack gap={0}>
                <Text c="dimmed" fz="sm">
                  {phrase('Change')}
                </Text>
                <Text fw={700}>{money(data.change_given)}</Text>
              </Stack>
              {data.refunded > 0 && (
                <Stack gap={0}>
                  <Text c="dimmed" fz="sm">
                    {data.on_account ? phrase('Credited to the account') : phrase('Refunded')}
                  </Text>
                  <Text fw={700}>{money(data.refunded)}</Text>
                </Stack>
              )}
              <Stack gap={0}>
                <Text c="dimmed" fz="sm">
                  {phrase('Profit')}
                </Text>
                <Text fw={700}>{money(data.profit)}</Text>
              </Stack>
            </Group>
          </Card>
        </Grid.Col>
      </Grid>
      <TableScroll minWidth={640}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{phrase('Item')}</Table.Th>
              {data.kind === 'exchange' && <Table.Th>{phrase('Direction')}</Table.Th>}
              <Table.Th>{phrase('SKU')}</Table.Th>
              <Table.Th ta="right">{phrase('Quantity')}</Table.Th>
              <Table.Th ta="right">{phrase('Price')}</Table.Th>
              <Table.Th ta="right">{phrase('Discount')}</Table.Th>
              <Table.Th ta="right">{phrase('Unit cost')}</Table.Th>
              <Table.Th ta="right">{phrase('Amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  {line.product_name}
                  {line.variant_label ? ` (${line.variant_label})` : ''}
                </Table.Td>
                {data.kind === 'exchange' && (
                  <Table.Td>
                    {line.direction === 'in' ? phrase('Came back') : phrase('Went out')}
                    {line.return_of_sale_id ? ` · ${counterSaleNumber(line.return_of_sale_id)}` : ''}
                  </Table.Td>
                )}
                <Table.Td>{line.sku}</Table.Td>
                <Table.Td ta="right">{number(line.quantity)}</Table.Td>
                <Table.Td ta="right">{money(line.unit_price)}</Table.Td>
                <Table.Td ta="right">{money(line.discount)}</Table.Td>
                <Table.Td ta="right">{money(line.unit_cost)}</Table.Td>
                <Table.Td ta="right">{money(line.line_total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          {phrase('Payments')}
        </Title>
        {data.payments.map((payment) => (
          <Text key={payment.id}>
            {payment.refund ? `${phrase('Refund')} · ` : ''}
            {phrase(COMPANY_PAYMENT_METHOD_LABELS[payment.method])}: {money(payment.amount)}
            {payment.reference ? ` · ${payment.reference}` : ''}
          </Text>
        ))}
      </Card>
    </Stack>
  );
}
