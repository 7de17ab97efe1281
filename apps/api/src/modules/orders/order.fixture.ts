import { randomUUID } from 'node:crypto';
import type { CheckoutInput, ProductInput } from '@haat/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { cities, subCities } from '../locations/location.table';
import { type Catalogue, createProduct, makeCatalogue, productBody } from '../products/catalogue.fixture';
import { productVariants, stockMovements } from '../products/product.table';

/** A shop for cart, checkout and order tests: an admin, a small catalogue, and two places to deliver to. */
export interface Shop {
  t: TestApp;
  admin: TestBrowser;
  catalogue: Catalogue;
  /** Dhanmondi, inside the main city (৳70 by default). */
  dhaka: { city_id: number; sub_city_id: number };
  /** An upazila of Sylhet, outside the main city (৳130 by default). */
  sylhet: { city_id: number; sub_city_id: number };
}

async function place(t: TestApp, cityName: string, subCityName?: string) {
  const db = t.database.db;
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.name, cityName));
  if (!city) throw new Error(`no city ${cityName}`);
  const [subCity] = await db
    .select({ id: subCities.id })
    .from(subCities)
    .where(and(eq(subCities.cityId, city.id), subCityName ? eq(subCities.name, subCityName) : undefined))
    .orderBy(subCities.id)
    .limit(1);
  if (!subCity) throw new Error(`no sub city in ${cityName}`);
  return { city_id: city.id, sub_city_id: subCity.id };
}

export async function openShop(): Promise<Shop> {
  const t = await createTestApp();
  const admin = await t.browser();
  await admin.loginAdmin();
  const catalogue = await makeCatalogue(admin);
  return { t, admin, catalogue, dhaka: await place(t, 'Dhaka', 'Dhanmondi'), sylhet: await place(t, 'Sylhet') };
}

let productCount = 0;

/** A published product with one variant and `stock` units (other product fields may be overridden). */
export async function stockedProduct(shop: Shop, stock: number, overrides: Partial<ProductInput> = {}) {
  productCount += 1;
  const sku = `ORD-${productCount}`;
  const product = await createProduct(
    shop.admin,
    productBody(shop.catalogue, {
      name: `Order Test Product ${productCount}`,
      sku,
      retail_price: 100000,
      wholesale_price: 70000,
      purchase_cost: 50000,
      variants: [{ sku, attribute_value_ids: [], opening_stock: stock }],
      ...overrides,
    }),
  );
  return { productId: product.id, variantId: product.variants[0]?.id as number, sku, name: product.name };
}

/** A new shopper's browser (no session, no cart). */
export const shopper = (shop: Shop) => shop.t.browser();

export async function addToCart(browser: TestBrowser, variantId: number, quantity = 1) {
  const response = await browser.post('/_public/cart', { variant_id: variantId, quantity });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

let phoneCount = 0;
/** A mobile number no other test uses. */
export function freshPhone(): string {
  phoneCount += 1;
  return `0171${1_000_000 + phoneCount}`;
}

export function checkoutBody(deliverTo: { city_id: number; sub_city_id: number }, overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    name: 'Sadia Islam',
    phone: freshPhone(),
    address: 'House 7, Road 3, Dhanmondi',
    ...deliverTo,
    payment_method: 'cod',
    idempotency_key: randomUUID(),
    ...overrides,
  };
}

/** A variant's stock and the sum of its ledger. */
export async function stockAndLedger(t: TestApp, variantId: number) {
  const db = t.database.db;
  const [variant] = await db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId));
  const [ledger] = await db
    .select({ sum: sql`coalesce(sum(${stockMovements.quantity}), 0)`.mapWith(Number) })
    .from(stockMovements)
    .where(eq(stockMovements.variantId, variantId));
  return { stock: variant?.stock ?? -1, ledger: ledger?.sum ?? 0 };
}

/** Signs a shopper in through the storefront's login. */
export async function loginShopper(browser: TestBrowser, login: string, password: string) {
  const response = await browser.post('/_public/login', { login, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
