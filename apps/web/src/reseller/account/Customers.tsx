import type { Paginator } from '@haat/contracts';
import { Anchor, Badge, Button, Card, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { Pagination } from '../../ui/resource/Pagination';
import { STATUS_COLORS } from '../orders/api';
import { Loaded, PageHeading, useMoney, useText } from './kit';

interface CustomerRow {
  id: number;
  name: string;
  phone: string;
  address: string;
  order_count: number;
  delivered_total: number;
  last_order_at: string;
}

interface CustomerDetail {
  customer: { id: number; name: string; phone: string; address: string; order_count: number };
  orders: { id: number; number: string; status: number; status_label: string; total: number; placed_at: string }[];
}

/** `/dropshipper/customer`: the people the reseller ordered for, from their own orders. */
export default function Customers() {
  const { t } = useText();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [open, setOpen] = useState<number | null>(null);
  const search = new URLSearchParams({ page: params.get('page') ?? '1', per_page: '20' });
  if (params.get('q')) search.set('q', params.get('q') as string);
  const list = useQuery({
    queryKey: ['reseller', 'customers', search.toString()],
    queryFn: () => get<Paginator<CustomerRow>>(`/api/reseller/customers?${search}`),
    placeholderData: keepPreviousData,
  });
  const detail = useQuery({
    queryKey: ['reseller', 'customer', open],
    queryFn: () => get<CustomerDetail>(`/api/reseller/customers/${open}`),
    enabled: open !== null,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(q.trim() ? { q: q.trim() } : {});
  };
  return (
    <Stack>
      <PageHeading title={t('customersTitle', 'My customers')} />
      <Card withBorder>
        <form onSubmit={submit}>
          <Group align="flex-end">
            <TextInput
              label={t('searchCustomers', 'Search by name or phone')}
              value={q}
              onChange={(event) => setQ(event.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
            />
            <Button type="submit">{t('search', 'Search')}</Button>
          </Group>
        </form>
      </Card>
      <Loaded query={list}>
        {(data) => (
          <Stack>
            <Table.ScrollContainer minWidth={720}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('customer', 'Customer')}</Table.Th>
                    <Table.Th>{t('address', 'Address')}</Table.Th>
                    <Table.Th ta="right">{t('orders', 'Orders')}</Table.Th>
                    <Table.Th ta="right">{t('deliveredTotal', 'Delivered')}</Table.Th>
                    <Table.Th>{t('lastOrder', 'Last order')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <Text c="dimmed" ta="center" py="md">
                          {t('noCustomers', 'No customers yet: they appear here with your first order for them.')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {data.data.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        <Anchor component="button" type="button" fw={600} onClick={() => setOpen(row.id)}>
                          {row.name}
                        </Anchor>
                        <Text fz="xs" c="dimmed">
                          {row.phone}
                        </Text>
                      </Table.Td>
                      <Table.Td>{row.address}</Table.Td>
                      <Table.Td ta="right">{row.order_count}</Table.Td>
                      <Table.Td ta="right">{money(row.delivered_total)}</Table.Td>
                      <Table.Td>{formatDate(row.last_order_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pagination
              total={data.total}
              perPage={data.per_page}
              page={data.current_page}
              onChange={(page) => {
                const merged = new URLSearchParams(params);
                merged.set('page', String(page));
                setParams(merged);
              }}
            />
          </Stack>
        )}
      </Loaded>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={detail.data?.customer.name ?? t('customer', 'Customer')} size="lg">
        <Loaded query={detail}>
          {(data) => (
            <Stack>
              <Text>
                {data.customer.phone} · {data.customer.address}
              </Text>
              <Table>
                <Table.Tbody>
                  {data.orders.map((order) => (
                    <Table.Tr key={order.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/dropshipper/order/view/${order.id}`}>
                          {order.number}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{formatDate(order.placed_at)}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[order.status]} variant="light">
                          {t(`status${order.status}`, order.status_label)}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">{money(order.total)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}
        </Loaded>
      </Modal>
    </Stack>
  );
}
