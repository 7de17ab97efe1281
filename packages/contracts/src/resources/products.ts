import { z } from 'zod';
import { idList } from '../fields';
import { comboInput, productInput } from '../product';
import { defineResourceDescriptor, idFilter, statusFilter, viewOf } from './descriptor';

type Stamped = { id: number; created_at: string; updated_at: string };

export type ProductView = Stamped & {
  name: string;
  name_bn: string | null;
  slug: string;
  sku: string;
  thumbnail: string | null;
  main_image: string | null;
  image: string | null;
  category_name: string | null;
  retail_price: number;
  wholesale_price: number;
  discount_price: number | null;
  discount_active: boolean;
  stock: number;
  low_stock_threshold: number | null;
  low_stock: boolean;
  status: number;
};

const productIds = z.preprocess((value) => String(value).split(','), idList.min(1).max(100));

/**
 * The admin product list, form and bulk actions. Every sort and filter has an index of its own
 * (product.table.ts), so the list stays fast at 100,000 products.
 */
export const productDescriptor = defineResourceDescriptor({
  name: 'product',
  label: 'product',
  title: 'Products',
  path: '/api/admin/products',
  permission: 'product',
  input: productInput,
  view: viewOf<ProductView>(),
  sort: ['id', 'name', 'retail_price', 'stock', 'created_at'],
  defaultSort: '-id',
  filters: {
    category_id: idFilter,
    brand_id: productIds,
    merchant_id: productIds,
    status: statusFilter,
    low_stock: z.enum(['1', '0', 'true', 'false']).transform((value) => value === '1' || value === 'true'),
  },
});

export interface ComboItemView {
  variant_id: number;
  quantity: number;
  product_id: number;
  product_name: string;
  sku: string;
  variant: string;
  price: number;
  stock: number;
}

export type ComboView = Stamped & {
  name: string;
  slug: string;
  image: string | null;
  price: number;
  items: ComboItemView[];
  stock: number;
  parts_price: number;
  saving: number;
  status: number;
};

/** Combo products: a bundle of variants at one price, stock limited by its parts. */
export const comboDescriptor = defineResourceDescriptor({
  name: 'combo',
  label: 'combo',
  title: 'Combo products',
  path: '/api/admin/combos',
  permission: 'combo',
  input: comboInput,
  view: viewOf<ComboView>(),
  sort: ['id', 'name', 'price', 'created_at'],
  defaultSort: '-id',
  filters: { status: statusFilter },
});
