import { REMITTANCE_METHOD_LABELS, type RemittanceDetail, type RemittanceLineStatus } from '@haat/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { get } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import { TableScroll } from '../../../ui/TableScroll';
import { useMoney } from '../../purchasing/PurchaseForm';
import { useCan } from '../../useAdmin';
import { MismatchAccept } from './MismatchAccept';
import './remittance.css';

export const LINE_STATUS: Record<RemittanceLineStatus, { label: string; color: string }> = {
  matched: { label: 'Paid', color: 'green' },
  mismatch: { label: 'Mismatch: waiting for a person', color: 'orange' },
  accepted: { label: 'Accepted by a person', color: 'teal' },
};

/** `/admin/courier/remittance/{id}`: one courier payment with its orders and totals, printable. */
export default function RemittanceView() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const { id } = useParams();
  const { data, error } = useQuery({
    queryKey: ['remittance', id],
    queryFn: () => get<{ data: RemittanceDetail }>(`/api/admin/courier/remittances/${id}`).then((answer) => answer.data),
  });
  if (error) return <Alert color="red">{phrase(error.message)}</Alert>;
  if (!data) return null;
  return (
    <Stack className="remittance-print">
      <Group justify="space-between">
        <Title order={1} fz="h3">
          {phrase('{{courier}} remittance #{{id}}', { courier: data.courier_name, id: data.id })}
        </Title>
        <Group className="no-print">
          <Button variant="light" component={Link} to="/admin/courier/remittance">
            {phrase('All remittances')}
          </Button>
          <Button onClick={() => window.print()}>{phrase('Print')}</Button>
        </Group>
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Text>
            {phrase('Paid on')}: <strong>{data.paid_on}</strong>
          </Text>
          <Text>
            {phrase('Reference')}: <strong>{data.reference || '—'}</strong>
          </Text>
          <Text>
            {phrase('Money came by')}: <strong>{phrase(REMITTANCE_METHOD_LABELS[data.method])}</strong>
          </Text>
          <Text>
            {phrase('Received into')}: <strong>{data.balance_name ? phrase(data.balance_name) : '—'}</strong>
          </Text>
          <Text>
            {phrase('Recorded by')}: <strong>{data.admin_name ?? '—'}</strong>
          </Text>
          {data.courier_payment_id && (
            <Text>
              {phrase('Courier’s payment')}: <strong>{data.courier_payment_id}</strong>
            </Text>
          )}
          <Text>
            {phrase('Collected')}: <strong>{money(data.collected)}</strong>
          </Text>
          <Text>
            {phrase('Delivery fees')}: <strong>{money(data.delivery_fees)}</strong>
          </Text>
          <Text>
            {phrase('COD charges')}: <strong>{money(data.cod_charges)}</strong>
          </Text>
          <Text>
            {phrase('Net received')}: <strong>{money(data.net_received)}</strong>
          </Text>
        </SimpleGrid>
        {data.note && (
          <Text mt="sm" fz="sm">
            {data.note}
          </Text>
        )}
      </Card>
      <TableScroll minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{phrase('Order')}</Table.Th>
              <Table.Th>{phrase('Customer')}</Table.Th>
              <Table.Th ta="right">{phrase('To collect')}</Table.Th>
              <Table.Th ta="right">{phrase('Collected')}</Table.Th>
              <Table.Th ta="right">{phrase('Delivery fee')}</Table.Th>
              <Table.Th ta="right">{phrase('COD charge')}</Table.Th>
              <Table.Th>{phrase('Status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/view/order/${line.order_id}`}>
                    {line.order_number}
                  </Anchor>
                </Table.Td>
                <Table.Td>{line.customer_name}</Table.Td>
                <Table.Td ta="right">{money(line.to_collect)}</Table.Td>
                <Table.Td ta="right">{money(line.collected)}</Table.Td>
                <Table.Td ta="right">{money(line.delivery_fee)}</Table.Td>
                <Table.Td ta="right">{money(line.cod_charge)}</Table.Td>
                <Table.Td>
                  <Badge color={LINE_STATUS[line.status].color} variant="light">
                    {phrase(LINE_STATUS[line.status].label)}
                  </Badge>
                  {line.note && <Text fz="xs">{line.note}</Text>}
                  {line.status === 'mismatch' && can('remittance.create') && <MismatchAccept line={line} />}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}
