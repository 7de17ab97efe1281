import { z } from 'zod';
import { bengaliNameField, hasFields, idField, idList, moneyField, nameField, optionalId, slugField, statusField } from './fields';
import { toPaisa } from './money';
import { PRODUCT_PAYMENT_RULES } from './payments';

/** Products, variants, stock and combos: the shapes the product screens and the API share. */

/** Seed §9: a product with status 1 is published; 0 is a draft nobody sees in the shop. */
export const PRODUCT_STATUS = { draft: 0, published: 1 } as const;

/**
 * A stock-keeping unit: letters, digits and . _ - /, stored in capitals so "kt-01" and "KT-01"
 * are the same code.
 */
export const skuField = z
  .string({ error: 'Enter a SKU' })
  .trim()
  .min(1, 'Enter a SKU')
  .max(64, 'Use at most 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Use letters, digits and . _ - / only, without spaces')
  .transform((value) => value.toUpperCase());

/** Whether a run of digits ends in its GS1 check digit (EAN-8, UPC-A, EAN-13, GTIN-14). */
export function gs1CheckDigitOk(digits: string): boolean {
  if (!/^\d+$/.test(digits) || digits.length < 2) return false;
  let sum = 0;
  for (let at = digits.length - 2, weight = 3; at >= 0; at--, weight = weight === 3 ? 1 : 3) sum += Number(digits[at]) * weight;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/**
 * A variant's barcode as a scanner types it (EAN-13, UPC-A, EAN-8 or a shop's own code): letters,
 * digits and . _ - / + without spaces, kept as typed; an EAN/UPC of 8, 12, 13 or 14 digits must end in
 * its check digit (a mistyped digit is caught here, not at the counter). Empty: none (null).
 */
export const barcodeField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value) || null,
  z
    .string({ error: 'Enter the barcode as text' })
    .max(64, 'Use at most 64 characters in a barcode')
    .regex(/^[A-Za-z0-9._/+-]+$/, 'A barcode has letters, digits and . _ - / + only, without spaces')
    .refine(
      (value) => !/^(\d{8}|\d{12,14})$/.test(value) || gs1CheckDigitOk(value),
      'This barcode’s last digit is not its check digit: look at the number again',
    )
    .nullable()
    .default(null),
);

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** Money in paisa that may be left empty (null). */
export const optionalMoney = (label: string) => z.preprocess(emptyToNull, moneyField(label).nullable()).default(null);

/** An instant with its offset, e.g. 2025-03-01T00:00:00+06:00 or …Z; empty means none. */
export const optionalInstant = z
  .preprocess(emptyToNull, z.iso.datetime({ offset: true, error: 'Use a date and time like 2025-03-01T10:00:00+06:00' }).nullable())
  .default(null);

const wholeNumber = (label: string, max = 1_000_000) =>
  z.coerce
    .number({ error: `Enter the ${label}` })
    .int(`The ${label} must be a whole number`)
    .min(0, `The ${label} cannot be negative`)
    .max(max, `The ${label} must be at most ${max.toLocaleString('en')}`);

/** A path below the storage folder, as the upload endpoint returned it; required here. */
const storedPath = z
  .string({ error: 'Upload the image again' })
  .trim()
  .min(1, 'Upload the image again')
  .max(300)
  .refine((value) => !value.includes('..') && !value.startsWith('/') && !value.includes('\\'), 'Upload the image again');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .default('')
    .transform((value) => value || null);

export const httpsUrlField = z
  .string()
  .trim()
  .max(500, 'Use at most 500 characters')
  .refine((value) => value === '' || (/^https:\/\/[^\s]+$/.test(value) && URL.canParse(value)), 'Use a link starting with https://')
  .default('')
  .transform((value) => value || null);

export const PRICE_MESSAGES = {
  wholesaleAboveRetail: 'The wholesale price cannot be higher than the retail price',
  discountNotBelowRetail: 'The discount price must be lower than the retail price',
  discountEndsBeforeStart: 'The discount must end after it starts',
  zeroRetailPublished: 'A product priced at 0 cannot be published: enter its retail price, or save it as a draft',
  zeroVariantPublished:
    'A variant priced at 0 cannot be published: enter its price, leave it empty to use the product’s, or save the product as a draft',
  variantBelowWholesale: 'A variant’s price cannot be lower than the wholesale price (what resellers pay)',
  wholesaleBelowCost: 'Below the purchase cost: the shop loses money on every reseller order',
  retailBelowCost: 'Below the purchase cost: the shop loses money on every sale',
} as const;

interface PricedValues {
  purchase_cost?: unknown;
  wholesale_price?: unknown;
  retail_price?: unknown;
  discount_price?: unknown;
  discount_starts_at?: unknown;
  discount_ends_at?: unknown;
  status?: unknown;
  variants?: unknown;
}

type PriceField = Exclude<keyof PricedValues, 'variants'> | `variants.${number}.price_override`;

/** An amount the price fields accept; anything else has its own error at its field. */
const amount = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

const variantPrices = (variants: unknown): unknown[] =>
  Array.isArray(variants)
    ? variants.map((variant) =>
        variant && typeof variant === 'object' ? (variant as { price_override?: unknown }).price_override : undefined,
      )
    : [];

/**
 * The rules between a product's prices, for the form, the API and the CSV import alike (PRODUCT.md
 * §4: resellers pay the wholesale price and never sell below it, so it cannot exceed the retail
 * price; a published product must have a price). Values that are not numbers yet (a field with its
 * own error) are skipped. Negative amounts are refused by the fields themselves (moneyField).
 */
export function priceIssues(values: PricedValues): { field: PriceField; message: string }[] {
  const issues: { field: PriceField; message: string }[] = [];
  const [wholesale, retail, discount] = [amount(values.wholesale_price), amount(values.retail_price), amount(values.discount_price)];
  const published = Number(values.status) === PRODUCT_STATUS.published;
  if (typeof wholesale === 'number' && typeof retail === 'number' && wholesale > retail) {
    issues.push({ field: 'wholesale_price', message: PRICE_MESSAGES.wholesaleAboveRetail });
  }
  if (published && retail === 0) issues.push({ field: 'retail_price', message: PRICE_MESSAGES.zeroRetailPublished });
  if (typeof discount === 'number' && typeof retail === 'number' && discount >= retail) {
    issues.push({ field: 'discount_price', message: PRICE_MESSAGES.discountNotBelowRetail });
  }
  const starts = values.discount_starts_at;
  const ends = values.discount_ends_at;
  if (typeof starts === 'string' && typeof ends === 'string' && Date.parse(ends) <= Date.parse(starts)) {
    issues.push({ field: 'discount_ends_at', message: PRICE_MESSAGES.discountEndsBeforeStart });
  }
  variantPrices(values.variants).forEach((value, index) => {
    const price = amount(value);
    if (price === undefined) return;
    const field = `variants.${index}.price_override` as const;
    // 0 in a draft is a price not known yet; published, it is refused.
    if (price === 0) {
      if (published) issues.push({ field, message: PRICE_MESSAGES.zeroVariantPublished });
    } else if (typeof wholesale === 'number' && price < wholesale) issues.push({ field, message: PRICE_MESSAGES.variantBelowWholesale });
  });
  return issues;
}

/**
 * What is allowed but probably a mistake: selling below the purchase cost (a clearance sale is a
 * real reason, so the form warns and saves).
 */
export function priceWarnings(values: PricedValues): { field: 'wholesale_price' | 'retail_price'; message: string }[] {
  const [cost, wholesale, retail] = [amount(values.purchase_cost), amount(values.wholesale_price), amount(values.retail_price)];
  if (cost === undefined || cost === 0) return [];
  const warnings: { field: 'wholesale_price' | 'retail_price'; message: string }[] = [];
  if (typeof retail === 'number' && retail > 0 && retail < cost)
    warnings.push({ field: 'retail_price', message: PRICE_MESSAGES.retailBelowCost });
  if (typeof wholesale === 'number' && wholesale > 0 && wholesale < cost) {
    warnings.push({ field: 'wholesale_price', message: PRICE_MESSAGES.wholesaleBelowCost });
  }
  return warnings;
}

export const MERCHANT_PRICE_MESSAGES = {
  required: 'Enter the merchant’s price: what the shop pays the merchant for each unit delivered',
  aboveRetail: 'The merchant’s price cannot be higher than the retail price',
} as const;

/** A product that names its merchant carries the merchant's price, at most its retail price (decision 037). */
export function merchantPriceIssues(values: { merchant_id?: unknown; merchant_price?: unknown; retail_price?: unknown }): string[] {
  if (values.merchant_id === null || values.merchant_id === undefined || values.merchant_id === '') return [];
  const price = amount(values.merchant_price);
  if (values.merchant_price === null || values.merchant_price === undefined || values.merchant_price === '')
    return [MERCHANT_PRICE_MESSAGES.required];
  const retail = amount(values.retail_price);
  return typeof price === 'number' && typeof retail === 'number' && price > retail ? [MERCHANT_PRICE_MESSAGES.aboveRetail] : [];
}

export const productImageInput = z.object({
  path: storedPath,
  thumbnail: storedPath,
  is_main: z.boolean().optional(),
  /** The option value (a colour) the picture shows, one of the product's variants' values; null: any. */
  attribute_value_id: z.coerce.number().int().min(1).nullable().default(null),
});

export const productVariantInput = z.object({
  /** An existing variant of this product; absent for a new one. */
  id: optionalId.optional(),
  /** Empty: the product's SKU for a single variant, otherwise the product's SKU and a number. */
  sku: z.union([z.literal(''), skuField]).default(''),
  /** One value per attribute (Size M, Colour Red); none for a product without options. */
  attribute_value_ids: z.array(idField('value')).max(6, 'Use at most 6 options per variant').default([]),
  /** The variant's own retail price (paisa); empty uses the product's. */
  price_override: optionalMoney('price'),
  /** Stock the variant starts with, recorded as an opening movement; only read when the variant is created. */
  opening_stock: wholeNumber('opening stock').default(0),
  /** What a scanner reads off the item (unique among all variants); empty: none. */
  barcode: barcodeField,
});

export const productInput = z
  .object({
    name: nameField('name', 200),
    name_bn: bengaliNameField(200),
    slug: slugField,
    sku: skuField,
    category_id: idField('category'),
    subcategory_id: optionalId.default(null),
    sub_subcategory_id: optionalId.default(null),
    brand_id: optionalId.default(null),
    merchant_id: optionalId.default(null),
    /** What the shop pays the merchant per unit delivered (paisa): required with a merchant, at most the retail price. */
    merchant_price: optionalMoney('merchant price'),
    /** Rich text (HTML); the server keeps only a safe subset of tags. */
    description: z.string().max(100_000, 'The description is too long').default(''),
    purchase_cost: moneyField('purchase cost').default(0),
    wholesale_price: moneyField('wholesale price'),
    retail_price: moneyField('retail price'),
    discount_price: optionalMoney('discount price'),
    discount_starts_at: optionalInstant,
    discount_ends_at: optionalInstant,
    low_stock_threshold: wholeNumber('low-stock threshold').default(5),
    weight_grams: wholeNumber('weight', 1_000_000).default(0),
    /** How it may be paid (decision 062): any way, at least the delivery charge online, or only in full online. */
    payment_rule: z.enum(PRODUCT_PAYMENT_RULES, { error: 'Choose how it may be paid' }).default('any'),
    status: statusField,
    is_featured: z.boolean().default(false),
    is_best_seller: z.boolean().default(false),
    show_on_home: z.boolean().default(false),
    video_url: httpsUrlField,
    seo_title: optionalText(120),
    seo_description: optionalText(320),
    /** In display order; the main image is `main_index`, or the one marked `is_main`, or the first. */
    images: z.array(productImageInput).max(12, 'Use at most 12 images').default([]),
    main_index: z.coerce.number().int().min(0).optional(),
    variants: z.array(productVariantInput).min(1, 'Add at least one variant').max(200, 'Use at most 200 variants'),
  })
  // Runs even when other fields failed, so every mistake is named at once; hence the type checks.
  .superRefine(
    (value, context) => {
      for (const issue of merchantPriceIssues(value)) context.addIssue({ code: 'custom', path: ['merchant_price'], message: issue });
      for (const issue of priceIssues(value)) {
        context.addIssue({
          code: 'custom',
          path: issue.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
          message: issue.message,
        });
      }
      const images = Array.isArray(value.images) ? value.images : [];
      if (typeof value.main_index === 'number' && value.main_index >= Math.max(images.length, 1)) {
        context.addIssue({ code: 'custom', path: ['main_index'], message: 'Choose one of the images as the main image' });
      }
      const variants = Array.isArray(value.variants) ? value.variants : [];
      const skus = new Set<string>();
      const barcodes = new Set<string>();
      const combinations = new Set<string>();
      variants.forEach((variant, index) => {
        if (!variant || typeof variant !== 'object') return;
        if (typeof variant.sku === 'string' && variant.sku) {
          if (skus.has(variant.sku)) {
            context.addIssue({
              code: 'custom',
              path: ['variants', index, 'sku'],
              message: `Another variant already uses SKU ${variant.sku}`,
            });
          }
          skus.add(variant.sku);
        }
        const barcode = typeof variant.barcode === 'string' ? variant.barcode.trim() : '';
        if (barcode) {
          if (barcodes.has(barcode)) {
            context.addIssue({
              code: 'custom',
              path: ['variants', index, 'barcode'],
              message: `Another variant already uses barcode ${barcode}`,
            });
          }
          barcodes.add(barcode);
        }
        const ids = Array.isArray(variant.attribute_value_ids) ? variant.attribute_value_ids : [];
        if (new Set(ids).size !== ids.length) {
          context.addIssue({ code: 'custom', path: ['variants', index, 'attribute_value_ids'], message: 'Choose each option once' });
          return;
        }
        if (variants.length > 1 && ids.length === 0) {
          context.addIssue({
            code: 'custom',
            path: ['variants', index, 'attribute_value_ids'],
            message: 'Choose the options of this variant (a product with several variants needs them)',
          });
          return;
        }
        const key = [...ids].sort((a, b) => a - b).join(',');
        if (combinations.has(key)) {
          context.addIssue({
            code: 'custom',
            path: ['variants', index, 'attribute_value_ids'],
            message: 'Another variant has the same options',
          });
        }
        combinations.add(key);
      });
    },
    { when: hasFields },
  );
export type ProductInput = z.input<typeof productInput>;
export type ProductValues = z.output<typeof productInput>;

export const productBulkInput = z.object({
  action: z.enum(['delete', 'publish', 'unpublish']),
  ids: idList.min(1, 'Select at least one row').max(1000),
});

/** A manual change of one variant's stock; every change is a row in the stock ledger. */
export const stockAdjustmentInput = z.object({
  variant_id: idField('variant'),
  quantity: z.coerce
    .number({ error: 'Enter a quantity' })
    .int('Enter a whole number')
    .min(-1_000_000, 'The quantity is too large')
    .max(1_000_000, 'The quantity is too large')
    .refine((value) => value !== 0, 'Enter a quantity other than 0 (negative removes stock)'),
  reason: z.string({ error: 'Say why the stock changes' }).trim().min(3, 'Say why the stock changes').max(300),
});
export type StockAdjustmentInput = z.input<typeof stockAdjustmentInput>;

export const STOCK_MOVEMENT_LABELS = {
  opening: 'Opening stock',
  purchase: 'Purchase',
  sale: 'Sale',
  reservation: 'Reserved for an order',
  release: 'Released from an order',
  return: 'Return',
  adjustment: 'Adjustment',
  transfer: 'Transfer',
} as const;

export const comboItemInput = z.object({
  variant_id: idField('product variant'),
  quantity: z.coerce.number({ error: 'Enter a quantity' }).int('Enter a whole number').min(1, 'Use at least 1').max(1000),
});

/** A bundle of product variants sold at one price; its stock is limited by its parts. */
export const comboInput = z
  .object({
    name: nameField('name', 200),
    slug: slugField,
    image: z.preprocess(emptyToNull, storedPath.nullable()).default(null),
    price: moneyField('combo price'),
    status: statusField,
    items: z.array(comboItemInput).min(2, 'A combo needs at least two items').max(50, 'Use at most 50 items'),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    value.items.forEach((item, index) => {
      if (seen.has(item.variant_id)) {
        context.addIssue({ code: 'custom', path: ['items', index, 'variant_id'], message: 'This item is already in the combo' });
      }
      seen.add(item.variant_id);
    });
  });
export type ComboInput = z.input<typeof comboInput>;

/** An amount in taka as typed in a spreadsheet (1250.50, 1,250.50, ৳1250) → paisa. */
export const takaText = (label: string) =>
  z
    .string()
    .transform((value) => value.replace(/[,\s৳]/g, '').replace(/^tk\.?/i, ''))
    .refine((value) => !/^[-−]/.test(value), `The ${label} cannot be negative`)
    .refine((value) => /^[-−]|^\d+(\.\d{1,2})?$/.test(value), `The ${label} must be an amount in taka, like 1250.50`)
    .transform((value) => toPaisa(value))
    .pipe(z.number().max(100_000_000_00, `The ${label} is too large`));

/** The columns of a product CSV import; `sku` and, for new products, `name`, `wholesale_price` and `retail_price` are needed. */
export const PRODUCT_IMPORT_COLUMNS = [
  'sku',
  'name',
  'name_bn',
  'category',
  'brand',
  'purchase_cost',
  'wholesale_price',
  'retail_price',
  'discount_price',
  'status',
  'stock',
  'description',
  'low_stock_threshold',
  'weight_grams',
  'barcode',
] as const;
export type ProductImportColumn = (typeof PRODUCT_IMPORT_COLUMNS)[number];

/** An empty cell is "not given": a new product takes the default, an existing one keeps its value. */
const cell = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const wholeNumberText = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value), `The ${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().max(1_000_000, `The ${label} must be at most 1,000,000`));

const STATUS_WORDS: Record<string, 0 | 1> = {
  '1': 1,
  published: 1,
  yes: 1,
  true: 1,
  active: 1,
  '0': 0,
  draft: 0,
  no: 0,
  false: 0,
  hidden: 0,
};

/**
 * One row of a product CSV import, as text cells in. Money is in taka (converted to paisa);
 * `category` is a slug or a name path ("Women > Kurti"), `brand` a name or slug; `stock` is the
 * opening stock of a new product and is ignored for an existing one.
 */
export const productImportRow = z.object({
  sku: skuField,
  name: cell(nameField('name', 200)),
  name_bn: cell(z.string().trim().max(200, 'The Bengali name must have at most 200 characters')),
  category: cell(z.string().trim().max(400)),
  brand: cell(z.string().trim().max(200)),
  purchase_cost: cell(takaText('purchase cost')),
  wholesale_price: cell(takaText('wholesale price')),
  retail_price: cell(takaText('retail price')),
  discount_price: cell(takaText('discount price')),
  status: cell(
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((value) => value in STATUS_WORDS, 'Use 1 (published) or 0 (draft)')
      .transform((value) => STATUS_WORDS[value] as 0 | 1),
  ),
  stock: cell(wholeNumberText('stock')),
  description: cell(z.string().max(100_000, 'The description is too long')),
  low_stock_threshold: cell(wholeNumberText('low-stock threshold')),
  weight_grams: cell(wholeNumberText('weight')),
  /** The barcode of the product's variant with this SKU (its only one, for a product without options); empty keeps it. */
  barcode: cell(barcodeField),
});
export type ProductImportRow = z.output<typeof productImportRow>;

/** One refused row of an import: its line in the file (the header is line 1), its SKU and what is wrong. */
export interface ProductImportIssue {
  row: number;
  sku: string;
  errors: Record<string, string[]>;
}

export const STOCK_REPORT_GROUPS = ['product', 'category', 'variant'] as const;
export type StockReportGroup = (typeof STOCK_REPORT_GROUPS)[number];
