import './stacked-table.css';
import { type AdminOrderView, EDITABLE_ORDER_STATUSES, type OrderStatusCode, PAYMENT_METHODS } from '@haat/contracts';
import { Alert, Anchor, Button, Card, Grid, Group, Skeleton, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { NotFound } from '../../ui/NotFound';
import { OrderComplaints } from '../complaints/OrderComplaints';
import { OrderCourierPanel } from '../couriers/OrderCourierPanel';
import { OrderRemittanceNote } from '../couriers/remittances/OrderRemittanceNote';
import { OrderOnlinePayment } from '../payments/OrderOnlinePayment';
import { PhoneHistoryCard } from '../risk/PhoneHistoryCard';
import { useCan } from '../useAdmin';
import { OrderAssigneePanel } from './assignment/OrderAssigneePanel';
import { MoveOrdersDialog } from './MoveOrdersDialog';
import { OrderRefundPanel } from './OrderRefundPanel';
import { orderKeys, paymentStatusLabel, printUrl, STATUS_COLORS, StatusBadge, useOrderWords } from './order-ui';
import { PrintMenu } from './print/PrintMenu';

/**
 * `/admin/view/order/{id}`: everything about one order — customer, products, totals, payment,
 * source and courier — its timeline of moves, the moves it may take now as buttons, and its
 * printable invoice and label.
 */
export default function OrderView() {
  const { id } = useParams();
  const orderId = Number(id);
  if (!Number.isInteger(orderId) || orderId <= 0) return <NotFound home="/admin/order/process/1" inShell />;
  return <OrderDetail orderId={orderId} />;
}

function OrderDetail({ orderId }: { orderId: number }) {
  const { t, phrase, status: statusLabel, type: typeLabel, source: sourceLabel, number, money } = useOrderWords();
  const can = useCan();
  const queryClient = useQueryClient();
  const [moveTo, setMoveTo] = useState<OrderStatusCode | null>(null);
  const { data, error, isPending } = useQuery({
    queryKey: orderKeys.one(orderId),
    queryFn: () => get<{ data: AdminOrderView }>(`/api/admin/orders/${orderId}`).then((answer) => answer.data),
  });

  if (isPending) {
    return (
      <Stack>
        <Title order={1}>{t('orders.number')}</Title>
        <Skeleton h={200} />
      </Stack>
    );
  }
  if (error || !data) {
    if (error && 'status' in error && error.status === 404) return <NotFound home="/admin/order/process/1" inShell />;
    return (
      <Stack>
        <Title order={1}>{t('orders.number')}</Title>
        <Alert color="red" role="alert">
          {error?.message}
        </Alert>
      </Stack>
    );
  }

  const order = data;
  const place = [order.address, order.sub_city_name, order.city_name].filter(Boolean).join(', ');
  const field = (label: string, value: React.ReactNode) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" ta="right">
        {value}
      </Text>
    </Group>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1}>
              {t('orders.number')} {order.number}
            </Title>
            <StatusBadge status={order.status} />
          </Group>
          <Text fz="sm" c="dimmed">
            {typeLabel(order.type)} · {formatDateTime(order.placed_at)}
            {order.source ? ` · ${sourceLabel(order.source)}` : ''}
          </Text>
          {order.exchange_of && (
            <Text fz="sm">
              {t('orders.exchangeOf')}{' '}
              <Anchor component={Link} to={`/admin/view/order/${order.exchange_of.id}`}>
                {order.exchange_of.number}
              </Anchor>
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {can('order.update') && (EDITABLE_ORDER_STATUSES as readonly number[]).includes(order.status) && (
            <Button component={Link} to={`/admin/orderEdit/${order.id}`} variant="default">
              {t('orders.editOrder')}
            </Button>
          )}
          <Button component="a" href={printUrl([order.id], 'invoice')} target="_blank" rel="noopener" variant="light">
            {t('orders.printInvoice')}
          </Button>
          <Button component="a" href={printUrl([order.id], 'label')} target="_blank" rel="noopener" variant="default">
            {t('orders.printLabel')}
          </Button>
          <OrderComplaints order={order} />
          <PrintMenu ids={[order.id]} variant="default" />
          <Button component={Link} to={`/admin/order/process/${order.status}`} variant="subtle">
            {t('orders.listTitle', { status: statusLabel(order.status) })}
          </Button>
        </Group>
      </Group>

      {can('order.status.update') && order.allowed_moves.length > 0 && (
        <Card withBorder padding="sm">
          <Group gap="sm">
            <Text fz="sm" fw={600}>
              {t('orders.moveTo')}:
            </Text>
            {order.allowed_moves.map((code) => (
              <Button
                key={code}
                size="sm"
                variant={code === 7 || code === 6 ? 'outline' : 'filled'}
                color={STATUS_COLORS[code as OrderStatusCode]}
                onClick={() => setMoveTo(code as OrderStatusCode)}
              >
                {statusLabel(code)}
              </Button>
            ))}
          </Group>
        </Card>
      )}

      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Card withBorder>
              <Title order={2} fz="lg" mb="sm">
                {t('orders.lines')}
              </Title>
              {/* A card per line on a phone (stacked-table.css): quantity, price and total always in view. */}
              <Table verticalSpacing="xs" aria-label={t('orders.lines')} className="stacked-table" data-testid="order-lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{phrase('Product')}</Table.Th>
                    <Table.Th>SKU</Table.Th>
                    <Table.Th ta="right">{phrase('Quantity')}</Table.Th>
                    <Table.Th ta="right">{phrase('Price')}</Table.Th>
                    <Table.Th ta="right">{t('orders.total')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {order.lines.map((line) => (
                    <Table.Tr key={line.id}>
                      <Table.Td fz="sm">
                        <Anchor component={Link} to={`/admin/product/edit/${line.product_id}`} fz="sm" fw={500}>
                          {line.name}
                        </Anchor>
                        {line.variant_label && (
                          <Text fz="xs" c="dimmed">
                            {line.variant_label}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td fz="sm" data-label="SKU">
                        {line.sku}
                      </Table.Td>
                      <Table.Td fz="sm" ta="right" data-label={phrase('Quantity')} data-testid="line-quantity">
                        {number(line.quantity)}
                      </Table.Td>
                      <Table.Td fz="sm" ta="right" data-label={phrase('Price')} data-testid="line-price">
                        {money(line.unit_price)}
                      </Table.Td>
                      <Table.Td fz="sm" ta="right" fw={600} data-label={t('orders.total')} data-testid="line-total">
                        {money(line.line_total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>

            <Card withBorder>
              <Title order={2} fz="lg" mb="sm">
                {t('orders.timeline')}
              </Title>
              <Timeline active={order.history.length - 1} bulletSize={18} lineWidth={2} aria-label={t('orders.timeline')}>
                {order.history.map((entry, index) => (
                  <Timeline.Item
                    // biome-ignore lint/suspicious/noArrayIndexKey: history rows are append-only, in order
                    key={index}
                    color={STATUS_COLORS[entry.status as OrderStatusCode]}
                    title={
                      entry.from_status ? `${statusLabel(entry.from_status)} → ${statusLabel(entry.status)}` : statusLabel(entry.status)
                    }
                  >
                    {/* The system's own notes (Order placed…) in the page's language; staff's notes as typed. */}
                    {entry.note && <Text fz="sm">{phrase(entry.note)}</Text>}
                    <Text fz="xs" c="dimmed">
                      {formatDateTime(entry.at)} ·{' '}
                      {entry.admin_name
                        ? t('orders.byWhom', { name: entry.admin_name })
                        : entry.by === 'customer'
                          ? phrase('by the customer')
                          : t('orders.bySystem')}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <Card withBorder>
              <Title order={2} fz="lg" mb="sm">
                {t('orders.customerSection')}
              </Title>
              <Text fw={600}>{order.customer_name}</Text>
              <Anchor href={`tel:${order.phone}`} fz="sm">
                {order.phone}
              </Anchor>
              <Text fz="sm" mt={4}>
                {place}
              </Text>
              {order.note && (
                <Alert color="yellow" mt="sm" p="xs">
                  <Text fz="sm">{order.note}</Text>
                </Alert>
              )}
            </Card>

            <PhoneHistoryCard phone={order.phone} orderId={order.id} />

            <Card withBorder>
              <Title order={2} fz="lg" mb="sm">
                {t('orders.totals')}
              </Title>
              <Stack gap={4}>
                {field(phrase('Subtotal'), money(order.subtotal))}
                {field(phrase('Delivery charge'), money(order.delivery_charge))}
                {order.discount > 0 &&
                  field(
                    order.coupon_code ? phrase('Discount ({{code}})', { code: order.coupon_code }) : phrase('Discount'),
                    `− ${money(order.discount)}`,
                  )}
                {field(t('orders.total'), <strong>{money(order.total)}</strong>)}
                {order.advance_paid > 0 && field(phrase('Advance paid'), money(order.advance_paid))}
                {field(phrase('To collect'), <strong>{money(order.due)}</strong>)}
                {order.return_charge !== null && field(t('orders.returnCharge'), money(order.return_charge))}
              </Stack>
            </Card>

            <Card withBorder>
              <Title order={2} fz="lg" mb="sm">
                {t('orders.payment')}
              </Title>
              <Stack gap={4}>
                {field(
                  phrase('Method'),
                  phrase(PAYMENT_METHODS.find((method) => method.code === order.payment_method)?.name ?? order.payment_method),
                )}
                {field(phrase('Status'), paymentStatusLabel(order.payment_status, phrase))}
              </Stack>
              {order.payment_method === 'cod' && order.status === 5 && <OrderRemittanceNote orderId={order.id} />}
            </Card>

            <OrderOnlinePayment orderId={order.id} status={order.status} />
            <OrderAssigneePanel orderId={order.id} />
            <OrderRefundPanel orderId={order.id} />

            <Card withBorder>
              <Title order={2} fz="lg" mb="sm">
                {t('orders.delivery')}
              </Title>
              <Stack gap={4}>{field(t('orders.source'), sourceLabel(order.source))}</Stack>
            </Card>

            <OrderCourierPanel orderId={order.id} onChanged={() => queryClient.invalidateQueries({ queryKey: orderKeys.all })} />
          </Stack>
        </Grid.Col>
      </Grid>

      <MoveOrdersDialog
        opened={moveTo !== null}
        onClose={() => setMoveTo(null)}
        ids={[order.id]}
        from={order.status as OrderStatusCode}
        initialTo={moveTo}
      />
    </Stack>
  );
}
