import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildApp } from '../http/app';
import { verifyPassword } from '../lib/password';
import { attributes, attributeValues } from '../modules/catalog/attribute.table';
import { banners, sliders } from '../modules/catalog/banner.table';
import { brands } from '../modules/catalog/brand.table';
import { categories } from '../modules/catalog/category.table';
import { customers } from '../modules/customers/customer.table';
import { merchants } from '../modules/merchants/merchant.table';
import {
  comboItems,
  combos,
  productImages,
  products,
  productVariants,
  productVariantValues,
  productViews,
  stockMovements,
} from '../modules/products/product.table';
import { resellers } from '../modules/resellers/reseller.table';
import { settings } from '../modules/settings/setting.table';
import { adminPermissions, adminRoles, admins, rolePermissions, roles } from '../modules/staff/admin.table';
import { ADMIN, createTestApp, createTestDatabase, DEMO_PASSWORD, type TestApp } from '../test/harness';
import { type Db, rowsOf } from './client';
import { DEMO_PHONES, seedFirstStart } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const TABLES = { admins, roles, rolePermissions, adminRoles, adminPermissions, resellers, merchants, customers, settings };
/** What the demo catalogue adds; none of it exists without DEMO=1. */
const CATALOGUE_TABLES = {
  categories,
  brands,
  attributes,
  attributeValues,
  products,
  productVariants,
  productVariantValues,
  productImages,
  stockMovements,
  sliders,
  banners,
  combos,
  comboItems,
  productViews,
};

async function rowCounts<T extends Record<string, PgTable>>(db: Db, tables: T): Promise<Record<keyof T, number>> {
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<keyof T, number>;
}

describe('first start with DEMO=1', () => {
  it('creates the super admin from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const rows = await t.database.db.select().from(admins).where(eq(admins.email, ADMIN.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isSuper: true, status: 'active' });
    // The password is stored hashed, never as typed.
    expect(rows[0]?.passwordHash).not.toContain(ADMIN.password);

    const browser = await t.browser();
    const body = await browser.loginAdmin(ADMIN.email, ADMIN.password);
    expect(body.admin).toMatchObject({ email: ADMIN.email, is_super: true, permissions: ['*'] });
    const wrong = await browser.post('/api/admin/login', { email: ADMIN.email, password: DEMO_PASSWORD });
    expect(wrong.statusCode).toBe(422);
  });

  it('creates the demo reseller, merchant and customer, who sign in with DEMO_PASSWORD', async () => {
    const browser = await t.browser();
    const reseller = await browser.post('/api/reseller/login', { login: DEMO_PHONES.reseller, password: DEMO_PASSWORD });
    expect(reseller.statusCode).toBe(200);
    expect(reseller.json()).toMatchObject({ session: 'RUNNING', reseller: { phone: '01700000001' } });

    const merchant = await browser.post('/api/merchant/login', { login: DEMO_PHONES.merchant, password: DEMO_PASSWORD });
    expect(merchant.statusCode).toBe(200);
    expect(merchant.json()).toMatchObject({ session: 'RUNNING', merchant: { phone: '01700000002' } });

    const customer = await browser.post('/_public/login', { login: DEMO_PHONES.customer, password: DEMO_PASSWORD });
    expect(customer.statusCode).toBe(200);
    expect(customer.json()).toMatchObject({ status: 'AUTHORIZED', user: { phone: '01700000003' } });

    // The demo password is theirs, not the admin's.
    const other = await t.browser();
    const refused = await other.post('/api/reseller/login', { login: DEMO_PHONES.reseller, password: ADMIN.password });
    expect(refused.statusCode).toBe(422);
  });

  it('creates demo staff with roles, who see the dashboard but are not super admins', async () => {
    const browser = await t.browser();
    const body = await browser.loginAdmin('nusrat@haatbazar.com.bd', DEMO_PASSWORD);
    expect(body.admin.is_super).toBe(false);
    expect(body.admin.permissions).toContain('dashboard.view');
    expect(body.admin.permissions).not.toContain('*');
    expect((await browser.get('/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('a second seedFirstStart changes nothing', async () => {
    const db = t.database.db;
    const before = await rowCounts(db, { ...TABLES, ...CATALOGUE_TABLES });
    expect(before.resellers).toBeGreaterThan(0);
    const [adminBefore] = await db.select().from(admins).where(eq(admins.email, ADMIN.email));

    const again = await seedFirstStart(db, {
      ...t.config,
      admin: { email: 'someone.else@test.haat', password: 'another-password-1' },
      demoPassword: 'another-demo-password',
    });
    expect(again).toEqual({ created: false, logins: [] });
    expect(await rowCounts(db, { ...TABLES, ...CATALOGUE_TABLES })).toEqual(before);
    const [adminAfter] = await db.select().from(admins).where(eq(admins.email, ADMIN.email));
    expect(adminAfter?.passwordHash).toBe(adminBefore?.passwordHash);

    const browser = await t.browser();
    await browser.loginAdmin(ADMIN.email, ADMIN.password);
    const reseller = await browser.post('/api/reseller/login', { login: DEMO_PHONES.reseller, password: DEMO_PASSWORD });
    expect(reseller.statusCode).toBe(200);
    const newcomer = await browser.post('/api/admin/login', { email: 'someone.else@test.haat', password: 'another-password-1' });
    expect(newcomer.statusCode).toBe(422);
  });
});

/** One row per problem; an empty list means the check holds. */
async function problems(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  return rowsOf<Record<string, unknown>>(await db.execute(query));
}

describe('the demo catalogue of a first start with DEMO=1', () => {
  it('has a three-level category tree, brands and attributes', async () => {
    const db = t.database.db;
    const levels = rowsOf<{ level: number; n: number }>(
      await db.execute(sql`select level, count(*)::int as n from categories group by level order by level`),
    );
    expect(levels.map((row) => row.level)).toEqual([1, 2, 3]);
    const [top, middle, bottom] = levels.map((row) => row.n);
    expect(top).toBeGreaterThanOrEqual(4);
    expect(middle).toBeGreaterThanOrEqual(8);
    expect(bottom).toBeGreaterThanOrEqual(3);
    // Every subcategory hangs under a category of the level above.
    expect(
      await problems(
        db,
        sql`select c.id from categories c left join categories p on p.id = c.parent_id
        where c.level > 1 and (p.id is null or p.level <> c.level - 1)`,
      ),
    ).toEqual([]);

    const brandCount = (await rowCounts(db, { brands })).brands;
    expect(brandCount).toBeGreaterThanOrEqual(8);
    expect(brandCount).toBeLessThanOrEqual(12);
    const values = rowsOf<{ name: string; value: string; color_hex: string | null }>(
      await db.execute(sql`select a.name, v.value, v.color_hex from attribute_values v join attributes a on a.id = v.attribute_id`),
    );
    expect(values.filter((row) => row.name === 'Size').map((row) => row.value)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(values.filter((row) => row.name === 'Capacity').map((row) => row.value)).toEqual(['10000 mAh', '20000 mAh']);
    const colours = values.filter((row) => row.name === 'Colour');
    expect(colours.length).toBeGreaterThan(5);
    for (const colour of colours) expect(colour.color_hex).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it('has at least 50 products, each filed under its category path, with sensible prices', async () => {
    const db = t.database.db;
    expect((await rowCounts(db, { products })).products).toBeGreaterThanOrEqual(50);
    // The category, subcategory and sub-subcategory of a product form one path down the tree.
    expect(
      await problems(
        db,
        sql`select p.id from products p
        left join categories c1 on c1.id = p.category_id
        left join categories c2 on c2.id = p.subcategory_id
        left join categories c3 on c3.id = p.sub_subcategory_id
        where c1.level is distinct from 1 or c2.parent_id is distinct from c1.id
          or (p.sub_subcategory_id is not null and c3.parent_id is distinct from c2.id)`,
      ),
    ).toEqual([]);
    // Money is paisa: purchase cost < wholesale < retail, a discount between wholesale and retail.
    expect(
      await problems(
        db,
        sql`select id, name from products
        where not (purchase_cost < wholesale_price and wholesale_price < retail_price)
          or (discount_price is not null and not (discount_price > wholesale_price and discount_price < retail_price))
          or (discount_starts_at is not null and discount_ends_at <= discount_starts_at)
          or retail_price % 100 <> 0 or brand_id is null or name ~* 'lorem|product [0-9]'`,
      ),
    ).toEqual([]);
    const [flags] = rowsOf<Record<string, number>>(
      await db.execute(sql`select count(*) filter (where is_featured)::int as featured,
        count(*) filter (where is_best_seller)::int as best_sellers, count(*) filter (where show_on_home)::int as home,
        count(*) filter (where seo_title is not null and seo_description is not null)::int as seo,
        count(*) filter (where discount_price is not null)::int as discounted,
        count(*) filter (where discount_starts_at is not null)::int as dated_discounts,
        count(*) filter (where status = 1)::int as published,
        count(*) filter (where merchant_id = (select id from merchants where phone = ${DEMO_PHONES.merchant}))::int as demo_merchant
        from products`),
    );
    for (const key of ['featured', 'best_sellers', 'home', 'seo', 'discounted', 'dated_discounts', 'demo_merchant']) {
      expect(flags?.[key], key).toBeGreaterThan(0);
    }
    expect(flags?.published).toBeGreaterThanOrEqual(50);
  });

  it("keeps every product's stock equal to its variants' stock and each variant's to its stock ledger", async () => {
    const db = t.database.db;
    expect(
      await problems(db, sql`select p.id from products p where not exists (select 1 from product_variants v where v.product_id = p.id)`),
    ).toEqual([]);
    expect(
      await problems(
        db,
        sql`select p.id, p.stock, sum(v.stock)::int as variants from products p
        join product_variants v on v.product_id = p.id group by p.id having p.stock <> sum(v.stock)`,
      ),
    ).toEqual([]);
    expect(
      await problems(
        db,
        sql`select v.id, v.stock, coalesce(sum(m.quantity), 0)::int as ledger from product_variants v
        left join stock_movements m on m.variant_id = v.id group by v.id having v.stock <> coalesce(sum(m.quantity), 0)`,
      ),
    ).toEqual([]);
    // Opening stock comes in; everything else the demo shop moved belongs to its demo orders, purchases
    // (received and returned), counter sales and exchanges.
    expect(
      await problems(
        db,
        sql`select id from stock_movements where (kind = 'opening' and quantity <= 0) or (kind <> 'opening' and (reference_type is null or reference_type not in ('order', 'purchase', 'purchase_return', 'counter_sale', 'counter_exchange')))`,
      ),
    ).toEqual([]);

    // Variants come from attribute combinations; a product without options has one plain variant.
    const [shape] = rowsOf<Record<string, number>>(
      await db.execute(sql`select
        (select count(*)::int from product_variants v where v.label = '' and not exists (select 1 from product_variant_values x where x.variant_id = v.id)) as plain,
        (select count(*)::int from product_variants v where v.label <> '' and not exists (select 1 from product_variant_values x where x.variant_id = v.id)) as unexplained,
        (select count(*)::int from product_variants where price_override is not null) as priced,
        (select count(*)::int from products where stock = 0) as out_of_stock,
        (select count(*)::int from products where stock > 0 and stock <= low_stock_threshold) as low_stock`),
    );
    expect(shape?.plain).toBeGreaterThan(0);
    expect(shape?.unexplained).toBe(0);
    expect(shape?.priced).toBeGreaterThan(0);
    expect(shape?.out_of_stock).toBeGreaterThan(0);
    expect(shape?.low_stock).toBeGreaterThan(0);
  });

  it('has one to three images per product, stored under DATA_DIR/storage, and images for sliders and banners', async () => {
    const db = t.database.db;
    const perProduct = rowsOf<{ id: number; images: number; mains: number }>(
      await db.execute(sql`select p.id, count(i.id)::int as images, count(i.id) filter (where i.is_main)::int as mains
        from products p left join product_images i on i.product_id = p.id group by p.id`),
    );
    for (const row of perProduct) {
      expect(row.images, `product ${row.id}`).toBeGreaterThanOrEqual(1);
      expect(row.images, `product ${row.id}`).toBeLessThanOrEqual(3);
      expect(row.mains, `product ${row.id}`).toBe(1);
    }
    const images = await db.select({ path: productImages.path, thumbnail: productImages.thumbnail }).from(productImages);
    const others = [
      ...(await db.select({ path: sliders.image }).from(sliders)),
      ...(await db.select({ path: banners.image }).from(banners)),
    ];
    expect(others).toHaveLength(7);
    for (const file of [...images.flatMap((image) => [image.path, image.thumbnail]), ...others.map((row) => row.path)]) {
      expect(file).toMatch(/^(products|sliders|banners)\/[\w-]+\.webp$/);
      expect(fs.existsSync(path.join(t.config.storageDir, file)), file).toBe(true);
    }
  });

  it('has combos of existing variants and 30 days of product views, more for featured products', async () => {
    const db = t.database.db;
    const comboRows = rowsOf<{ name: string; price: number; parts: number; items: number }>(
      await db.execute(sql`select c.name, c.price::int as price, count(i.variant_id)::int as items,
        sum(coalesce(v.price_override, p.retail_price) * i.quantity)::int as parts
        from combos c join combo_items i on i.combo_id = c.id join product_variants v on v.id = i.variant_id
        join products p on p.id = v.product_id group by c.id order by c.id`),
    );
    expect(comboRows).toHaveLength(2);
    for (const combo of comboRows) {
      expect(combo.items).toBeGreaterThanOrEqual(2);
      expect(combo.price).toBeLessThan(combo.parts);
    }

    const [views] = rowsOf<{ days: number; oldest: string; featured: number; others: number }>(
      await db.execute(sql`select count(distinct day)::int as days,
        (select avg(total) from (select sum(v.views) as total from product_views v join products p on p.id = v.product_id
          where p.is_featured group by p.id) f)::float as featured,
        (select avg(total) from (select sum(v.views) as total from product_views v join products p on p.id = v.product_id
          where not p.is_featured group by p.id) o)::float as others
        from product_views where day >= current_date - 31`),
    );
    expect(views?.days).toBeGreaterThanOrEqual(29);
    expect(views?.featured).toBeGreaterThan((views?.others ?? 0) * 1.5);
    expect(await problems(db, sql`select product_id from product_views where day < current_date - 31 or day > current_date + 1`)).toEqual(
      [],
    );
  });
});

describe('first start with DEMO=0', () => {
  it('creates only the first admin, who can sign in, and a second start changes nothing', async () => {
    const { database, drop } = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-seed-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DEMO: '0',
      ADMIN_EMAIL: 'Boss@Shop.Example.com',
      ADMIN_PASSWORD: 'boss-password-1',
      DEMO_PASSWORD,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    const app = await buildApp({ config, db: database.db, logger: false });
    try {
      const result = await seedFirstStart(database.db, config);
      expect(result.created).toBe(true);
      expect(result.logins).toEqual([
        { who: 'Super admin', login: 'boss@shop.example.com', password: 'boss-password-1', url: '/admin/login' },
      ]);

      const counts = await rowCounts(database.db, TABLES);
      expect(counts).toMatchObject({ admins: 1, resellers: 0, merchants: 0, customers: 0, roles: 0, adminRoles: 0 });
      const catalogue = await rowCounts(database.db, CATALOGUE_TABLES);
      expect(catalogue).toEqual(Object.fromEntries(Object.keys(CATALOGUE_TABLES).map((name) => [name, 0])));
      // No pictures either (the app itself may have made the empty storage folder).
      expect(fs.readdirSync(config.storageDir, { recursive: true }).filter((name) => String(name).endsWith('.webp'))).toEqual([]);
      const [admin] = await database.db.select().from(admins);
      expect(admin).toMatchObject({ email: 'boss@shop.example.com', isSuper: true, status: 'active' });
      expect(await verifyPassword(admin?.passwordHash, 'boss-password-1')).toBe(true);

      await app.ready();
      const csrf = 'c'.repeat(43);
      const login = (email: string, password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login',
          cookies: { haat_csrf: csrf },
          headers: { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': csrf },
          payload: { email, password },
        });
      const signedIn = await login('boss@shop.example.com', 'boss-password-1');
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().admin).toMatchObject({ is_super: true, permissions: ['*'] });
      expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(422);

      const again = await seedFirstStart(database.db, { ...config, demo: true, admin: { email: 'x@y.z', password: 'xyz-password' } });
      expect(again).toEqual({ created: false, logins: [] });
      expect(await rowCounts(database.db, TABLES)).toEqual(counts);
    } finally {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
