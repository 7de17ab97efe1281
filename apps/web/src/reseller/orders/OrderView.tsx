import type { ResellerOrderView } from '@haat/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { useNumber } from '../../lib/numbers';
import { TableScroll } from '../../ui/TableScroll';
import { Loaded, PageHeading, useMoney, useText } from '../account/kit';
import { orderQueries, STATUS_COLORS } from './api';

/** `/dropshipper/order/view/{id}`: lines, totals, the reseller's profit and the status timeline. */
export default function OrderView() {
  const { id = '' } = useParams();
  const { t } = useText();
  const order = useQuery(orderQueries.one(id));
  return (
    <Loaded query={order}>
      {(data) => (
        <Stack>
          <PageHeading title={t('orderTitle', 'Order {{number}}', { number: data.number })}>
            <Button component={Link} to={`/dropshipper/order/summary/${data.id}`} variant="default">
              {t('summary', 'Summary')}
            </Button>
            {data.editable && (
              <Button component={Link} to={`/dropshipper/order/edit/${data.id}`}>
                {t('editOrder', 'Edit order')}
              </Button>
            )}
          </PageHeading>
          <Group gap="xs">
            <Badge size="lg" color={STATUS_COLORS[data.status]} variant="light" c="dark.8">
              {t(`status${data.status}`, data.status_label)}
            </Badge>
            <Text c="dimmed" fz="sm">
              {t('placedOn', 'Placed {{when}}', { when: formatDateTime(data.placed_at) })}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <CustomerCard order={data} />
            <TotalsCard order={data} />
          </SimpleGrid>
          <LinesCard order={data} />
          <Card withBorder>
            <Title order={2} fz="h4" mb="sm">
              {t('timeline', 'Status timeline')}
            </Title>
            <Timeline active={data.history.length - 1} bulletSize={18}>
              {data.history.map((row) => (
                <Timeline.Item key={`${row.at}-${row.from_status ?? 0}-${row.status}`} title={t(`status${row.status}`, row.status_label)}>
                  <Text fz="sm" c="dimmed">
                    {formatDateTime(row.at)}
                    {row.admin_name ? ` · ${row.admin_name}` : ''}
                  </Text>
                  {row.note && <Text fz="sm">{row.note}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          </Card>
        </Stack>
      )}
    </Loaded>
  );
}

export function CustomerCard({ order }: { order: ResellerOrderView }) {
  const { t } = useText();
  return (
    <Card withBorder>
      <Title order={2} fz="h4" mb="sm">
        {t('customer', 'Customer')}
      </Title>
      <Text fw={600}>{order.customer_name}</Text>
      <Text>{order.phone}</Text>
      <Text>{order.address}</Text>
      <Text c="dimmed">{[order.sub_city_name, order.city_name].filter(Boolean).join(', ')}</Text>
      {order.note && (
        <Text mt="xs" fz="sm">
          <b>{t('note', 'Note for the shop')}:</b> {order.note}
        </Text>
      )}
    </Card>
  );
}

export function TotalsCard({ order }: { order: ResellerOrderView }) {
  const { t } = useText();
  const money = useMoney();
  const rows: [string, number, boolean?][] = [
    [t('subtotal', 'Subtotal'), order.subtotal],
    [t('deliveryCharge', 'Delivery charge'), order.delivery_charge],
    ...(order.discount ? ([[t('discount', 'Discount'), -order.discount]] as [string, number][]) : []),
    [t('total', 'Customer pays'), order.total, true],
    [t('advance', 'Advance paid'), order.advance_paid],
    [t('dueOnDelivery', 'Due on delivery'), order.total - order.advance_paid],
    [t('wholesaleTotal', 'Wholesale total'), order.wholesale_total],
    [t('profit', 'My profit'), order.profit, true],
  ];
  return (
    <Card withBorder>
      <Title order={2} fz="h4" mb="sm">
        {t('totals', 'Totals')}
      </Title>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value, strong]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td ta="right" fw={strong ? 700 : undefined}>
                {money(value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

export function LinesCard({ order }: { order: ResellerOrderView }) {
  const { t } = useText();
  const number = useNumber();
  const money = useMoney();
  return (
    <Card withBorder>
      <Title order={2} fz="h4" mb="sm">
        {t('products', 'Products')}
      </Title>
      <TableScroll minWidth={640}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('product', 'Product')}</Table.Th>
              <Table.Th ta="right">{t('quantity', 'Quantity')}</Table.Th>
              <Table.Th ta="right">{t('myPrice', 'My price')}</Table.Th>
              <Table.Th ta="right">{t('wholesalePrice', 'Wholesale price')}</Table.Th>
              <Table.Th ta="right">{t('lineTotal', 'Line total')}</Table.Th>
              <Table.Th ta="right">{t('profit', 'My profit')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {line.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {[line.variant_label, line.sku].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{number(line.quantity)}</Table.Td>
                <Table.Td ta="right">{money(line.unit_price)}</Table.Td>
                <Table.Td ta="right">{money(line.wholesale_price)}</Table.Td>
                <Table.Td ta="right">{money(line.line_total)}</Table.Td>
                <Table.Td ta="right">{money((line.unit_price - line.wholesale_price) * line.quantity)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}
