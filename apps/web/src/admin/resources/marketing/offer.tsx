import { offerDescriptor } from '@haat/contracts';
import { Text } from '@mantine/core';
import { defineResource } from '../types';
import {
  activeStatusColumn,
  activeStatusField,
  activeStatusFilter,
  amountOffField,
  CategoriesField,
  dateTimeField,
  discountColumn,
  discountTypeField,
  ProductsField,
  percentOffField,
  stateColumn,
  stateFilter,
  windowColumn,
} from './shared';

/** Offers (`/admin/offer`): a percentage or an amount off chosen products and categories, between two times. */
export default defineResource(offerDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Offer', sort: 'name', link: true },
      discountColumn,
      {
        key: 'applies_to',
        label: 'Applies to',
        render: (row) => (
          <Text fz="sm" lineClamp={2} maw={320}>
            {String(row.applies_to || '—')}
          </Text>
        ),
      },
      windowColumn,
      stateColumn,
      activeStatusColumn,
    ],
    filters: [
      stateFilter,
      {
        name: 'discount_type',
        label: 'Kind',
        options: [
          { value: 'percent', label: 'Percentage off' },
          { value: 'amount', label: 'Fixed amount off' },
        ],
      },
      activeStatusFilter,
    ],
    defaultSort: '-id',
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Offer name',
    empty:
      'No offers yet. An offer takes a percentage or an amount off chosen products or whole categories for a while, like "Saree week: 10% off".',
  },
  form: {
    fields: [
      { name: 'name', label: 'Offer name', kind: 'text', required: true, description: 'Shoppers see it beside the price' },
      discountTypeField('percent'),
      percentOffField,
      amountOffField,
      {
        name: 'category_ids',
        label: 'Categories',
        kind: 'custom',
        component: CategoriesField,
        initial: [],
        description: 'Every product filed under them, at any level, gets the discount',
      },
      {
        name: 'product_ids',
        label: 'Products',
        kind: 'custom',
        component: ProductsField,
        initial: [],
        description: 'Chosen products, besides the categories',
      },
      dateTimeField('starts_at', 'Starts', { required: true }),
      dateTimeField('ends_at', 'Ends', { required: true }),
      activeStatusField,
    ],
  },
});
