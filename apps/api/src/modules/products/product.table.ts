import { PRODUCT_PAYMENT_RULES } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { attributeValues } from '../catalog/attribute.table';
import { brands } from '../catalog/brand.table';
import { categories } from '../catalog/category.table';
import { merchants } from '../merchants/merchant.table';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The name in Bengali, shown instead of `name` on Bengali pages; optional. */
    nameBn: text('name_bn'),
    /**
     * Both names in one phonetic Latin spelling (lib/search-key.ts), kept in step with them on every
     * write, so a Bengali query finds an English name and the other way round.
     */
    searchKey: text('search_key').notNull().default(''),
    slug: text('slug').notNull(),
    sku: text('sku').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: integer('subcategory_id').references(() => categories.id, { onDelete: 'restrict' }),
    subSubcategoryId: integer('sub_subcategory_id').references(() => categories.id, { onDelete: 'restrict' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'restrict' }),
    /** What the shop pays the merchant per unit delivered (paisa); set exactly when `merchant_id` is (decision 037). */
    merchantPrice: money('merchant_price'),
    description: text('description').notNull().default(''),
    purchaseCost: money('purchase_cost').notNull().default(0),
    wholesalePrice: money('wholesale_price').notNull(),
    retailPrice: money('retail_price').notNull(),
    discountPrice: money('discount_price'),
    discountStartsAt: timestamp('discount_starts_at', { withTimezone: true }),
    discountEndsAt: timestamp('discount_ends_at', { withTimezone: true }),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    weightGrams: integer('weight_grams').notNull().default(0),
    /** How it may be paid (decision 062): any way the shop offers, at least the delivery charge online, or in full online. */
    paymentRule: text('payment_rule', { enum: PRODUCT_PAYMENT_RULES }).notNull().default('any'),
    /** 1 means published (seed §9). */
    status: smallint('status').notNull().default(1),
    isFeatured: boolean('is_featured').notNull().default(false),
    isBestSeller: boolean('is_best_seller').notNull().default(false),
    showOnHome: boolean('show_on_home').notNull().default(false),
    videoUrl: text('video_url'),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    /** Sum of the variants' stock, kept in step with the stock ledger in the same transaction. */
    stock: integer('stock').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('products_slug_unique').on(table.slug),
    uniqueIndex('products_sku_unique').on(table.sku),
    index('products_category_idx').on(table.categoryId, table.id),
    index('products_subcategory_idx').on(table.subcategoryId, table.id),
    index('products_sub_subcategory_idx').on(table.subSubcategoryId, table.id),
    index('products_brand_idx').on(table.brandId, table.id),
    index('products_merchant_idx').on(table.merchantId, table.id),
    index('products_status_idx').on(table.status, table.id),
    index('products_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('products_search_key_trgm_idx').using('gin', sql`${table.searchKey} gin_trgm_ops`),
    // The admin list's sorts (the id breaks ties) and its SKU prefix search, whatever the collation.
    index('products_name_idx').on(table.name, table.id),
    index('products_retail_price_idx').on(table.retailPrice, table.id),
    index('products_stock_idx').on(table.stock, table.id),
    index('products_created_at_idx').on(table.createdAt, table.id),
    index('products_sku_pattern_idx').on(table.sku.op('text_pattern_ops')),
    // The low-stock filter: few rows, found without reading the others.
    index('products_low_stock_idx').on(table.id).where(sql`${table.stock} <= ${table.lowStockThreshold}`),
    check('products_prices_check', sql`${table.wholesalePrice} >= 0 and ${table.retailPrice} >= 0 and ${table.purchaseCost} >= 0`),
    check('products_merchant_price_check', sql`${table.merchantPrice} is null or ${table.merchantPrice} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    thumbnail: text('thumbnail').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isMain: boolean('is_main').notNull().default(false),
    /** The option value (a colour) this picture shows: choosing it on the product page shows this picture. */
    attributeValueId: integer('attribute_value_id').references(() => attributeValues.id, { onDelete: 'set null' }),
  },
  (table) => [index('product_images_product_idx').on(table.productId, table.sortOrder)],
);

/** Every product has at least one variant; a product without options has one with no values. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    /** "M / Red"; empty for a product without options. */
    label: text('label').notNull().default(''),
    priceOverride: money('price_override'),
    /** The code printed on the goods (EAN, UPC or the shop's own), read by a scanner; optional, unique. */
    barcode: text('barcode'),
    /**
     * Moving-average cost of one unit (paisa), set by each purchase received (decision 032); null
     * until the first receipt, when the product's `purchase_cost` is the cost (`variantCostSql`).
     */
    averageCost: money('average_cost'),
    stock: integer('stock').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('product_variants_sku_unique').on(table.sku),
    index('product_variants_sku_pattern_idx').on(table.sku.op('text_pattern_ops')),
    index('product_variants_product_idx').on(table.productId, table.sortOrder),
    uniqueIndex('product_variants_barcode_unique').on(table.barcode).where(sql`${table.barcode} is not null`),
    check('product_variants_average_cost_check', sql`${table.averageCost} >= 0`),
    check('product_variants_stock_check', sql`${table.stock} >= 0`),
  ],
);

export const productVariantValues = pgTable(
  'product_variant_values',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    attributeValueId: integer('attribute_value_id')
      .notNull()
      .references(() => attributeValues.id, { onDelete: 'restrict' }),
  },
  (table) => [primaryKey({ columns: [table.variantId, table.attributeValueId] }), index('pvv_value_idx').on(table.attributeValueId)],
);

export const STOCK_MOVEMENT_KINDS = ['opening', 'purchase', 'sale', 'reservation', 'release', 'return', 'adjustment', 'transfer'] as const;

/** The stock ledger (PRODUCT.md §2): every change of a variant's stock is a row. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    kind: text('kind', { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    reason: text('reason').notNull().default(''),
    referenceType: text('reference_type'),
    referenceId: integer('reference_id'),
    adminId: integer('admin_id'),
    createdAt: createdAt(),
  },
  (table) => [index('stock_movements_variant_idx').on(table.variantId, table.id)],
);

/** A bundle sold at one price; its stock is limited by its parts. */
export const combos = pgTable(
  'combos',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    price: money('price').notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('combos_slug_unique').on(table.slug)],
);

export const comboItems = pgTable(
  'combo_items',
  {
    comboId: integer('combo_id')
      .notNull()
      .references(() => combos.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.comboId, table.variantId] }),
    // "Is this variant in a combo?" before a variant or product is removed.
    index('combo_items_variant_idx').on(table.variantId),
    check('combo_items_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/** Storefront views per product and day, for the product view report. */
export const productViews = pgTable(
  'product_views',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productId, table.day] }), index('product_views_day_idx').on(table.day)],
);
