import type { MerchantProductView } from '@haat/contracts';
import { Badge, Group, Image, Text } from '@mantine/core';
import { usePhrase } from '../lib/phrases';
import { useMoney } from '../ui/portal/money/money';
import { type DeclaredResource, LIST_ONLY } from '../ui/resource/declared-routes';

/** `/merchant/products`: the products the merchant supplies, with stock, units sold and what they earned. */
export default function useMerchantProducts(): DeclaredResource {
  const phrase = usePhrase();
  const money = useMoney();
  const product = (row: Record<string, unknown>) => row as unknown as MerchantProductView;
  return {
    title: phrase('My products'),
    singular: phrase('Product'),
    readOnly: true,
    resource: {
      api: '/api/merchant/products',
      ...LIST_ONLY,
      list: {
        intro: phrase('The products of yours the shop sells: your price, the stock left and the units delivered to customers.'),
        searchPlaceholder: phrase('Name or SKU'),
        export: false,
        empty: phrase('The shop has not listed any of your products yet.'),
        columns: [
          {
            key: 'name',
            label: phrase('Product'),
            render: (row) => (
              <Group gap="xs" wrap="nowrap">
                {product(row).thumbnail && <Image src={`/${product(row).thumbnail}`} alt="" w={36} h={36} radius="sm" />}
                <div>
                  <Text fw={600} fz="sm">
                    {product(row).name}
                  </Text>
                  <Text fz="xs" c="dimmed" ff="monospace">
                    {product(row).sku}
                  </Text>
                </div>
              </Group>
            ),
          },
          { key: 'merchant_price', label: phrase('Your price'), align: 'right', render: (row) => money(product(row).merchant_price ?? 0) },
          {
            key: 'stock',
            label: phrase('Stock'),
            align: 'right',
            render: (row) =>
              product(row).low_stock ? (
                <Badge color="orange" variant="light" c="dark.8">
                  {product(row).stock}
                </Badge>
              ) : (
                product(row).stock
              ),
          },
          { key: 'units_sold', label: phrase('Units sold'), align: 'right' },
          { key: 'earned', label: phrase('Earned'), align: 'right', render: (row) => money(product(row).earned) },
        ],
      },
    },
  };
}
