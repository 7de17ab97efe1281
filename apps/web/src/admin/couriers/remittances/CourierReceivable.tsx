import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePhrase } from '../../../lib/phrases';
import { TableScroll } from '../../../ui/TableScroll';
import { useMoney } from '../../purchasing/PurchaseForm';
import { useCan } from '../../useAdmin';
import { MismatchAccept } from './MismatchAccept';
import { useReceivables } from './shared';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/**
 * `/admin/courier/receivable`: per courier, the delivered cash-on-delivery orders it has not paid
 * over yet, their total and since when, and the mismatches waiting for a person (decision 049).
 */
export default function CourierReceivable() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const { data, error } = useReceivables();
  if (error) return <Alert color="red">{phrase(error.message)}</Alert>;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h3">
          {phrase('Still owed by couriers')}
        </Title>
        <Group>
          <Button component={Link} to="/admin/courier/remittance" variant="light">
            {phrase('Courier remittances')}
          </Button>
          {can('remittance.create') && (
            <Button component={Link} to="/admin/courier/remittance/add">
              {phrase('Add remittance')}
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {data?.map((courier) => (
          <Card withBorder key={courier.courier_id}>
            <Text fw={600}>{courier.courier_name}</Text>
            <Text fz="xl" fw={700}>
              {money(courier.total)}
            </Text>
            <Text fz="sm" c="dimmed">
              {courier.orders === 0
                ? phrase('Nothing owed')
                : phrase('{{n}} orders, since {{since}}', { n: courier.orders, since: day(courier.since) })}
            </Text>
            {courier.mismatches.length > 0 && (
              <Badge color="orange" mt="xs">
                {phrase('{{n}} mismatched', { n: courier.mismatches.length })}
              </Badge>
            )}
          </Card>
        ))}
      </SimpleGrid>
      {data
        ?.filter((courier) => courier.mismatches.length > 0)
        .map((courier) => (
          <Card withBorder key={`m${courier.courier_id}`}>
            <Title order={2} fz="h4" mb="sm">
              {phrase('Mismatches waiting for a person: {{courier}}', { courier: courier.courier_name })}
            </Title>
            <TableScroll minWidth={720}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{phrase('Order')}</Table.Th>
                    <Table.Th>{phrase('Remittance')}</Table.Th>
                    <Table.Th ta="right">{phrase('To collect')}</Table.Th>
                    <Table.Th ta="right">{phrase('Collected')}</Table.Th>
                    <Table.Th>{phrase('Settle')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {courier.mismatches.map((line) => (
                    <Table.Tr key={line.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/admin/view/order/${line.order_id}`}>
                          {line.order_number}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={`/admin/courier/remittance/${line.remittance_id}`}>
                          #{line.remittance_id}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">{money(line.to_collect)}</Table.Td>
                      <Table.Td ta="right">{money(line.collected)}</Table.Td>
                      <Table.Td>{can('remittance.create') ? <MismatchAccept line={line} /> : '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </Card>
        ))}
      {data
        ?.filter((courier) => courier.unpaid.length > 0)
        .map((courier) => (
          <Card withBorder key={`u${courier.courier_id}`}>
            <Title order={2} fz="h4" mb="sm">
              {phrase('Delivered, not paid over yet: {{courier}}', { courier: courier.courier_name })}
            </Title>
            <TableScroll minWidth={720}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{phrase('Order')}</Table.Th>
                    <Table.Th>{phrase('Customer')}</Table.Th>
                    <Table.Th>{phrase('Delivered on')}</Table.Th>
                    <Table.Th ta="right">{phrase('To collect')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {courier.unpaid.map((order) => (
                    <Table.Tr key={order.order_id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/admin/view/order/${order.order_id}`}>
                          {order.order_number}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{order.customer_name}</Table.Td>
                      <Table.Td>{day(order.delivered_at)}</Table.Td>
                      <Table.Td ta="right">{money(order.to_collect)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </Card>
        ))}
    </Stack>
  );
}
