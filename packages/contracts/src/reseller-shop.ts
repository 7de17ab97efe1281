import { z } from 'zod';
import { idField, idSchema, linkField, requiredImagePath, sortOrderField, statusField } from './fields';
import { checkoutInput } from './orders';
import type { CheckoutPaymentMethod, ProductPaymentRule } from './payments';
import type { PublicAttribute, PublicVariantValue } from './storefront';

/** The public face of a reseller's shop at `/shop/{slug}`: name and colours. */
export interface ResellerShopInfo {
  slug: string;
  name: string;
  phone: string;
  logo: string | null;
  colors: { primary: string; secondary: string; header_text: string };
  categories: { id: number; name: string; slug: string }[];
  pages: { title: string; slug: string }[];
  sliders: { id: number; image: string; title: string; link: string }[];
}

/** A product as a reseller's shop sells it: at the reseller's price (never below wholesale). */
export interface ResellerShopProduct {
  id: number;
  name: string;
  /** The name in Bengali, shown instead of `name` on Bengali pages; null when none is set. */
  name_bn?: string | null;
  slug: string;
  thumbnail: string | null;
  price: number;
  in_stock: boolean;
}

export interface ResellerShopProductPage extends ResellerShopProduct {
  /**
   * Safe HTML to show as it is: the catalogue's rich text (sanitised when it was saved), or the
   * reseller's own plain-text description written out as escaped paragraphs.
   */
  description: string;
  category: { id: number; name: string } | null;
  images: string[];
  /** Each variant with its option values ("M", "Red"): the shopper chooses one value per attribute. */
  variants: { id: number; label: string; values: PublicVariantValue[]; price: number; stock: number }[];
  /** The attributes the variants use, each with the values some variant has, in the shop's order. */
  attributes: PublicAttribute[];
}

export interface ResellerShopListing {
  data: ResellerShopProduct[];
  page: number;
  last_page: number;
  total: number;
}

/** A coupon code typed at checkout in a reseller's shop. */
export const shopCouponCode = z
  .string()
  .trim()
  .max(32, 'Use at most 32 characters')
  .nullish()
  .transform((value) => (value ? value.toUpperCase() : null));

export const resellerShopLine = z.object({
  variant_id: idField('product'),
  quantity: z.coerce
    .number({ error: 'Enter the quantity' })
    .int('Enter a whole number')
    .min(1, 'Order at least 1')
    .max(1000, 'At most 1000'),
});

export const resellerShopLines = z
  .array(resellerShopLine, { error: 'Your cart is empty' })
  .min(1, 'Your cart is empty: add a product first')
  .max(50, 'At most 50 products');

/** Checkout in a reseller's shop: who and where, and the cart's lines (prices are the server's). */
export const resellerShopOrderInput = checkoutInput
  .pick({
    name: true,
    phone: true,
    address: true,
    city_id: true,
    sub_city_id: true,
    note: true,
    idempotency_key: true,
    otp_code: true,
    payment_method: true,
    payment_purpose: true,
  })
  .extend({ lines: resellerShopLines, coupon: shopCouponCode });
export type ResellerShopOrderInput = z.input<typeof resellerShopOrderInput>;

export const resellerShopQuoteInput = z.object({
  lines: resellerShopLines,
  city_id: idSchema.nullish(),
  sub_city_id: idSchema.nullish(),
  coupon: shopCouponCode,
});

export interface ResellerShopQuote {
  lines: {
    variant_id: number;
    product_id: number;
    name: string;
    variant_label: string;
    thumbnail: string | null;
    price: number;
    quantity: number;
    stock: number;
    line_total: number;
  }[];
  subtotal: number;
  delivery_charge: number | null;
  discount: number;
  /** Why the coupon sent does not apply (then the discount is 0). */
  coupon_error: string | null;
  total: number;
  /** What checkout offers (as the site information lists them, decision 062). */
  payment_methods: CheckoutPaymentMethod[];
  /** The cart's strictest product rule (`any`, `delivery`, `full`). */
  payment_rule: ProductPaymentRule;
}

export interface ResellerShopPlaced {
  number: string;
  total: number;
  /** On hold until the delivery charge is paid in advance (a risky phone with no gateway on, decision 055). */
  on_hold?: boolean;
  /** While the order awaits its online payment (decision 062): the pay page, `/pay/<number>?key=…`; else null. */
  pay_url: string | null;
}

// ---- The reseller's storefront settings (portal) --------------------------------------------------

/** `/dropshipper/categories`: the categories the shop shows; none chosen shows them all. */
export const resellerShopCategoriesInput = z.object({
  category_ids: z.array(idField('category'), { error: 'Choose the categories to show' }).max(500, 'At most 500 categories'),
});
export type ResellerShopCategoriesInput = z.input<typeof resellerShopCategoriesInput>;

export interface ResellerShopCategoryChoice {
  id: number;
  name: string;
  shown: boolean;
}

/** A page of the reseller's shop (`/dropshipper/page/info/lists/add`), shown at `/shop/{slug}/page/{page}`. */
export const resellerShopPageInput = z.object({
  title: z.string({ error: 'Enter the title' }).trim().min(2, 'Enter the title').max(120, 'Use at most 120 characters'),
  slug: z
    .string({ error: 'Enter the page address' })
    .trim()
    .toLowerCase()
    .min(2, 'Enter the page address')
    .max(80, 'Use at most 80 characters')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use small letters, digits and dashes, like return-policy'),
  content: z
    .string({ error: 'Write the page' })
    .trim()
    .min(10, 'Write at least 10 characters')
    .max(20_000, 'Use at most 20,000 characters'),
});
export type ResellerShopPageInput = z.input<typeof resellerShopPageInput>;

export interface ResellerShopPage {
  id: number;
  title: string;
  slug: string;
  content: string;
  updated_at: string;
}

const dateText = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as a date`)
      .nullable(),
  );

/** `/dropshipper/coupon/add` and `/edit/{id}`: a coupon of the reseller's shop. */
export const resellerShopCouponInput = z
  .object({
    code: z
      .string({ error: 'Enter the code' })
      .trim()
      .toUpperCase()
      .min(3, 'Use at least 3 characters')
      .max(30, 'Use at most 30 characters')
      .regex(/^[A-Z0-9-]+$/, 'Use letters, digits and dashes only, like EID-200'),
    kind: z.enum(['amount', 'percent'], { error: 'Choose amount or percent' }),
    value: z.coerce
      .number({ error: 'Enter how much is taken off' })
      .int('Enter a whole number')
      .positive('Take off more than 0')
      .max(100_000_000_00),
    minimum_order: z.coerce
      .number({ error: 'Enter the minimum order' })
      .int()
      .min(0, 'The minimum cannot be negative')
      .max(100_000_000_00)
      .default(0),
    starts_on: dateText('start'),
    ends_on: dateText('end'),
    usage_limit: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.coerce
        .number({ error: 'Enter a number of uses' })
        .int('Enter a whole number')
        .min(1, 'Allow at least 1 use')
        .max(1_000_000)
        .nullable(),
    ),
    status: z.coerce.number().int().min(0).max(1).default(1),
  })
  .superRefine((value, context) => {
    if (value.kind === 'percent' && value.value > 100)
      context.addIssue({ code: 'custom', path: ['value'], message: 'A percent is at most 100' });
    if (value.starts_on && value.ends_on && value.ends_on < value.starts_on) {
      context.addIssue({ code: 'custom', path: ['ends_on'], message: 'The end date must be on or after the start date' });
    }
  });
export type ResellerShopCouponInput = z.input<typeof resellerShopCouponInput>;

export interface ResellerShopCoupon {
  id: number;
  code: string;
  kind: 'amount' | 'percent';
  value: number;
  minimum_order: number;
  starts_on: string | null;
  ends_on: string | null;
  usage_limit: number | null;
  used_count: number;
  status: number;
}

/** `/dropshipper/sliderAdd` and `/dropshipper/sliderEdit/{id}`: a slide of the shop's home page. */
export const resellerShopSliderInput = z.object({
  image: requiredImagePath,
  title: z.string().trim().max(120, 'Use at most 120 characters').default(''),
  link: linkField,
  sort_order: sortOrderField,
  status: statusField,
});
export type ResellerShopSliderInput = z.input<typeof resellerShopSliderInput>;

export interface ResellerShopSlider {
  id: number;
  image: string;
  title: string;
  link: string;
  sort_order: number;
  status: number;
}
