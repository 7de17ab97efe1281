import type { Paginator, RemittanceSummary } from '@haat/contracts';
import { Anchor, Badge, Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { get } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import { TableScroll } from '../../../ui/TableScroll';
import { useMoney } from '../../purchasing/PurchaseForm';
import { useCan } from '../../useAdmin';

/** `/admin/courier/remittance`: the couriers' cash-on-delivery payments, newest first (decision 049). */
export default function RemittanceList() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const [page, setPage] = useState(1);
  const { data, isPending } = useQuery({
    queryKey: ['remittances', page],
    queryFn: () => get<Paginator<RemittanceSummary>>(`/api/admin/courier/remittances?page=${page}`),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h3">
          {phrase('Courier remittances')}
        </Title>
        <Group>
          <Button component={Link} to="/admin/courier/receivable" variant="light">
            {phrase('Still owed')}
          </Button>
          {can('remittance.create') && (
            <>
              <Button component={Link} to="/admin/courier/remittance/payments" variant="light">
                {phrase('Read payments from the courier')}
              </Button>
              <Button component={Link} to="/admin/courier/remittance/import" variant="light">
                {phrase('Import payment sheet')}
              </Button>
              <Button component={Link} to="/admin/courier/remittance/add">
                {phrase('Add remittance')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <TableScroll minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{phrase('Paid on')}</Table.Th>
              <Table.Th>{phrase('Courier')}</Table.Th>
              <Table.Th>{phrase('Reference')}</Table.Th>
              <Table.Th ta="right">{phrase('Orders')}</Table.Th>
              <Table.Th ta="right">{phrase('Collected')}</Table.Th>
              <Table.Th ta="right">{phrase('Fees withheld')}</Table.Th>
              <Table.Th ta="right">{phrase('Net received')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.data.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/courier/remittance/${row.id}`}>
                    #{row.id}
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.paid_on}</Table.Td>
                <Table.Td>{row.courier_name}</Table.Td>
                <Table.Td>{row.reference}</Table.Td>
                <Table.Td ta="right">
                  {row.orders}
                  {row.mismatches > 0 && (
                    <Badge color="orange" ml="xs">
                      {phrase('{{n}} mismatched', { n: row.mismatches })}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{money(row.collected)}</Table.Td>
                <Table.Td ta="right">{money(row.delivery_fees + row.cod_charges)}</Table.Td>
                <Table.Td ta="right">{money(row.net_received)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {!isPending && data?.data.length === 0 && <Text c="dimmed">{phrase('No remittance has been recorded yet.')}</Text>}
      {data && data.last_page > 1 && <Pagination value={page} onChange={setPage} total={data.last_page} />}
    </Stack>
  );
}
