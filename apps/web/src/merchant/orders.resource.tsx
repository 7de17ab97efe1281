import { type MerchantOrderLineView, ORDER_STATUS_LABELS, type OrderStatusCode } from '@haat/contracts';
import { Badge, Text } from '@mantine/core';
import { formatDateTime } from '../lib/dates';
import { usePhrase } from '../lib/phrases';
import { useMoney } from '../ui/portal/money/money';
import { type DeclaredResource, LIST_ONLY } from '../ui/resource/declared-routes';

const COLOR: Record<number, string> = { 1: 'gray', 2: 'blue', 3: 'indigo', 4: 'cyan', 5: 'green', 6: 'red', 7: 'dark', 8: 'yellow' };

/** `/merchant/orders`: each order line of the merchant's products, the order's status and the line's earning. No customer details. */
export default function useMerchantOrderLines(): DeclaredResource {
  const phrase = usePhrase();
  const money = useMoney();
  const line = (row: Record<string, unknown>) => row as unknown as MerchantOrderLineView;
  return {
    title: phrase('Order lines'),
    singular: phrase('Order line'),
    readOnly: true,
    resource: {
      api: '/api/merchant/order-lines',
      ...LIST_ONLY,
      list: {
        intro: phrase(
          'Every order line of your products. You earn your price × quantity when the order is delivered; a return takes it back.',
        ),
        search: false,
        export: false,
        filters: [
          {
            name: 'status',
            label: phrase('Order status'),
            options: Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label: phrase(label) })),
          },
        ],
        empty: phrase('No order has come in for your products yet.'),
        columns: [
          { key: 'order_number', label: phrase('Order') },
          {
            key: 'status',
            label: phrase('Status'),
            render: (row) => (
              <Badge color={COLOR[line(row).status] ?? 'gray'} variant="light" c="dark.8" miw="max-content">
                {phrase(ORDER_STATUS_LABELS[line(row).status as OrderStatusCode])}
              </Badge>
            ),
          },
          {
            key: 'product_name',
            label: phrase('Product'),
            render: (row) => (
              <div>
                <Text fz="sm">{line(row).product_name}</Text>
                <Text fz="xs" c="dimmed">
                  {[line(row).variant_label, line(row).sku].filter(Boolean).join(' · ')}
                </Text>
              </div>
            ),
          },
          { key: 'quantity', label: phrase('Quantity'), align: 'right' },
          {
            key: 'earned',
            label: phrase('Earned'),
            align: 'right',
            render: (row) => (line(row).earned ? <Text fw={600}>{money(line(row).earned)}</Text> : '—'),
          },
          { key: 'placed_at', label: phrase('Placed'), render: (row) => formatDateTime(line(row).placed_at) },
        ],
      },
    },
  };
}
