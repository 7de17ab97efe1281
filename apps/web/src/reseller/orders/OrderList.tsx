import { ORDER_STATUS_LABELS, type OrderStatusCode } from '@haat/contracts';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { useNumber } from '../../lib/numbers';
import { Pagination } from '../../ui/resource/Pagination';
import { TableScroll } from '../../ui/TableScroll';
import { Loaded, PageHeading, useMoney, useText } from '../account/kit';
import { orderQueries, STATUS_COLORS } from './api';

const CODES = Object.keys(ORDER_STATUS_LABELS).map(Number) as OrderStatusCode[];

/** `/dropshipper/order/{status_code}`: the reseller's orders of one status (PRODUCT.md §3), with counts and search. */
export default function OrderList() {
  const { status_code: status = '1' } = useParams();
  const { t } = useText();
  const number = useNumber();
  const money = useMoney();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const page = Number(params.get('page') ?? '1') || 1;
  const search = new URLSearchParams({ page: String(page), per_page: '20' });
  if (params.get('q')) search.set('q', params.get('q') as string);
  const list = useQuery(orderQueries.list(status, search.toString()));
  const counts = list.data?.counts;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(q.trim() ? { q: q.trim() } : {});
  };

  return (
    <Stack>
      <PageHeading
        title={t('ordersTitle', '{{status}} orders', {
          status: t(`status${status}`, ORDER_STATUS_LABELS[Number(status) as OrderStatusCode] ?? ''),
        })}
      >
        <Button component={Link} to="/dropshipper/add/new/order">
          {t('addOrderTitle', 'Add new order')}
        </Button>
      </PageHeading>
      <Tabs
        value={status}
        onChange={(value) =>
          value && navigate(`/dropshipper/order/${value}${params.get('q') ? `?q=${encodeURIComponent(params.get('q') as string)}` : ''}`)
        }
      >
        <Tabs.List>
          {CODES.map((code) => (
            <Tabs.Tab
              key={code}
              value={String(code)}
              rightSection={
                counts ? (
                  <Badge size="sm" variant="light" c="dark.8" color={STATUS_COLORS[code]}>
                    {number(counts[String(code)] ?? 0)}
                  </Badge>
                ) : null
              }
            >
              {t(`status${code}`, ORDER_STATUS_LABELS[code])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Card withBorder>
        <form onSubmit={submit}>
          <Group align="flex-end">
            <TextInput
              label={t('searchOrders', 'Search by order number, phone or name')}
              value={q}
              onChange={(event) => setQ(event.currentTarget.value)}
              w={{ base: '100%', sm: 340 }}
            />
            <Button type="submit">{t('search', 'Search')}</Button>
          </Group>
        </form>
      </Card>
      <Loaded query={list}>
        {(data) => (
          <Stack>
            <TableScroll minWidth={760}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('order', 'Order')}</Table.Th>
                    <Table.Th>{t('placedAt', 'Placed')}</Table.Th>
                    <Table.Th>{t('customer', 'Customer')}</Table.Th>
                    <Table.Th ta="right">{t('items', 'Items')}</Table.Th>
                    <Table.Th ta="right">{t('total', 'Customer pays')}</Table.Th>
                    <Table.Th ta="right">{t('profit', 'My profit')}</Table.Th>
                    <Table.Th>{t('status', 'Status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Text c="dimmed" ta="center" py="md">
                          {t('noOrders', 'No orders here.')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {data.data.map((order) => (
                    <Table.Tr key={order.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/dropshipper/order/view/${order.id}`} fw={600}>
                          {order.number}
                        </Anchor>
                        <Text fz="xs">
                          <Anchor
                            component={Link}
                            to={`/dropshipper/order/summary/${order.id}`}
                            c="dimmed"
                            aria-label={t('summaryOf', 'Summary of {{number}}', { number: order.number })}
                          >
                            {t('summary', 'Summary')}
                          </Anchor>
                        </Text>
                      </Table.Td>
                      <Table.Td>{formatDateTime(order.placed_at)}</Table.Td>
                      <Table.Td>
                        <Text fz="sm">{order.customer_name}</Text>
                        <Text fz="xs" c="dimmed">
                          {order.phone}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{number(order.item_count)}</Table.Td>
                      <Table.Td ta="right">{money(order.total)}</Table.Td>
                      <Table.Td ta="right">{money(order.profit)}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[order.status]} variant="light" c="dark.8">
                          {t(`status${order.status}`, order.status_label)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Pagination
              total={data.total}
              perPage={data.per_page}
              page={data.current_page}
              onChange={(next) => {
                const merged = new URLSearchParams(params);
                merged.set('page', String(next));
                setParams(merged);
              }}
            />
          </Stack>
        )}
      </Loaded>
    </Stack>
  );
}
