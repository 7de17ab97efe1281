import type { ProductInput } from '@haat/contracts';
import { expect } from 'vitest';
import type { TestBrowser } from '../../test/harness';
import { type Catalogue, createProduct, makeCatalogue, type ProductDetail, productBody } from '../products/catalogue.fixture';

/** An ISO instant `ms` milliseconds from now (negative: in the past). */
export const msFromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface Shop {
  catalogue: Catalogue;
  /** Women › Kurti, brand Aarong Style: (M, Red) 5 in stock and (L, Blue) none; featured, best seller, on the home page. */
  kurti: ProductDetail;
  /** Women › Kurti › Cotton Kurti: its own discount running, (XL, Red) at its own price. */
  cotton: ProductDetail;
  /** Men › Shirts, no brand, (M, Blue) 2 in stock. */
  shirt: ProductDetail;
  /** A draft in Women › Kurti that is featured, a best seller and on the home page: never shown. */
  draft: ProductDetail;
}

async function ok(response: Promise<{ statusCode: number; body: string }>, status = 200) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer;
}

/** A small shop made through the admin API: categories on the home page, four products, one of them a draft. */
export async function makeShop(admin: TestBrowser): Promise<Shop> {
  const catalogue = await makeCatalogue(admin);
  await ok(admin.put(`/api/admin/categories/${catalogue.women}`, { name: 'Women', slug: 'women', show_on_home: true, sort_order: 1 }));
  await ok(admin.put(`/api/admin/categories/${catalogue.men}`, { name: 'Men', slug: 'men', show_on_home: true, sort_order: 2 }));
  const kurti = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Plain Cotton Kurti',
      sku: 'SF-KURTI',
      description: '<p>Soft <strong>cotton</strong> kurti for every day.</p>',
      is_featured: true,
      is_best_seller: true,
      show_on_home: true,
      images: [
        { path: 'products/kurti-front.webp', thumbnail: 'products/kurti-front-thumb.webp' },
        // The back shows the blue one: choosing Blue on the product page shows it.
        {
          path: 'products/kurti-back.webp',
          thumbnail: 'products/kurti-back-thumb.webp',
          is_main: true,
          attribute_value_id: catalogue.colour.blue,
        },
      ],
      variants: [
        { sku: '', attribute_value_ids: [catalogue.size.m, catalogue.colour.red], opening_stock: 5 },
        { sku: '', attribute_value_ids: [catalogue.size.l, catalogue.colour.blue], opening_stock: 0 },
      ],
    } satisfies Partial<ProductInput>),
  );
  const cotton = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Handloom Cotton Kurti',
      sku: 'SF-COTTON',
      sub_subcategory_id: catalogue.cotton,
      wholesale_price: 100000,
      retail_price: 150000,
      discount_price: 120000,
      discount_starts_at: msFromNow(-DAY_MS),
      discount_ends_at: msFromNow(10 * DAY_MS),
      variants: [{ sku: '', attribute_value_ids: [catalogue.size.xl, catalogue.colour.red], price_override: 160000, opening_stock: 3 }],
    }),
  );
  const shirt = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Oxford Shirt',
      sku: 'SF-SHIRT',
      category_id: catalogue.men,
      subcategory_id: catalogue.shirts,
      brand_id: null,
      wholesale_price: 60000,
      retail_price: 80000,
      variants: [{ sku: '', attribute_value_ids: [catalogue.size.m, catalogue.colour.blue], opening_stock: 2 }],
    }),
  );
  const draft = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Secret Draft Kurti',
      sku: 'SF-DRAFT',
      status: 0,
      is_featured: true,
      is_best_seller: true,
      show_on_home: true,
      variants: [{ sku: '', attribute_value_ids: [catalogue.size.m, catalogue.colour.red], opening_stock: 9 }],
    }),
  );
  return { catalogue, kurti, cotton, shirt, draft };
}

/** The full body of a saved product, for a PUT that changes a few fields. */
export function productUpdate(product: ProductDetail, changes: Partial<ProductInput>): ProductInput {
  const detail = product as ProductDetail & Record<string, unknown>;
  return {
    name: product.name,
    slug: product.slug,
    sku: product.sku,
    category_id: detail.category_id as number,
    subcategory_id: (detail.subcategory_id as number | null) ?? null,
    sub_subcategory_id: (detail.sub_subcategory_id as number | null) ?? null,
    brand_id: (detail.brand_id as number | null) ?? null,
    description: product.description,
    purchase_cost: detail.purchase_cost as number,
    wholesale_price: detail.wholesale_price as number,
    retail_price: detail.retail_price as number,
    discount_price: (detail.discount_price as number | null) ?? null,
    discount_starts_at: detail.discount_starts_at ? new Date(detail.discount_starts_at as string).toISOString() : null,
    discount_ends_at: detail.discount_ends_at ? new Date(detail.discount_ends_at as string).toISOString() : null,
    status: product.status,
    is_featured: detail.is_featured as boolean,
    is_best_seller: detail.is_best_seller as boolean,
    show_on_home: detail.show_on_home as boolean,
    images: product.images.map((image) => ({ path: image.path, thumbnail: image.thumbnail, is_main: image.is_main })),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      attribute_value_ids: variant.attribute_value_ids,
      price_override: variant.price_override,
      opening_stock: 0,
    })),
    ...changes,
  };
}
