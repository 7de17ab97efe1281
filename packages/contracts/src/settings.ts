import { z } from 'zod';
import { phoneSchema } from './auth';
import { imagePath } from './fields';
import type { CheckoutPaymentMethod } from './payments';
import { DEFAULT_FRAUD_SETTING, fraudSettingSchema } from './risk';
import {
  FACEBOOK_PIXEL_ID,
  GOOGLE_TAG_ID,
  GTM_CONTAINER_ID,
  PURCHASE_MOMENT_OPTIONS,
  PURCHASE_MOMENTS,
  SERVICE_ICONS,
  SERVICE_SLOTS,
  type ServiceIcon,
  type SettingGroupKey,
  THEME_DEFAULTS,
  THEME_FONTS,
  type ThemeFont,
} from './setting-groups';

/**
 * The settings groups of the back office (seed §2.4), each declared once: its schema (checked by
 * the form and by `PUT /api/admin/settings/:group`), its defaults, and its fields in screen order.
 * Fields of kind `secret` are stored encrypted and never sent back to the browser in full.
 */

export type SettingFieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'select'
  | 'image'
  | 'color'
  /** Stored encrypted; read back as "••••" and the last 4 characters. */
  | 'secret'
  /** A list of `{label, url}`. */
  | 'links'
  | 'time-zone';

export interface SettingField {
  name: string;
  label: string;
  kind: SettingFieldKind;
  description?: string;
  required?: boolean;
  options?: readonly { value: string; label: string }[];
  /** Half width on wide screens. */
  half?: boolean;
  /** A heading shown above this field: it starts a section of the form. */
  section?: string;
  /** For secrets that span lines (keys pasted in PEM form). */
  multiline?: boolean;
  placeholder?: string;
}

type Values = Record<string, unknown>;

export interface SettingGroupContract<Schema extends z.ZodType<Values, Values> = z.ZodType<Values, Values>> {
  key: SettingGroupKey;
  title: string;
  /** One line under the screen's title. */
  description: string;
  schema: Schema;
  defaults: z.output<Schema>;
  fields: readonly SettingField[];
}

function defineSettingGroup<Schema extends z.ZodType<Values, Values>>(group: SettingGroupContract<Schema>): SettingGroupContract<Schema> {
  for (const field of group.fields) {
    if (!(field.name in group.defaults)) throw new Error(`The ${group.key} settings declare a field ${field.name} they do not have`);
  }
  return group;
}

/** The names of a group's secret fields. */
export function secretFieldNames(group: Pick<SettingGroupContract, 'fields'>): string[] {
  return group.fields.filter((field) => field.kind === 'secret').map((field) => field.name);
}

// ---- Building blocks --------------------------------------------------------------------------

const text = (max: number, label = 'text') =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .max(max, `Use at most ${max} characters`)
    .default('');

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const hexColor = (fallback: string) =>
  z
    .string()
    .trim()
    .regex(HEX_COLOR, 'Use a colour like #1f7a3a')
    .transform((value) => value.toLowerCase())
    .default(fallback);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const webUrl = (example: string) =>
  z
    .string()
    .trim()
    .max(500, 'Use at most 500 characters')
    .refine((value) => value === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/.test(value), `Use a full link, like ${example}`)
    .default('');

/** Whether the browser's and the server's time-zone database know a zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A secret as typed: any text; the mask (`••••…`) means "keep the stored one". */
const secret = (max = 4000) => z.string().trim().max(max, `Use at most ${max} characters`).default('');

/** Where a gateway's calls go (decision 062): its sandbox, its live API, or the local stand-in (demo and tests; no real money). */
export const GATEWAY_MODES = ['sandbox', 'live', 'standin'] as const;
const gatewayMode = z.enum(GATEWAY_MODES, { error: 'Choose sandbox, live or the local stand-in' }).default('sandbox');
const MODE_OPTIONS = [
  { value: 'sandbox', label: 'Sandbox (testing)' },
  { value: 'live', label: 'Live' },
  { value: 'standin', label: 'Local stand-in (demo, no real money)' },
] as const;
/** A gateway's fee in basis points of the amount (185 = 1.85%), booked as bank charges when it does not say its fee. */
const feeBasisPoints = z.coerce
  .number({ error: 'Enter the fee in basis points' })
  .int('Enter a whole number of basis points')
  .min(0, 'The fee cannot be negative')
  .max(1000, 'The fee is at most 1000 basis points (10%)')
  .default(0);

/** For switches that need other fields: each missing one gets its own message. */
function requireWhenOn<T extends Values>(
  value: T,
  context: z.RefinementCtx,
  on: keyof T & string,
  needed: readonly [keyof T & string, string][],
  what: string,
) {
  if (!value[on]) return;
  for (const [field, label] of needed) {
    if (!String(value[field] ?? '').trim()) {
      context.addIssue({ code: 'custom', path: [field], message: `Enter the ${label} to turn ${what} on` });
    }
  }
}

// ---- General ----------------------------------------------------------------------------------

export const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'bn', label: 'বাংলা (Bengali)' },
] as const;

export const generalSettingSchema = z.object({
  site_name: z.string({ error: 'Enter the site name' }).trim().min(1, 'Enter the site name').max(120, 'Use at most 120 characters'),
  tagline: text(200),
  logo: imagePath,
  favicon: imagePath,
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Use a 3-letter currency code, like BDT')
    .default('BDT'),
  currency_symbol: z.string().trim().min(1, 'Enter the currency symbol').max(4, 'Use at most 4 characters').default('৳'),
  time_zone: z.string().trim().refine(isTimeZone, 'Choose a time zone from the list').default('Asia/Dhaka'),
  default_language: z.enum(['en', 'bn'], { error: 'Choose English or Bengali' }).default('en'),
  contact_phone: text(40),
  contact_email: text(200).refine((value) => value === '' || EMAIL.test(value), 'Enter a valid email address'),
  address: text(500),
  upload_limit_mb: z
    .number({ error: 'Enter a whole number of megabytes' })
    .int('Enter a whole number of megabytes')
    .min(1, 'Allow at least 1 MB')
    .max(50, 'Allow at most 50 MB')
    .default(5),
});
export type GeneralSetting = z.infer<typeof generalSettingSchema>;

export const DEFAULT_GENERAL_SETTING: GeneralSetting = {
  site_name: 'Haat',
  tagline: 'Cash on delivery, all over Bangladesh',
  logo: null,
  favicon: null,
  currency: 'BDT',
  currency_symbol: '৳',
  time_zone: 'Asia/Dhaka',
  default_language: 'en',
  contact_phone: '',
  contact_email: '',
  address: '',
  upload_limit_mb: 5,
};

export const GENERAL_SETTING_GROUP = defineSettingGroup({
  key: 'general',
  title: 'General settings',
  description: 'The shop’s name, logo, money and contact details, shown on every page.',
  schema: generalSettingSchema,
  defaults: DEFAULT_GENERAL_SETTING,
  fields: [
    { name: 'site_name', label: 'Site name', kind: 'text', required: true, half: true },
    { name: 'tagline', label: 'Tagline', kind: 'text', half: true },
    { name: 'logo', label: 'Logo', kind: 'image', half: true },
    { name: 'favicon', label: 'Favicon', kind: 'image', half: true, description: 'A square image, shown in the browser tab' },
    { name: 'currency', label: 'Currency code', kind: 'text', half: true, section: 'Money and language' },
    { name: 'currency_symbol', label: 'Currency symbol', kind: 'text', half: true },
    { name: 'time_zone', label: 'Time zone', kind: 'time-zone', half: true, description: 'Times are shown in this zone' },
    { name: 'default_language', label: 'Default language', kind: 'select', half: true, options: LANGUAGE_OPTIONS },
    { name: 'contact_phone', label: 'Contact phone', kind: 'text', half: true, section: 'Contact' },
    { name: 'contact_email', label: 'Contact email', kind: 'text', half: true },
    { name: 'address', label: 'Address', kind: 'textarea' },
    {
      name: 'upload_limit_mb',
      label: 'Upload size limit (MB)',
      kind: 'number',
      half: true,
      section: 'Uploads',
      description: 'The largest image staff may upload, 1 to 50 MB',
    },
  ],
});

// ---- Header -----------------------------------------------------------------------------------

export const menuLinkSchema = z.object({
  label: z.string({ error: 'Enter the link text' }).trim().min(1, 'Enter the link text').max(40, 'Use at most 40 characters'),
  url: z
    .string({ error: 'Enter the link' })
    .trim()
    .min(1, 'Enter the link')
    .max(500, 'Use at most 500 characters')
    .refine((value) => value.startsWith('/') || /^https?:\/\//.test(value), 'Use a link starting with / or https://'),
});
export type MenuLink = z.infer<typeof menuLinkSchema>;

export const headerSettingSchema = z.object({
  announcement_text: text(200),
  phone: text(40),
  menu_links: z.array(menuLinkSchema).max(10, 'Use at most 10 links').default([]),
});
export type HeaderSetting = z.infer<typeof headerSettingSchema>;

export const HEADER_SETTING_GROUP = defineSettingGroup({
  key: 'header',
  title: 'Header settings',
  description: 'What the storefront shows above every page.',
  schema: headerSettingSchema,
  defaults: headerSettingSchema.parse({}),
  fields: [
    {
      name: 'announcement_text',
      label: 'Announcement',
      kind: 'text',
      description: 'A line in a bar above the header, e.g. “Free delivery in Dhaka over ৳ 2,000”. Empty hides the bar.',
    },
    { name: 'phone', label: 'Phone shown in the header', kind: 'text', half: true, placeholder: '09610-000111' },
    { name: 'menu_links', label: 'Menu links', kind: 'links', description: 'Up to 10 links in the header, in this order' },
  ],
});

// ---- Footer -----------------------------------------------------------------------------------

export const footerSettingSchema = z.object({
  about_text: text(1000),
  address: text(500),
  facebook_url: webUrl('https://facebook.com/yourshop'),
  instagram_url: webUrl('https://instagram.com/yourshop'),
  youtube_url: webUrl('https://youtube.com/@yourshop'),
  tiktok_url: webUrl('https://tiktok.com/@yourshop'),
  copyright: text(200),
});
export type FooterSetting = z.infer<typeof footerSettingSchema>;

export const FOOTER_SETTING_GROUP = defineSettingGroup({
  key: 'footer',
  title: 'Footer info',
  description: 'What the storefront shows at the bottom of every page.',
  schema: footerSettingSchema,
  defaults: footerSettingSchema.parse({}),
  fields: [
    { name: 'about_text', label: 'About the shop', kind: 'textarea' },
    { name: 'address', label: 'Address', kind: 'textarea', description: 'Empty shows the address of the general settings' },
    { name: 'facebook_url', label: 'Facebook page', kind: 'text', half: true, section: 'Social links' },
    { name: 'instagram_url', label: 'Instagram', kind: 'text', half: true },
    { name: 'youtube_url', label: 'YouTube', kind: 'text', half: true },
    { name: 'tiktok_url', label: 'TikTok', kind: 'text', half: true },
    {
      name: 'copyright',
      label: 'Copyright line',
      kind: 'text',
      section: 'Copyright',
      description: 'Empty shows “© year and site name”',
    },
  ],
});

// ---- Marketing --------------------------------------------------------------------------------

export const marketingSettingSchema = z.object({
  facebook_pixel_id: z
    .string()
    .trim()
    .refine((value) => value === '' || FACEBOOK_PIXEL_ID.test(value), 'A Facebook pixel id is 15 or 16 digits, like 123456789012345')
    .default(''),
  google_tag_id: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || GOOGLE_TAG_ID.test(value), 'Use a Google tag id like G-AB12CD34EF or AW-123456789')
    .default(''),
  gtm_container_id: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || GTM_CONTAINER_ID.test(value), 'Use a Google Tag Manager container id like GTM-AB12CDE')
    .default(''),
  conversions_access_token: secret(400),
  conversions_test_event_code: text(40).refine(
    (value) => value === '' || /^[A-Za-z0-9_-]+$/.test(value),
    'A test event code is letters and digits, like TEST12345',
  ),
  purchase_moment: z.enum(PURCHASE_MOMENTS, { error: 'Choose when an order counts as a purchase' }).default('placed'),
  feeds_enabled: z.boolean().default(true),
});
export type MarketingSetting = z.infer<typeof marketingSettingSchema>;

export const MARKETING_SETTING_GROUP = defineSettingGroup({
  key: 'marketing',
  title: 'Marketing settings',
  description: 'Tracking tags added to the storefront only when an id is set, Meta’s Conversions API and the product feeds.',
  schema: marketingSettingSchema,
  defaults: marketingSettingSchema.parse({}),
  fields: [
    {
      name: 'facebook_pixel_id',
      label: 'Facebook pixel id',
      kind: 'text',
      half: true,
      section: 'Tags in the storefront',
      description: 'From Meta Events Manager; empty adds no pixel',
      placeholder: '123456789012345',
    },
    {
      name: 'google_tag_id',
      label: 'Google tag id',
      kind: 'text',
      half: true,
      description: 'G-… for Analytics or AW-… for Ads; empty adds no tag',
      placeholder: 'G-AB12CD34EF',
    },
    {
      name: 'gtm_container_id',
      label: 'Google Tag Manager container',
      kind: 'text',
      half: true,
      description: 'GTM-…; empty loads no container. Purchases reach its data layer as a purchase event',
      placeholder: 'GTM-AB12CDE',
    },
    {
      name: 'purchase_moment',
      label: 'An order counts as a purchase when',
      kind: 'select',
      half: true,
      options: PURCHASE_MOMENT_OPTIONS,
      description: 'Confirmed or delivered: the thank-you page reports a lead, the server reports the purchase on that move',
    },
    {
      name: 'conversions_access_token',
      label: 'Conversions API access token',
      kind: 'secret',
      section: 'Meta Conversions API',
      description:
        'Events Manager → your pixel → Settings → Generate access token. With the pixel id set, the server reports purchases too',
    },
    {
      name: 'conversions_test_event_code',
      label: 'Test event code',
      kind: 'text',
      half: true,
      description: 'From Events Manager → Test events; empty sends real events',
      placeholder: 'TEST12345',
    },
    {
      name: 'feeds_enabled',
      label: 'Product feeds',
      kind: 'switch',
      half: true,
      section: 'Product feeds',
      description: 'The catalogue at /feed/facebook.xml and /feed/google.xml for Meta Commerce Manager and Google Merchant Center',
    },
  ],
});

/** What every storefront page is told of the marketing settings (publicSiteInfo): never the token. */
export type PublicMarketingSetting = Pick<MarketingSetting, 'facebook_pixel_id' | 'google_tag_id' | 'gtm_container_id' | 'purchase_moment'>;

// ---- Theme ------------------------------------------------------------------------------------

export const themeSettingSchema = z.object({
  primary_color: hexColor(THEME_DEFAULTS.primary_color),
  accent_color: hexColor(THEME_DEFAULTS.accent_color),
  font_family: z
    .enum(THEME_FONTS.map((font) => font.value) as [ThemeFont, ...ThemeFont[]], { error: 'Choose a font from the list' })
    .default(THEME_DEFAULTS.font_family),
});
export type ThemeSetting = z.infer<typeof themeSettingSchema>;

export const THEME_SETTING_GROUP = defineSettingGroup({
  key: 'theme',
  title: 'Theme settings',
  description: 'The storefront’s colours and font.',
  schema: themeSettingSchema,
  defaults: themeSettingSchema.parse({}),
  fields: [
    {
      name: 'primary_color',
      label: 'Primary colour',
      kind: 'color',
      half: true,
      description: 'The header’s background; its text turns dark or light to stay readable',
    },
    { name: 'accent_color', label: 'Accent colour', kind: 'color', half: true, description: 'Buttons and highlights' },
    { name: 'font_family', label: 'Font', kind: 'select', half: true, options: THEME_FONTS },
  ],
});

// ---- Site configuration -----------------------------------------------------------------------

/** The site configuration of `/admin/site/configuration` (PRODUCT.md, issue 4). */
export const siteConfigurationSchema = z
  .object({
    storefront_enabled: z.boolean().default(true),
    maintenance_message: text(500),
    orders_enabled: z.boolean().default(true),
    reseller_signup_enabled: z.boolean().default(true),
  })
  .superRefine((value, context) => {
    if (!value.storefront_enabled && !value.maintenance_message) {
      context.addIssue({
        code: 'custom',
        path: ['maintenance_message'],
        message: 'Write the message visitors see while the storefront is closed',
      });
    }
  });
export type SiteConfiguration = z.infer<typeof siteConfigurationSchema>;

export const DEFAULT_SITE_CONFIGURATION: SiteConfiguration = {
  storefront_enabled: true,
  maintenance_message: '',
  orders_enabled: true,
  reseller_signup_enabled: true,
};

export const SITE_CONFIGURATION_GROUP = defineSettingGroup({
  key: 'configuration',
  title: 'Site configuration',
  description: 'Switches for the whole shop.',
  schema: siteConfigurationSchema,
  defaults: DEFAULT_SITE_CONFIGURATION,
  fields: [
    { name: 'storefront_enabled', label: 'Storefront open', kind: 'switch', half: true },
    { name: 'orders_enabled', label: 'Taking orders', kind: 'switch', half: true },
    { name: 'reseller_signup_enabled', label: 'Reseller sign-up open', kind: 'switch', half: true },
    {
      name: 'maintenance_message',
      label: 'Maintenance message',
      kind: 'textarea',
      description: 'Shown to visitors while the storefront is closed',
    },
  ],
});

// ---- Payment setup ----------------------------------------------------------------------------

export const PAYMENT_METHODS = [
  { code: 'cod', name: 'Cash on delivery' },
  { code: 'bkash', name: 'bKash' },
  { code: 'nagad', name: 'Nagad' },
  { code: 'sslcommerz', name: 'SSLCommerz' },
] as const;
export type PaymentMethodCode = (typeof PAYMENT_METHODS)[number]['code'];

/**
 * The methods checkout can take payment by: a method is offered to shoppers only when its payment
 * can be completed — cash on delivery, and the three gateways once switched on (decision 062).
 */
export const PAYABLE_AT_CHECKOUT: readonly PaymentMethodCode[] = ['cod', 'bkash', 'nagad', 'sslcommerz'];

export const paymentSettingSchema = z
  .object({
    cod_enabled: z.boolean().default(true),
    cod_label: z.string().trim().min(1, 'Enter the label shoppers see').max(60, 'Use at most 60 characters').default('Cash on delivery'),
    bkash_enabled: z.boolean().default(false),
    bkash_mode: gatewayMode,
    bkash_full: z.boolean().default(true),
    bkash_delivery: z.boolean().default(true),
    bkash_fee_bp: feeBasisPoints,
    bkash_app_key: secret(),
    bkash_app_secret: secret(),
    bkash_username: text(120),
    bkash_password: secret(),
    nagad_enabled: z.boolean().default(false),
    nagad_mode: gatewayMode,
    nagad_full: z.boolean().default(true),
    nagad_delivery: z.boolean().default(true),
    nagad_fee_bp: feeBasisPoints,
    nagad_merchant_id: text(60),
    nagad_public_key: text(4000),
    nagad_private_key: secret(),
    sslcommerz_enabled: z.boolean().default(false),
    sslcommerz_mode: gatewayMode,
    sslcommerz_full: z.boolean().default(true),
    sslcommerz_delivery: z.boolean().default(true),
    sslcommerz_store_id: text(120),
    sslcommerz_store_password: secret(),
    /** Minutes the stock of an order awaiting its online payment is held before the order is cancelled (decision 062). */
    hold_minutes: z.coerce
      .number({ error: 'Enter the minutes' })
      .int('Enter whole minutes')
      .min(5, 'Hold the stock at least 5 minutes')
      .max(2880, 'Hold the stock at most 2880 minutes (two days)')
      .default(60),
  })
  .superRefine((value, context) => {
    if (value.bkash_enabled && !value.bkash_full && !value.bkash_delivery) {
      context.addIssue({ code: 'custom', path: ['bkash_full'], message: 'Let bKash take the full payment, the delivery charge, or both' });
    }
    requireWhenOn(
      value,
      context,
      'bkash_enabled',
      [
        ['bkash_app_key', 'app key'],
        ['bkash_app_secret', 'app secret'],
        ['bkash_username', 'username'],
        ['bkash_password', 'password'],
      ],
      'bKash',
    );
    if (value.nagad_enabled && !value.nagad_full && !value.nagad_delivery) {
      context.addIssue({ code: 'custom', path: ['nagad_full'], message: 'Let Nagad take the full payment, the delivery charge, or both' });
    }
    requireWhenOn(
      value,
      context,
      'nagad_enabled',
      [
        ['nagad_merchant_id', 'merchant id'],
        ['nagad_public_key', 'Nagad public key'],
        ['nagad_private_key', 'merchant private key'],
      ],
      'Nagad',
    );
    if (value.sslcommerz_enabled && !value.sslcommerz_full && !value.sslcommerz_delivery) {
      context.addIssue({
        code: 'custom',
        path: ['sslcommerz_full'],
        message: 'Let SSLCommerz take the full payment, the delivery charge, or both',
      });
    }
    requireWhenOn(
      value,
      context,
      'sslcommerz_enabled',
      [
        ['sslcommerz_store_id', 'store id'],
        ['sslcommerz_store_password', 'store password'],
      ],
      'SSLCommerz',
    );
    if (!PAYABLE_AT_CHECKOUT.some((code) => value[`${code}_enabled`])) {
      context.addIssue({
        code: 'custom',
        path: ['cod_enabled'],
        message: 'Keep at least one way to pay on: cash on delivery or a gateway',
      });
    }
  });
export type PaymentSetting = z.infer<typeof paymentSettingSchema>;

export const PAYMENT_SETTING_GROUP = defineSettingGroup({
  key: 'payment',
  title: 'Payment setup',
  description:
    'How shoppers can pay: cash on delivery, and online by bKash, Nagad or SSLCommerz (cards, mobile and internet banking) — in full, or only the delivery charge in advance. An order paid online is confirmed when the gateway confirms; its stock is held meanwhile. Keys and passwords are stored encrypted and never shown again in full.',
  schema: paymentSettingSchema,
  defaults: paymentSettingSchema.parse({}),
  fields: [
    { name: 'cod_enabled', label: 'Cash on delivery', kind: 'switch', half: true, section: 'Cash on delivery' },
    { name: 'cod_label', label: 'Label shown at checkout', kind: 'text', half: true },
    { name: 'bkash_enabled', label: 'bKash', kind: 'switch', half: true, section: 'bKash (tokenized checkout)' },
    { name: 'bkash_mode', label: 'bKash mode', kind: 'select', half: true, options: MODE_OPTIONS },
    { name: 'bkash_full', label: 'Take full payment by bKash', kind: 'switch', half: true },
    { name: 'bkash_delivery', label: 'Take the delivery charge in advance by bKash', kind: 'switch', half: true },
    {
      name: 'bkash_fee_bp',
      label: 'bKash fee (basis points)',
      kind: 'number',
      half: true,
      description: 'What bKash keeps of each payment, booked as bank charges: 185 = 1.85%',
    },
    { name: 'bkash_app_key', label: 'bKash app key', kind: 'secret', half: true },
    { name: 'bkash_app_secret', label: 'bKash app secret', kind: 'secret', half: true },
    { name: 'bkash_username', label: 'bKash username', kind: 'text', half: true },
    { name: 'bkash_password', label: 'bKash password', kind: 'secret', half: true },
    { name: 'nagad_enabled', label: 'Nagad', kind: 'switch', half: true, section: 'Nagad' },
    { name: 'nagad_mode', label: 'Nagad mode', kind: 'select', half: true, options: MODE_OPTIONS },
    { name: 'nagad_full', label: 'Take full payment by Nagad', kind: 'switch', half: true },
    { name: 'nagad_delivery', label: 'Take the delivery charge in advance by Nagad', kind: 'switch', half: true },
    {
      name: 'nagad_fee_bp',
      label: 'Nagad fee (basis points)',
      kind: 'number',
      half: true,
      description: 'What Nagad keeps of each payment, booked as bank charges: 185 = 1.85%',
    },
    { name: 'nagad_merchant_id', label: 'Nagad merchant id', kind: 'text', half: true },
    {
      name: 'nagad_public_key',
      label: 'Nagad public key',
      kind: 'textarea',
      description: 'Nagad’s public key (not a secret), as given by Nagad',
    },
    { name: 'nagad_private_key', label: 'Merchant private key', kind: 'secret', multiline: true },
    { name: 'sslcommerz_enabled', label: 'SSLCommerz', kind: 'switch', half: true, section: 'SSLCommerz' },
    { name: 'sslcommerz_mode', label: 'SSLCommerz mode', kind: 'select', half: true, options: MODE_OPTIONS },
    { name: 'sslcommerz_full', label: 'Take full payment by SSLCommerz', kind: 'switch', half: true },
    { name: 'sslcommerz_delivery', label: 'Take the delivery charge in advance by SSLCommerz', kind: 'switch', half: true },
    { name: 'sslcommerz_store_id', label: 'SSLCommerz store id', kind: 'text', half: true },
    { name: 'sslcommerz_store_password', label: 'SSLCommerz store password', kind: 'secret', half: true },
    {
      name: 'hold_minutes',
      label: 'Hold the stock for an online payment (minutes)',
      kind: 'number',
      half: true,
      section: 'Online payment',
      description: 'An order not paid within this time is cancelled and its stock released; the shopper can pay until then',
    },
  ],
});

// ---- Social login -----------------------------------------------------------------------------

export const socialLoginSettingSchema = z
  .object({
    google_enabled: z.boolean().default(false),
    google_client_id: text(200).refine(
      (value) => value === '' || /^[\w-]+\.apps\.googleusercontent\.com$/.test(value),
      'A Google client id ends in .apps.googleusercontent.com',
    ),
    google_client_secret: secret(200),
    facebook_enabled: z.boolean().default(false),
    facebook_app_id: text(30).refine((value) => value === '' || /^\d{6,20}$/.test(value), 'A Facebook app id is digits only'),
    facebook_app_secret: secret(200),
  })
  .superRefine((value, context) => {
    requireWhenOn(
      value,
      context,
      'google_enabled',
      [
        ['google_client_id', 'Google client id'],
        ['google_client_secret', 'Google client secret'],
      ],
      'Google sign-in',
    );
    requireWhenOn(
      value,
      context,
      'facebook_enabled',
      [
        ['facebook_app_id', 'Facebook app id'],
        ['facebook_app_secret', 'Facebook app secret'],
      ],
      'Facebook sign-in',
    );
  });
export type SocialLoginSetting = z.infer<typeof socialLoginSettingSchema>;

export const SOCIAL_LOGIN_SETTING_GROUP = defineSettingGroup({
  key: 'social',
  title: 'Social login',
  description:
    'Let shoppers sign in with Google or Facebook. A button shows only when its switch is on and both its id and secret are saved.',
  schema: socialLoginSettingSchema,
  defaults: socialLoginSettingSchema.parse({}),
  fields: [
    { name: 'google_enabled', label: 'Google sign-in', kind: 'switch', half: true, section: 'Google' },
    {
      name: 'google_client_id',
      label: 'Google client id',
      kind: 'text',
      placeholder: '1234-abcd.apps.googleusercontent.com',
      description: 'A web OAuth client in Google Cloud, with the authorised redirect URI https://your-shop/auth/google/callback',
    },
    { name: 'google_client_secret', label: 'Google client secret', kind: 'secret' },
    { name: 'facebook_enabled', label: 'Facebook sign-in', kind: 'switch', half: true, section: 'Facebook' },
    {
      name: 'facebook_app_id',
      label: 'Facebook app id',
      kind: 'text',
      half: true,
      description: 'Valid OAuth redirect URI in Facebook Login: https://your-shop/auth/facebook/callback',
    },
    { name: 'facebook_app_secret', label: 'Facebook app secret', kind: 'secret', half: true },
  ],
});

// ---- SMS API ----------------------------------------------------------------------------------

export const smsSettingSchema = z
  .object({
    enabled: z.boolean().default(false),
    gateway_url: z
      .string()
      .trim()
      .max(500, 'Use at most 500 characters')
      .refine(
        (value) => value === '' || /^https?:\/\/[^\s/]+(\/\S*)?$/.test(value),
        'Use a full link, like http://bulksmsbd.net/api/smsapi',
      )
      .default(''),
    api_key: secret(500),
    sender_id: text(20),
    /** What the gateway charges the shop per SMS part it sends, in paisa: booked as SMS cost (decision 054); 0 books nothing. */
    cost_per_sms: z
      .number({ error: 'Enter the cost in paisa, like 35' })
      .int('Enter whole paisa')
      .min(0, 'The cost cannot be negative')
      .max(10_000, 'At most ৳100 per SMS')
      .default(0),
    /** What resellers pay the shop per SMS part they send to their customers, in paisa. */
    reseller_sms_rate: z
      .number({ error: 'Enter the price in paisa, like 50' })
      .int('Enter whole paisa')
      .min(0, 'The price cannot be negative')
      .max(10_000, 'At most ৳100 per SMS')
      .default(50),
    /** SMS a reseller may send in a calendar month, unless their own quota says otherwise. */
    reseller_sms_quota: z
      .number({ error: 'Enter a number of SMS, like 1000' })
      .int('Enter a whole number of SMS')
      .min(0, 'The quota cannot be negative')
      .max(10_000_000, 'At most 10,000,000 SMS a month')
      .default(1000),
  })
  .superRefine((value, context) => {
    requireWhenOn(
      value,
      context,
      'enabled',
      [
        ['gateway_url', 'gateway URL'],
        ['api_key', 'API key'],
        ['sender_id', 'sender id'],
      ],
      'SMS sending',
    );
  });
export type SmsSetting = z.infer<typeof smsSettingSchema>;

export const SMS_SETTING_GROUP = defineSettingGroup({
  key: 'sms',
  title: 'SMS API',
  description: 'The gateway that sends order updates and codes by SMS. Without one, messages are written to the SMS log.',
  schema: smsSettingSchema,
  defaults: smsSettingSchema.parse({}),
  fields: [
    { name: 'enabled', label: 'Send SMS through the gateway', kind: 'switch' },
    {
      name: 'gateway_url',
      label: 'Gateway URL',
      kind: 'text',
      description: 'A BulkSMSBD-style endpoint taking api_key, senderid, number and message',
      placeholder: 'http://bulksmsbd.net/api/smsapi',
    },
    { name: 'api_key', label: 'API key', kind: 'secret', half: true },
    { name: 'sender_id', label: 'Sender id', kind: 'text', half: true },
    {
      name: 'cost_per_sms',
      label: 'Gateway cost per SMS (paisa)',
      kind: 'number',
      half: true,
      description: 'What the gateway charges for every SMS part it sends, booked as SMS cost, e.g. 35 = ৳0.35',
    },
    {
      name: 'reseller_sms_rate',
      label: 'Reseller price per SMS (paisa)',
      kind: 'number',
      half: true,
      section: 'Reseller SMS',
      description: 'Taken from the reseller’s balance for every SMS part they send, e.g. 50 = ৳0.50',
    },
    {
      name: 'reseller_sms_quota',
      label: 'Default monthly quota (SMS)',
      kind: 'number',
      half: true,
      description: 'SMS parts a reseller may send in a calendar month; a reseller’s own quota overrides it',
    },
  ],
});

/** `POST /api/admin/settings/sms/test`: the number that gets a test message. */
export const smsTestInput = z.object({ phone: phoneSchema });
export type SmsTestInput = z.input<typeof smsTestInput>;

// ---- E-mail (SMTP) -----------------------------------------------------------------------------

const HOST_NAME = /^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)*$/;

export const emailSettingSchema = z
  .object({
    enabled: z.boolean().default(false),
    host: text(253).refine((value) => value === '' || HOST_NAME.test(value), 'Use a host name like smtp.gmail.com'),
    port: z
      .number({ error: 'Enter the port, like 587' })
      .int('Enter the port, like 587')
      .min(1, 'Use a port from 1 to 65535')
      .max(65535, 'Use a port from 1 to 65535')
      .default(587),
    /** TLS from the first byte (port 465); off means STARTTLS when the server offers it (587, 25). */
    secure: z.boolean().default(false),
    username: text(200),
    password: secret(500),
    from_address: text(200).refine((value) => value === '' || EMAIL.test(value), 'Enter a valid email address'),
    from_name: text(120),
  })
  .superRefine((value, context) => {
    requireWhenOn(
      value,
      context,
      'enabled',
      [
        ['host', 'SMTP host'],
        ['from_address', 'from address'],
      ],
      'e-mail sending',
    );
    if (value.username && !value.password) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'Enter the password for this username' });
    }
  });
export type EmailSetting = z.infer<typeof emailSettingSchema>;

export const EMAIL_SETTING_GROUP = defineSettingGroup({
  key: 'email',
  title: 'E-mail (SMTP)',
  description: 'The mail server that sends e-mails to customers. Without one, e-mails are written to the e-mail log.',
  schema: emailSettingSchema,
  defaults: emailSettingSchema.parse({}),
  fields: [
    { name: 'enabled', label: 'Send e-mail through this server', kind: 'switch' },
    { name: 'host', label: 'SMTP host', kind: 'text', half: true, placeholder: 'smtp.gmail.com', section: 'Server' },
    { name: 'port', label: 'Port', kind: 'number', half: true, description: '587 (STARTTLS) or 465 (TLS)' },
    { name: 'secure', label: 'TLS from the start (port 465)', kind: 'switch', half: true },
    { name: 'username', label: 'Username', kind: 'text', half: true, section: 'Sign-in' },
    { name: 'password', label: 'Password', kind: 'secret', half: true },
    { name: 'from_address', label: 'From address', kind: 'text', half: true, placeholder: 'shop@example.com', section: 'Sender' },
    { name: 'from_name', label: 'From name', kind: 'text', half: true, description: 'Empty uses the site name' },
  ],
});

/** `POST /api/admin/settings/email/test`: the address that gets a test e-mail. */
export const emailTestInput = z.object({
  email: z.email('Enter a valid email address').trim().toLowerCase().max(200, 'Use at most 200 characters'),
});
export type EmailTestInput = z.input<typeof emailTestInput>;

/** A row of the e-mail log (`GET /api/admin/email-log`). */
export interface EmailLogEntry {
  id: number;
  recipient: string;
  subject: string;
  purpose: string;
  status: 'logged' | 'sent' | 'failed';
  server: string | null;
  error: string | null;
  created_at: string;
}

// ---- Storefront services ----------------------------------------------------------------------

const serviceIcon = (fallback: ServiceIcon) =>
  z
    .enum(SERVICE_ICONS.map((icon) => icon.value) as [ServiceIcon, ...ServiceIcon[]], { error: 'Choose a picture from the list' })
    .default(fallback);

/** Slots 1 to SERVICE_SLOTS. */
const SERVICE_SLOT_NUMBERS = Array.from({ length: SERVICE_SLOTS }, (_, index) => index + 1);

/**
 * The shop's promises shown on the storefront (`services` of `GET /_public/category`): four slots of
 * picture, title and line (SERVICE_SLOTS); a slot without a title is not shown.
 */
export const servicesSettingSchema = z.object({
  service_1_icon: serviceIcon('cash'),
  service_1_title: text(60),
  service_1_text: text(160),
  service_2_icon: serviceIcon('truck'),
  service_2_title: text(60),
  service_2_text: text(160),
  service_3_icon: serviceIcon('return'),
  service_3_title: text(60),
  service_3_text: text(160),
  service_4_icon: serviceIcon('shield'),
  service_4_title: text(60),
  service_4_text: text(160),
});
export type ServicesSetting = z.infer<typeof servicesSettingSchema>;

export const DEFAULT_SERVICES_SETTING: ServicesSetting = {
  service_1_icon: 'cash',
  service_1_title: 'Cash on delivery',
  service_1_text: 'Pay when the parcel reaches you, anywhere in Bangladesh',
  service_2_icon: 'truck',
  service_2_title: 'Delivery in 24–72 hours',
  service_2_text: 'Inside Dhaka in 24 hours, the rest of the country in 48–72 hours',
  service_3_icon: 'return',
  service_3_title: '7-day easy return',
  service_3_text: 'Not right? Send it back within 7 days of delivery',
  service_4_icon: 'shield',
  service_4_title: 'Genuine products',
  service_4_text: 'Every item is checked before it leaves our warehouse',
};

const serviceFields = (slot: number): SettingField[] => [
  { name: `service_${slot}_icon`, label: 'Picture', kind: 'select', half: true, options: SERVICE_ICONS, section: `Service ${slot}` },
  { name: `service_${slot}_title`, label: 'Title', kind: 'text', half: true, description: 'Empty hides this service' },
  { name: `service_${slot}_text`, label: 'Line under the title', kind: 'text' },
];

export const SERVICES_SETTING_GROUP = defineSettingGroup({
  key: 'services',
  title: 'Storefront services',
  description: 'The promises the storefront shows under the sliders: cash on delivery, delivery time, returns…',
  schema: servicesSettingSchema,
  defaults: DEFAULT_SERVICES_SETTING,
  fields: SERVICE_SLOT_NUMBERS.flatMap(serviceFields),
});

/** The services the storefront shows, in slot order: those with a title. */
export function publicServices(values: ServicesSetting): { icon: ServiceIcon; title: string; text: string }[] {
  return SERVICE_SLOT_NUMBERS.flatMap((slot) => {
    const entry = values as Record<string, string>;
    const title = entry[`service_${slot}_title`] ?? '';
    if (!title) return [];
    return [{ icon: entry[`service_${slot}_icon`] as ServiceIcon, title, text: entry[`service_${slot}_text`] ?? '' }];
  });
}

// ---- Incomplete checkouts (issue 20, decision 056) ------------------------------------------------

export const incompleteCheckoutSettingSchema = z.object({
  save_drafts: z.boolean().default(true),
  keep_days: z.coerce
    .number({ error: 'Enter a number of days from 1 to 365' })
    .int('Enter a number of days from 1 to 365')
    .min(1, 'Enter a number of days from 1 to 365')
    .max(365, 'Enter a number of days from 1 to 365')
    .default(30),
});
export type IncompleteCheckoutSetting = z.infer<typeof incompleteCheckoutSettingSchema>;

export const INCOMPLETE_CHECKOUT_SETTING_GROUP = defineSettingGroup({
  key: 'incomplete',
  title: 'Incomplete orders',
  description: 'What shoppers typed at the checkout without placing the order, kept for a call back.',
  schema: incompleteCheckoutSettingSchema,
  defaults: { save_drafts: true, keep_days: 30 },
  fields: [
    {
      name: 'save_drafts',
      label: 'Keep incomplete checkouts',
      kind: 'switch',
      half: true,
      description: 'Save the name, phone, address and cart once the phone number is valid',
    },
    {
      name: 'keep_days',
      label: 'Remove after (days)',
      kind: 'number',
      half: true,
      description: 'Incomplete checkouts not converted are removed this many days after their last change',
    },
  ],
});

// ---- Fraud controls (decision 055) -------------------------------------------------------------

const OTP_PHONE_OPTIONS = [
  { value: 'risky_and_new', label: 'Risky and new phones' },
  { value: 'risky', label: 'Risky phones only' },
] as const;

export const FRAUD_SETTING_GROUP = defineSettingGroup({
  key: 'fraud',
  title: 'Fraud controls',
  description: 'Limits and checks at checkout for cash-on-delivery orders; every refusal is logged.',
  schema: fraudSettingSchema,
  defaults: DEFAULT_FRAUD_SETTING,
  fields: [
    {
      name: 'phone_orders_per_hour',
      label: 'Orders per phone per hour',
      kind: 'number',
      half: true,
      section: 'Limits (0 means no limit)',
      description: 'Checkouts beyond this are refused with a clear message',
    },
    { name: 'phone_orders_per_day', label: 'Orders per phone per day', kind: 'number', half: true },
    { name: 'ip_orders_per_hour', label: 'Orders per IP address per hour', kind: 'number', half: true },
    { name: 'ip_orders_per_day', label: 'Orders per IP address per day', kind: 'number', half: true },
    {
      name: 'max_quantity_per_product',
      label: 'Most of one product in an order',
      kind: 'number',
      half: true,
      description: 'Staff orders by phone are not limited',
    },
    {
      name: 'risky_below_percent',
      label: 'Risky below this success ratio (%)',
      kind: 'number',
      half: true,
      section: 'Risk rules',
      description: 'Delivered out of delivered, returned and cancelled orders',
    },
    {
      name: 'risky_min_finished',
      label: 'Only after this many finished orders',
      kind: 'number',
      half: true,
      description: 'A phone with no delivered order yet is new',
    },
    {
      name: 'otp_enabled',
      label: 'Code by SMS at checkout',
      kind: 'switch',
      half: true,
      section: 'Checks at checkout',
      description: 'The shopper types the code sent to their phone before the order is placed',
    },
    { name: 'otp_phones', label: 'Ask a code of', kind: 'select', options: OTP_PHONE_OPTIONS, half: true },
    {
      name: 'advance_for_risky',
      label: 'Advance delivery charge for risky phones',
      kind: 'switch',
      description:
        'With a gateway that takes the delivery charge on, such shoppers must pay it online; with none, their orders are placed on hold and the shop calls',
    },
  ],
});

// ---- All groups -------------------------------------------------------------------------------

export const SETTING_GROUP_CONTRACTS = {
  general: GENERAL_SETTING_GROUP,
  header: HEADER_SETTING_GROUP,
  footer: FOOTER_SETTING_GROUP,
  marketing: MARKETING_SETTING_GROUP,
  theme: THEME_SETTING_GROUP,
  configuration: SITE_CONFIGURATION_GROUP,
  payment: PAYMENT_SETTING_GROUP,
  social: SOCIAL_LOGIN_SETTING_GROUP,
  sms: SMS_SETTING_GROUP,
  services: SERVICES_SETTING_GROUP,
  email: EMAIL_SETTING_GROUP,
  incomplete: INCOMPLETE_CHECKOUT_SETTING_GROUP,
  fraud: FRAUD_SETTING_GROUP,
} as const satisfies Record<SettingGroupKey, SettingGroupContract<z.ZodType<Values, Values>>>;

/**
 * What `GET /api/get/site/info` tells every visitor: the settings the storefront shows, which
 * sign-in buttons and payment methods are on; never a secret.
 */
export interface PublicSiteInfo {
  general_setting: GeneralSetting;
  header_setting: HeaderSetting;
  footer_setting: FooterSetting;
  theme_setting: ThemeSetting;
  marketing_setting: PublicMarketingSetting;
  /** The sign-in buttons: providers switched on with both their id and secret saved. */
  social_login: { provider: 'google' | 'facebook'; client_id: string; start_url: string }[];
  /**
   * What checkout offers (decision 062): cash on delivery when on (purposes `[]`), and each gateway switched
   * on with what it may take: `full` (the whole order) and/or `delivery` (the delivery charge in advance).
   */
  payment_methods: CheckoutPaymentMethod[];
}
