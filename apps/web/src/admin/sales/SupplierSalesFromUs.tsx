import type { SupplierNetPosition } from '@haat/contracts';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { TableScroll } from '../../ui/TableScroll';
import { useOrderWords } from '../orders/order-ui';
import { SaleStatusBadge } from './CompanySales';

/**
 * `/admin/supplier/purchase/from/us/{id}`: what a goods supplier bought from us (company sales to
 * them) and the net position: what we owe them for purchases less what they owe us (decision 039).
 */
export default function SupplierSalesFromUs() {
  const { phrase, money } = useOrderWords();
  const id = Number(useParams().id);
  const { data, error, isPending } = useQuery({
    queryKey: ['supplier-sales-from-us', id],
    queryFn: () => get<{ data: SupplierNetPosition }>(`/api/admin/suppliers/${id}/sales-from-us`).then((answer) => answer.data),
  });
  if (isPending) return <Loader aria-label={phrase('Loading')} />;
  if (error || !data)
    return (
      <Alert color="red" role="alert">
        {phrase(error?.message ?? 'The supplier was not found.')}
      </Alert>
    );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {phrase('What {{name}} bought from us', { name: data.supplier.name })}
        </Title>
        <Group className="no-print">
          <Button component={Link} to={`/admin/supplier/${id}/amount`} variant="light">
            {phrase('Supplier statement')}
          </Button>
          <Button variant="light" onClick={() => window.print()}>
            {phrase('Print')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {phrase('They bought')}
          </Text>
          <Text fw={700}>{money(data.sales_total)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {phrase('They owe us')}
          </Text>
          <Text fw={700}>{money(data.they_owe)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {phrase('We owe them')}
          </Text>
          <Text fw={700}>{money(data.we_owe)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {phrase('Net position')}
          </Text>
          <Text fw={700}>{money(Math.abs(data.net))}</Text>
          <Text size="sm">{phrase(data.net > 0 ? 'We pay them' : data.net < 0 ? 'They pay us' : 'Settled')}</Text>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {phrase('Sales to this supplier')}
        </Title>
        {data.sales.length === 0 ? (
          <Text c="dimmed">{phrase('This supplier has bought nothing from us yet.')}</Text>
        ) : (
          <TableScroll minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Date')}</Table.Th>
                  <Table.Th>{phrase('Sale')}</Table.Th>
                  <Table.Th ta="right">{phrase('Total')}</Table.Th>
                  <Table.Th ta="right">{phrase('Paid')}</Table.Th>
                  <Table.Th ta="right">{phrase('Due')}</Table.Th>
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
                    <Table.Td>
                      <SaleStatusBadge status={row.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Card>
    </Stack>
  );
}
