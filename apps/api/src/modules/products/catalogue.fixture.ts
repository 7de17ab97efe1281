import type { ProductInput } from '@haat/contracts';
import { expect } from 'vitest';
import type { TestBrowser } from '../../test/harness';

/** A small catalogue for product tests, made through the API like an admin would. */
export interface Catalogue {
  women: number;
  kurti: number;
  cotton: number;
  men: number;
  shirts: number;
  brand: number;
  size: { m: number; l: number; xl: number };
  colour: { red: number; blue: number };
}

async function created(response: Promise<{ statusCode: number; json(): { data: { id: number } }; body: string }>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data.id;
}

export async function makeCatalogue(admin: TestBrowser): Promise<Catalogue> {
  const women = await created(admin.post('/api/admin/categories', { name: 'Women' }));
  const men = await created(admin.post('/api/admin/categories', { name: 'Men' }));
  const kurti = await created(admin.post('/api/admin/subcategories', { name: 'Kurti', parent_id: women }));
  const shirts = await created(admin.post('/api/admin/subcategories', { name: 'Shirts', parent_id: men }));
  const cotton = await created(admin.post('/api/admin/sub-subcategories', { name: 'Cotton Kurti', parent_id: kurti }));
  const brand = await created(admin.post('/api/admin/brands', { name: 'Aarong Style' }));
  const sizeId = await created(admin.post('/api/admin/attributes', { name: 'Size', sort_order: 1 }));
  const colourId = await created(admin.post('/api/admin/attributes', { name: 'Colour', sort_order: 2 }));
  const value = (attribute_id: number, text: string) => created(admin.post('/api/admin/variants', { attribute_id, value: text }));
  return {
    women,
    kurti,
    cotton,
    men,
    shirts,
    brand,
    size: { m: await value(sizeId, 'M'), l: await value(sizeId, 'L'), xl: await value(sizeId, 'XL') },
    colour: { red: await value(colourId, 'Red'), blue: await value(colourId, 'Blue') },
  };
}

/** A valid product body: one variant without options unless `variants` is given. */
export function productBody(catalogue: Catalogue, overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: 'Plain Cotton Kurti',
    sku: 'KT-100',
    category_id: catalogue.women,
    subcategory_id: catalogue.kurti,
    brand_id: catalogue.brand,
    purchase_cost: 60000,
    wholesale_price: 90000,
    retail_price: 125050,
    variants: [{ sku: '', attribute_value_ids: [], opening_stock: 0 }],
    ...overrides,
  };
}

/** Creates a product and returns its detail view. */
export async function createProduct(admin: TestBrowser, body: ProductInput) {
  const response = await admin.post('/api/admin/products', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as ProductDetail;
}

export interface ProductDetail {
  id: number;
  name: string;
  slug: string;
  sku: string;
  stock: number;
  status: number;
  description: string;
  images: { path: string; thumbnail: string; is_main: boolean; sort_order: number }[];
  main_index: number | null;
  variants: {
    id: number;
    sku: string;
    label: string;
    stock: number;
    price: number;
    price_override: number | null;
    attribute_value_ids: number[];
    removable: boolean;
  }[];
  [key: string]: unknown;
}
