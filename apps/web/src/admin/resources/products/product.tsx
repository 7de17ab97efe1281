import { PRODUCT_IMPORT_COLUMNS, productDescriptor } from '@haat/contracts';
import { Image, Text } from '@mantine/core';
import i18next from 'i18next';
import { imageUrl } from '../../../lib/image';
import { phrase } from '../../../lib/phrases';
import { defineResource } from '../types';
import { PRODUCT_STATUS_LABELS, PriceCell, productStatusOptions, StockCell } from './shared';

type Row = Record<string, unknown>;

const thumbnailOf = (row: Row) => (row.thumbnail ?? row.main_image ?? row.image ?? null) as string | null;

/**
 * The product list of `/admin/products/{number_of_page}`. The add and edit screens are bespoke
 * (variants, images, stock): see screens/products/ProductForm.tsx.
 */
export default defineResource(productDescriptor, {
  list: {
    columns: [
      {
        key: 'thumbnail',
        label: 'Image',
        render: (row) => {
          const path = thumbnailOf(row);
          return path ? (
            <Image src={imageUrl(path)} alt="" h={44} w={44} fit="cover" radius="sm" />
          ) : (
            <Text c="dimmed" fz="xs">
              {phrase('No image')}
            </Text>
          );
        },
      },
      {
        key: 'name',
        label: 'Name',
        sort: 'name',
        link: true,
        // On a Bengali page the Bengali name, when the product has one.
        render: (row) => String((i18next.language === 'bn' && row.name_bn) || row.name),
      },
      {
        key: 'sku',
        label: 'SKU',
        render: (row) => (
          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {String(row.sku)}
          </Text>
        ),
      },
      {
        key: 'category_name',
        label: 'Category',
        render: (row) => (row.category_name ? String(row.category_name) : '—'),
      },
      {
        key: 'retail_price',
        label: 'Price',
        sort: 'retail_price',
        render: (row) => (
          <PriceCell
            retail={Number(row.retail_price)}
            wholesale={Number(row.wholesale_price)}
            discount={row.discount_active === false ? null : (row.discount_price as number | null)}
          />
        ),
      },
      {
        key: 'stock',
        label: 'Stock',
        sort: 'stock',
        render: (row) => (
          <StockCell
            stock={Number(row.stock)}
            threshold={row.low_stock_threshold as number | null}
            low={typeof row.low_stock === 'boolean' ? row.low_stock : undefined}
          />
        ),
      },
      { key: 'status', label: 'Status', kind: 'status', statusLabels: PRODUCT_STATUS_LABELS },
    ],
    filters: [
      { name: 'category_id', label: 'Category', reference: { api: '/api/admin/categories', query: 'sort=name' } },
      { name: 'brand_id', label: 'Brand', reference: { api: '/api/admin/brands', query: 'sort=name' } },
      { name: 'status', label: 'Status', options: productStatusOptions },
      {
        name: 'low_stock',
        label: 'Stock',
        options: [
          { value: '1', label: 'Low stock' },
          { value: '0', label: 'Not low' },
        ],
      },
    ],
    defaultSort: '-id',
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Name or SKU',
    empty: 'No products yet. Add one, or import a CSV file of products.',
    export: { permission: 'product.export' },
    import: {
      permission: 'product.import',
      columns: PRODUCT_IMPORT_COLUMNS,
      example: [
        [
          'KT-101',
          'Block-print cotton kurti',
          'ব্লক প্রিন্ট সুতি কুর্তি',
          'Women > Kurti',
          'Aarong',
          '650',
          '900',
          '1250',
          '',
          '1',
          '20',
          '',
          '5',
          '300',
        ],
        ['KT-102', 'Embroidered linen kurti', '', 'Women > Kurti', '', '820', '1100', '1490', '1350', '0', '8', '', '3', '320'],
      ],
      help: 'Rows are matched by SKU: a new SKU adds a product, a known one updates it. Prices are in taka.',
    },
  },
  // The generated form is replaced by screens/products/ProductForm.tsx (see the registry).
  form: { fields: [] },
});
