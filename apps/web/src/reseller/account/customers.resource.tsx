import { Anchor, Badge, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { useNumber } from '../../lib/numbers';
import { type DeclaredResource, LIST_ONLY } from '../../ui/resource/declared-routes';
import { STATUS_COLORS } from '../orders/api';
import { Loaded, useMoney, useText } from './kit';

interface CustomerDetail {
  customer: { id: number; name: string; phone: string; address: string; order_count: number };
  orders: { id: number; number: string; status: number; status_label: string; total: number; placed_at: string }[];
}

/** `/dropshipper/customer`: the people the reseller ordered for, from their own orders. */
export default function useCustomersResource(): DeclaredResource {
  const { t } = useText();
  const number = useNumber();
  const money = useMoney();
  return {
    title: t('customersTitle', 'My customers'),
    singular: t('customer', 'Customer'),
    readOnly: true,
    resource: {
      api: '/api/reseller/customers',
      ...LIST_ONLY,
      list: {
        intro: t('customersIntro', 'Everyone you have ordered for, with their latest address. Choose a name to see their orders.'),
        searchPlaceholder: t('searchCustomers', 'Search by name or phone'),
        perPage: 20,
        export: false,
        empty: t('noCustomers', 'No customers yet: they appear here with your first order for them.'),
        columns: [
          {
            key: 'name',
            label: t('customer', 'Customer'),
            render: (row) => <CustomerOrders id={Number(row.id)} name={String(row.name)} phone={String(row.phone)} />,
          },
          { key: 'address', label: t('address', 'Address') },
          { key: 'order_count', label: t('orders', 'Orders'), align: 'right', render: (row) => number(Number(row.order_count)) },
          {
            key: 'delivered_total',
            label: t('deliveredTotal', 'Delivered'),
            align: 'right',
            render: (row) => money(Number(row.delivered_total)),
          },
          { key: 'last_order_at', label: t('lastOrder', 'Last order'), render: (row) => formatDate(String(row.last_order_at)) },
        ],
      },
    },
  };
}

/** The customer's name, opening their orders with this reseller. */
function CustomerOrders({ id, name, phone }: { id: number; name: string; phone: string }) {
  const { t } = useText();
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const detail = useQuery({
    queryKey: ['reseller', 'customer', id],
    queryFn: () => get<CustomerDetail>(`/api/reseller/customers/${id}`),
    enabled: open,
  });
  return (
    <>
      <Anchor component="button" type="button" fw={600} onClick={() => setOpen(true)}>
        {name}
      </Anchor>
      <Text fz="xs" c="dimmed">
        {phone}
      </Text>
      <Modal opened={open} onClose={() => setOpen(false)} title={name} size="lg">
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
                        <Badge color={STATUS_COLORS[order.status]} variant="light" c="dark.8">
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
    </>
  );
}
