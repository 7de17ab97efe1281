import { z } from 'zod';
import { checkoutInput } from './orders';

/** The public face of a reseller's shop at `/shop/{slug}`: name and colours. */
export interface ResellerShopInfo {
  slug: string;
  name: string;
  phone: string;
  logo: string | null;
  colors: { primary: string; secondary: string; header_text: string };
  categories: { id: number; name: string; slug: string }[];
  pages: { title: string; slug: string }[];
}

/** A product as a reseller's shop sells it: at the reseller's price (never below wholesale). */
export interface ResellerShopProduct {
  id: number;
  name: string;
  slug: string;
  thumbnail: string | null;
  price: number;
  in_stock: boolean;
}

export interface ResellerShopProductPage extends ResellerShopProduct {
  description: string;
  category: { id: number; name: string } | null;
  images: string[];
  variants: { id: number; label: string; price: number; stock: number }[];
}

export interface ResellerShopListing {
  data: ResellerShopProduct[];
  page: number;
  last_page: number;
  total: number;
}

export const resellerShopLine = z.object({
  variant_id: z.coerce.number({ error: 'Choose a product' }).int().positive('Choose a product').max(2_147_483_647),
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
  .pick({ name: true, phone: true, address: true, city_id: true, sub_city_id: true, note: true, idempotency_key: true })
  .extend({ lines: resellerShopLines });
export type ResellerShopOrderInput = z.input<typeof resellerShopOrderInput>;

export const resellerShopQuoteInput = z.object({
  lines: resellerShopLines,
  city_id: z.coerce.number().int().positive().max(2_147_483_647).nullish(),
  sub_city_id: z.coerce.number().int().positive().max(2_147_483_647).nullish(),
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
  total: number;
}

export interface ResellerShopPlaced {
  number: string;
  total: number;
}

// ---- The reseller's storefront settings (portal) --------------------------------------------------

/** `/dropshipper/categories`: the categories the shop shows; none chosen shows them all. */
export const resellerShopCategoriesInput = z.object({
  category_ids: z
    .array(z.coerce.number({ error: 'Choose a category' }).int().positive().max(2_147_483_647), { error: 'Choose the categories to show' })
    .max(500, 'At most 500 categories'),
});
export type ResellerShopCategoriesInput = z.input<typeof resellerShopCategoriesInput>;

export interface ResellerShopCategoryChoice {
  id: number;
  name: string;
  shown: boolean;
}

/** A page of the reseller's shop (`/dropshipper/page/info/add`), shown at `/shop/{slug}/page/{page}`. */
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
