import { idList, productDescriptor } from '@haat/contracts';
import { not } from 'drizzle-orm';
import { z } from 'zod';
import { createResource } from '../../http/resource';
import {
  combosUsingProduct,
  inCategory,
  lowStock,
  productAuditSnapshots,
  productCsvRows,
  productDetail,
  productListViews,
  productSearch,
  productValues,
  publishProducts,
  saveProductChildren,
} from './product.service';
import { products } from './product.table';

const _idList = z.preprocess((value) => String(value).split(','), idList.min(1).max(100));
const _flag = z.enum(['1', '0', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/**
 * The admin product list, form and bulk actions (`/api/admin/products`). Every sort and filter
 * here has an index of its own (product.table.ts), so the list stays fast at 100,000 products.
 */
export const productResource = createResource(productDescriptor, {
  table: products,
  id: products.id,
  searchWhere: productSearch,
  sort: {
    id: products.id,
    name: products.name,
    retail_price: products.retailPrice,
    stock: products.stock,
    created_at: products.createdAt,
  },
  filters: {
    category_id: { where: (value, { db }) => inCategory(db, value as number) },
    brand_id: { column: products.brandId },
    merchant_id: { column: products.merchantId },
    status: { column: products.status },
    low_stock: { where: (value) => (value ? lowStock : not(lowStock)) },
  },
  unique: [
    { column: products.sku, field: 'sku', message: 'Another product already uses this SKU.' },
    { column: products.slug, field: 'slug', message: 'Another product already uses this slug.' },
  ],
  // Orders join here when the orders issue lands.
  usedBy: [{ label: 'combos', count: ({ db }, id) => combosUsingProduct(db, id) }],
  statusColumn: products.status,
  // Publishing checks the prices: nothing at 0 reaches the shop (issue 17).
  bulkActions: { actions: ['publish'], run: (ctx, _action, ids) => publishProducts(ctx, ids) },
  toValues: ({ db }, input, existing) => productValues(db, input, existing),
  afterSave: saveProductChildren,
  toViews: ({ db }, rows) => productListViews(db, rows),
  toDetail: ({ db }, row) => productDetail(db, row),
  exportPermission: 'product.export',
  toCsvRows: ({ db }, rows) => productCsvRows(db, rows),
  // A price edit shows before → after: the product's prices and stock with each variant's.
  audit: { snapshot: productAuditSnapshots },
});
