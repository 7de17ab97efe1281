import { comboDescriptor } from '@haat/contracts';
import { Text } from '@mantine/core';
import i18next from 'i18next';
import { formatNumber as formatIn } from '../../../lib/numbers';
import { phrase } from '../../../lib/phrases';
import { AA_COLORS } from '../../../ui/colors';
import { slugField } from '../catalog/shared';
import { defineResource } from '../types';
import { ComboItemsField } from './ComboItemsField';
import { Money, PRODUCT_STATUS_LABELS, productStatusOptions, StockCell } from './shared';

type Row = Record<string, unknown>;
type Item = { product_name: string; variant: string; quantity: number };

/** Combo products (`/admin/combo/products`): a bundle of product variants at one price, its stock limited by its parts. */
export default defineResource(comboDescriptor, {
  list: {
    columns: [
      { key: 'image', label: 'Image', kind: 'image' },
      { key: 'name', label: 'Name', sort: 'name', link: true },
      {
        key: 'items',
        label: 'Items',
        render: (row) => (
          <Text fz="sm" lineClamp={2} maw={320}>
            {((row.items as Item[]) ?? [])
              .map(
                (item) => `${formatIn(item.quantity, i18next.language)} × ${item.product_name}${item.variant ? ` (${item.variant})` : ''}`,
              )
              .join(', ')}
          </Text>
        ),
      },
      {
        key: 'price',
        label: 'Price',
        sort: 'price',
        render: (row: Row) => (
          <div>
            <Money paisa={Number(row.price)} fw={600} />
            {Number(row.saving) > 0 && (
              <Text fz="xs" c={AA_COLORS.success}>
                {phrase('Saves')} <Money paisa={Number(row.saving)} fz="xs" />
              </Text>
            )}
          </div>
        ),
      },
      { key: 'stock', label: 'Stock from parts', render: (row) => <StockCell stock={Number(row.stock)} threshold={0} /> },
      { key: 'status', label: 'Status', kind: 'status', statusLabels: PRODUCT_STATUS_LABELS },
    ],
    filters: [{ name: 'status', label: 'Status', options: productStatusOptions }],
    defaultSort: '-id',
    bulk: ['publish', 'unpublish', 'delete'],
    empty: 'No combos yet. A combo sells several products together at one price, like a saree with a matching blouse piece.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { ...slugField, description: 'The web address part, like eid-saree-combo. Leave empty to make one from the name.' },
      { name: 'image', label: 'Image', kind: 'image', folder: 'combos', half: true },
      { name: 'price', label: 'Combo price', kind: 'money', required: true, half: true, description: 'What the whole bundle costs' },
      { name: 'items', label: 'Items', kind: 'custom', component: ComboItemsField, initial: [] },
      { name: 'status', label: 'Status', kind: 'status', statusLabels: PRODUCT_STATUS_LABELS, half: true },
    ],
  },
});
