import { z } from 'zod';
import { passwordSchema, phoneSchema } from './auth';
import { idField, imagePath, moneyField, nameField, optionalId } from './fields';
import type { OrderView } from './orders';

/**
 * The dropshipper portal (seed §2.3, issue 7): password reset by phone, the catalogue at the
 * reseller's prices, the reseller's own orders, customers and account pages. Money is paisa.
 */

// ---- Password reset by phone ----------------------------------------------------------------------

/** A reset code: 6 digits, valid 10 minutes, 5 tries, at most 3 sent an hour to one phone. */
export const RESET_CODE = { digits: 6, ttlMs: 10 * 60_000, maxAttempts: 5, sendsPerHour: 3 } as const;

/** `POST /api/reseller/password/reset`. */
export const passwordResetRequestInput = z.object({ phone: phoneSchema });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestInput>;

/** `POST /api/reseller/code/verify/{phone}` → a one-time `reset_token` for the next step. */
export const resetCodeVerifyInput = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS'),
});
export type ResetCodeVerifyInput = z.input<typeof resetCodeVerifyInput>;

/** `POST /api/reseller/set/new/password/{phone}`. */
export const setNewPasswordInput = z
  .object({
    reset_token: z.string().min(10, 'Start again: ask for a new code').max(200),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords do not match',
  });
export type SetNewPasswordInput = z.input<typeof setNewPasswordInput>;

// ---- Products ------------------------------------------------------------------------------------

export const resellerProductVariantSchema = z.object({
  id: z.number(),
  label: z.string(),
  sku: z.string(),
  stock: z.number(),
});

/** A row of `/dropshipper/products/show`. */
export const resellerProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The name in Bengali, for Bengali pages; null when none is set. */
  name_bn: z.string().nullable().optional(),
  sku: z.string(),
  thumbnail: z.string().nullable(),
  category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  wholesale_price: z.number(),
  /** The shop's retail price: what it suggests the reseller sells at. */
  suggested_price: z.number(),
  stock: z.number(),
  /** The reseller's own selling price, or null when they have not set one. */
  my_price: z.number().nullable(),
  my_description: z.string(),
  variants: z.array(resellerProductVariantSchema),
});
export type ResellerProduct = z.infer<typeof resellerProductSchema>;

/** `PUT /api/reseller/products/{id}`: never below the wholesale price (checked on the server). */
export const resellerProductPriceInput = z.object({
  price: moneyField('selling price').refine((value) => value > 0, 'Enter the selling price'),
  description: z
    .string()
    .trim()
    .max(5000, 'Use at most 5,000 characters')
    .nullish()
    .transform((value) => value ?? ''),
});
export type ResellerProductPriceInput = z.input<typeof resellerProductPriceInput>;

// ---- Orders --------------------------------------------------------------------------------------

export const resellerOrderLineInput = z.object({
  variant_id: idField('product'),
  quantity: z.coerce.number({ error: 'Enter a quantity' }).int('Enter a whole number').min(1, 'Order at least 1').max(1000),
  /** The reseller's selling price of one, in paisa; never below the wholesale price. */
  unit_price: moneyField('selling price'),
});
export type ResellerOrderLineInput = z.input<typeof resellerOrderLineInput>;

/** `POST /api/reseller/orders` (`/dropshipper/add/new/order`) and `PUT /api/reseller/orders/{id}`. */
export const resellerOrderInput = z.object({
  customer_name: nameField('customer name', 120),
  customer_phone: phoneSchema,
  customer_address: z
    .string({ error: 'Enter the delivery address' })
    .trim()
    .min(5, 'Enter the full address: house, road, area')
    .max(300, 'Use at most 300 characters'),
  city_id: idField('city'),
  sub_city_id: optionalId,
  lines: z
    .array(resellerOrderLineInput)
    .min(1, 'Add at least one product')
    .max(50, 'At most 50 lines')
    .superRefine((lines, context) => {
      const seen = new Set<number>();
      lines.forEach((line, index) => {
        if (seen.has(Number(line.variant_id))) {
          context.addIssue({ code: 'custom', path: [index, 'variant_id'], message: 'This product is already in the order' });
        }
        seen.add(Number(line.variant_id));
      });
    }),
  advance_paid: moneyField('advance').default(0),
  note: z
    .string()
    .trim()
    .max(500, 'Use at most 500 characters')
    .nullish()
    .transform((value) => value ?? ''),
  /** Made once per order form, so a repeated submit makes one order. */
  idempotency_key: z.uuid({ error: 'Reload the page and try again' }).optional(),
});
export type ResellerOrderInput = z.input<typeof resellerOrderInput>;

/** A row of `/dropshipper/order/{status_code}`. */
export const resellerOrderRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.number(),
  status_label: z.string(),
  customer_name: z.string(),
  phone: z.string(),
  total: z.number(),
  profit: z.number(),
  item_count: z.number(),
  placed_at: z.string(),
});
export type ResellerOrderRow = z.infer<typeof resellerOrderRowSchema>;

/** An order as its reseller sees it: the order view with wholesale prices and their profit. */
export type ResellerOrderView = Omit<OrderView, 'lines'> & {
  lines: (OrderView['lines'][number] & { wholesale_price: number })[];
  wholesale_total: number;
  /** What the customer pays − the wholesale total − the shop's delivery charge (PRODUCT.md §4). */
  profit: number;
  editable: boolean;
};

// ---- Account -------------------------------------------------------------------------------------

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');

/** `PUT /api/reseller/profile` (`/dropshipper/profile/edit`); the phone is the login and stays. */
export const resellerProfileInput = z.object({
  name: nameField('name', 120),
  email: z
    .union([z.literal(''), z.email('Enter a valid email address').trim().toLowerCase()])
    .nullish()
    .transform((value) => value || null),
  image: imagePath,
  address: optionalText(300),
  shop_name: nameField('shop name', 120),
  about: optionalText(1000),
});
export type ResellerProfileInput = z.input<typeof resellerProfileInput>;

/** `PUT /api/reseller/company` (`/dropshipper/company/info`). */
export const resellerCompanyInput = z.object({
  company_name: optionalText(160),
  company_phone: z
    .union([z.literal(''), phoneSchema])
    .nullish()
    .transform((value) => value ?? ''),
  company_email: z
    .union([z.literal(''), z.email('Enter a valid email address').trim().toLowerCase()])
    .nullish()
    .transform((value) => value ?? ''),
  company_address: optionalText(300),
  trade_license: optionalText(60),
  logo: imagePath,
  facebook_url: z
    .string()
    .trim()
    .max(300)
    .refine((value) => value === '' || /^https?:\/\//.test(value), 'Use a link starting with https://')
    .nullish()
    .transform((value) => value ?? ''),
});
export type ResellerCompanyInput = z.input<typeof resellerCompanyInput>;

const colour = (label: string) =>
  z
    .string({ error: `Choose the ${label}` })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, `Choose the ${label} as #RRGGBB`)
    .transform((value) => value.toLowerCase());

/** `PUT /api/reseller/colors` (`/dropshipper/color/setting`): their storefront's colours. */
export const resellerColorInput = z.object({
  primary_color: colour('main colour'),
  secondary_color: colour('accent colour'),
  header_text_color: colour('header text colour'),
});
export type ResellerColorInput = z.input<typeof resellerColorInput>;
export const DEFAULT_RESELLER_COLORS = { primary_color: '#161745', secondary_color: '#f59f00', header_text_color: '#ffffff' } as const;

/** `POST/PUT /api/reseller/delivery-charges` (`/dropshipper/delivery/charge`): what their storefront charges. */
export const resellerDeliveryChargeInput = z.object({
  /** Empty: every place without a rule of its own. */
  city_id: optionalId,
  sub_city_id: optionalId,
  charge: moneyField('delivery charge'),
});
export type ResellerDeliveryChargeInput = z.input<typeof resellerDeliveryChargeInput>;

/** `POST /api/reseller/security/password` (`/dropshipper/security/edit`). */
export const resellerPasswordChangeInput = z
  .object({
    current_password: z.string().min(1, 'Enter your current password').max(200),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords do not match',
  });
export type ResellerPasswordChangeInput = z.input<typeof resellerPasswordChangeInput>;

/** `POST /api/reseller/security/api-keys`: the key itself is in the answer once, never again. */
export const resellerApiKeyInput = z.object({ name: nameField('key name', 80) });
export type ResellerApiKeyInput = z.input<typeof resellerApiKeyInput>;

export interface ResellerApiKeyView {
  id: number;
  name: string;
  /** The first characters, to tell keys apart. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ResellerSessionView {
  id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}
