import { z } from 'zod';
import { BD_PHONE } from './auth';
import { smsParts } from './content';
import { hasFields, idField, moneyField, nameField, optionalId, slugField, statusField } from './fields';
import type { ProductPaymentRule } from './payments';
import { optionalInstant, optionalMoney } from './product';

/**
 * Offers, coupon codes, campaigns, landing pages and SMS campaigns (seed §2.4 "Offers"): the shapes
 * the marketing screens, the API and the later storefront and checkout share.
 */

// ---- Shared pieces ------------------------------------------------------------------------------

export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = { percent: 'Percentage off', amount: 'Fixed amount off' };

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** A required instant with its offset (2025-03-01T10:00:00+06:00 or …Z). */
const requiredInstant = (what: string) => z.preprocess(emptyToNull, z.iso.datetime({ offset: true, error: `Choose when the ${what}` }));

/** A whole percentage from 1 to 100, or empty. */
const optionalPercent = z.preprocess(
  emptyToNull,
  z.coerce
    .number({ error: 'Enter the percentage' })
    .int('Use a whole percentage')
    .min(1, 'Use at least 1%')
    .max(100, 'Use at most 100%')
    .nullable(),
);

/** A whole number of at least 1, or empty for "no limit". */
const optionalLimit = (label: string) =>
  z.preprocess(
    emptyToNull,
    z.coerce
      .number({ error: `Enter the ${label}` })
      .int(`The ${label} must be a whole number`)
      .min(1, `The ${label} must be at least 1 (leave it empty for no limit)`)
      .max(1_000_000, `The ${label} must be at most 1,000,000`)
      .nullable(),
  );

interface DiscountValues {
  discount_type?: unknown;
  percent_off?: unknown;
  amount_off?: unknown;
  starts_at?: unknown;
  ends_at?: unknown;
}

type Issue = { path: (string | number)[]; message: string };

/** The rules of a discount (its kind needs its value) and of a time window. */
function discountIssues(value: DiscountValues, what: string): Issue[] {
  const issues: Issue[] = [];
  if (value.discount_type === 'percent' && (value.percent_off === null || value.percent_off === undefined)) {
    issues.push({ path: ['percent_off'], message: 'Enter the percentage off' });
  }
  if (value.discount_type === 'amount' && (typeof value.amount_off !== 'number' || value.amount_off <= 0)) {
    issues.push({ path: ['amount_off'], message: 'Enter the amount off' });
  }
  const { starts_at: starts, ends_at: ends } = value;
  if (typeof starts === 'string' && typeof ends === 'string' && Date.parse(ends) <= Date.parse(starts)) {
    issues.push({ path: ['ends_at'], message: `The ${what} must end after it starts` });
  }
  return issues;
}

/** The discount a percentage or an amount takes off a price, in whole paisa, never more than the price. */
export function discountOn(price: number, discount: { type: DiscountType; percent: number | null; amount: number | null }): number {
  if (price <= 0) return 0;
  const off = discount.type === 'percent' ? Math.floor((price * (discount.percent ?? 0)) / 100) : (discount.amount ?? 0);
  return Math.max(0, Math.min(price, off));
}

// ---- Offers -------------------------------------------------------------------------------------

/** An offer: a percentage or an amount off chosen products and/or categories (any level) between two times. */
export const offerInput = z
  .object({
    name: nameField('name', 120),
    discount_type: z.enum(DISCOUNT_TYPES, { error: 'Choose a percentage or a fixed amount' }).default('percent'),
    percent_off: optionalPercent.default(null),
    amount_off: optionalMoney('amount off'),
    product_ids: z.array(idField('product')).max(500, 'Choose at most 500 products').default([]),
    category_ids: z.array(idField('category')).max(200, 'Choose at most 200 categories').default([]),
    starts_at: requiredInstant('offer starts'),
    ends_at: requiredInstant('offer ends'),
    status: statusField,
  })
  .superRefine(
    (value, context) => {
      for (const issue of discountIssues(value, 'offer')) context.addIssue({ code: 'custom', ...issue });
      const products = Array.isArray(value.product_ids) ? value.product_ids : [];
      const categories = Array.isArray(value.category_ids) ? value.category_ids : [];
      if (products.length === 0 && categories.length === 0) {
        context.addIssue({ code: 'custom', path: ['product_ids'], message: 'Choose at least one product or category' });
      }
    },
    { when: hasFields },
  );
export type OfferInput = z.input<typeof offerInput>;
export type OfferValues = z.output<typeof offerInput>;

/** The best running offer for a product, as the storefront and checkout get it. */
export interface OfferPrice {
  offer_id: number;
  name: string;
  discount_type: DiscountType;
  percent_off: number | null;
  amount_off: number | null;
  /** The price it was worked out on, the discount (paisa) and what is left to pay. */
  price: number;
  discount: number;
  final_price: number;
  ends_at: string;
}

// ---- Coupon codes -------------------------------------------------------------------------------

export const COUPON_CHANNELS = ['website', 'reseller'] as const;
export type CouponChannel = (typeof COUPON_CHANNELS)[number];

/** A coupon code: letters, digits, - and _; kept in capitals, so WELCOME100 and welcome100 are one code. */
export const couponCodeField = z
  .string({ error: 'Enter the code' })
  .trim()
  .min(3, 'Use at least 3 characters')
  .max(32, 'Use at most 32 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only, without spaces')
  .transform((value) => value.toUpperCase());

export const couponInput = z
  .object({
    code: couponCodeField,
    discount_type: z.enum(DISCOUNT_TYPES, { error: 'Choose a percentage or a fixed amount' }).default('amount'),
    percent_off: optionalPercent.default(null),
    amount_off: optionalMoney('amount off'),
    /** For a percentage: the most it takes off one order; empty for no cap. */
    max_discount: optionalMoney('maximum discount'),
    min_order_total: moneyField('minimum order total').default(0),
    first_order_only: z.boolean().default(false),
    /** Uses of the code in all; empty for no limit. */
    usage_limit: optionalLimit('usage limit').default(null),
    /** Uses by one customer; empty for no limit. */
    per_customer_limit: optionalLimit('limit per customer').default(1),
    starts_at: optionalInstant,
    ends_at: optionalInstant,
    for_website: z.boolean().default(true),
    for_reseller: z.boolean().default(false),
    status: statusField,
  })
  .superRefine(
    (value, context) => {
      for (const issue of discountIssues(value, 'coupon')) context.addIssue({ code: 'custom', ...issue });
      if (value.for_website === false && value.for_reseller === false) {
        context.addIssue({ code: 'custom', path: ['for_website'], message: 'Allow the code on website orders, reseller orders or both' });
      }
      const { usage_limit: total, per_customer_limit: each } = value;
      if (typeof total === 'number' && typeof each === 'number' && each > total) {
        context.addIssue({
          code: 'custom',
          path: ['per_customer_limit'],
          message: 'The limit per customer cannot be above the usage limit',
        });
      }
    },
    { when: hasFields },
  );
export type CouponInput = z.input<typeof couponInput>;
export type CouponValues = z.output<typeof couponInput>;

/** Why a code does not apply; each has one message the shopper reads. */
export const COUPON_REFUSALS = {
  not_found: 'This coupon code does not exist.',
  inactive: 'This coupon code is not active.',
  not_started: 'This coupon code is not valid yet.',
  expired: 'This coupon code has expired.',
  wrong_channel: 'This coupon code cannot be used on this kind of order.',
  first_order_only: 'This coupon code is only for your first order.',
  below_minimum: 'Your order total is below the minimum for this coupon code.',
  used_up: 'This coupon code has been used up.',
  already_used: 'You have already used this coupon code.',
} as const;
export type CouponRefusal = keyof typeof COUPON_REFUSALS;

// ---- Campaigns ----------------------------------------------------------------------------------

export const campaignProductInput = z.object({
  product_id: idField('product'),
  campaign_price: moneyField('campaign price'),
});

/** A campaign: chosen products at campaign prices between two times, with its own page and banner. */
export const campaignInput = z
  .object({
    name: nameField('name', 120),
    slug: slugField,
    description: z.string().trim().max(5000, 'Use at most 5000 characters').default(''),
    starts_at: requiredInstant('campaign starts'),
    ends_at: requiredInstant('campaign ends'),
    status: statusField,
    products: z.array(campaignProductInput).max(500, 'Use at most 500 products').default([]),
  })
  .superRefine(
    (value, context) => {
      for (const issue of discountIssues(value, 'campaign')) context.addIssue({ code: 'custom', ...issue });
      const seen = new Set<unknown>();
      (Array.isArray(value.products) ? value.products : []).forEach((row, index) => {
        if (!row || typeof row !== 'object') return;
        if (seen.has(row.product_id)) {
          context.addIssue({ code: 'custom', path: ['products', index, 'product_id'], message: 'This product is already in the campaign' });
        }
        seen.add(row.product_id);
      });
    },
    { when: hasFields },
  );
export type CampaignInput = z.input<typeof campaignInput>;
export type CampaignValues = z.output<typeof campaignInput>;

const storedImagePath = z
  .string({ error: 'Upload the image again' })
  .trim()
  .min(1, 'Upload the image again')
  .max(300)
  .refine((value) => !value.includes('..') && !value.startsWith('/') && !value.includes('\\'), 'Upload the image again');

export const campaignImageInput = z.object({ path: storedImagePath, thumbnail: storedImagePath });
export type CampaignImage = z.infer<typeof campaignImageInput>;

/** `PUT /api/admin/campaigns/{id}/images`: the banner and the gallery in display order. */
export const campaignImagesInput = z.object({
  banner: campaignImageInput.nullable().default(null),
  gallery: z.array(campaignImageInput).max(20, 'Use at most 20 gallery pictures').default([]),
});
export type CampaignImagesInput = z.input<typeof campaignImagesInput>;

/** `PUT /api/admin/campaigns/slider`: the campaigns of the home campaign slider, in order. */
export const campaignSliderInput = z.object({
  campaign_ids: z
    .array(idField('campaign'))
    .max(30, 'Put at most 30 campaigns in the slider')
    .refine((ids) => new Set(ids).size === ids.length, 'Each campaign can be in the slider once'),
});
export type CampaignSliderInput = z.input<typeof campaignSliderInput>;

/** `GET /_public/campaigns`: the running campaigns, slider ones first in slider order. */
export interface PublicCampaignSummary {
  id: number;
  name: string;
  slug: string;
  banner_image: string | null;
  banner_thumbnail: string | null;
  starts_at: string;
  ends_at: string;
  in_slider: boolean;
}

export interface PublicCampaignProduct {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  thumbnail: string | null;
  retail_price: number;
  campaign_price: number;
  /** Whole percent saved against the retail price. */
  saving_percent: number;
  stock: number;
}

// ---- Landing pages ------------------------------------------------------------------------------

export const LANDING_SECTION_TYPES = ['text', 'image', 'video', 'faq', 'testimonial'] as const;
export type LandingSectionType = (typeof LANDING_SECTION_TYPES)[number];
export const LANDING_SECTION_LABELS: Record<LandingSectionType, { name: string; title: string; content: string }> = {
  text: { name: 'Text', title: 'Heading (optional)', content: 'Text' },
  image: { name: 'Image', title: 'Caption (optional)', content: 'Image' },
  video: { name: 'Video', title: 'Heading (optional)', content: 'Video link (YouTube or Facebook, https://…)' },
  faq: { name: 'Question and answer', title: 'Question', content: 'Answer' },
  testimonial: { name: 'Testimonial', title: 'Customer name', content: 'What they said' },
};

export const landingSectionInput = z
  .object({
    type: z.enum(LANDING_SECTION_TYPES, { error: 'Choose the kind of section' }),
    title: z.string().trim().max(200, 'Use at most 200 characters').default(''),
    content: z.string().trim().max(5000, 'Use at most 5000 characters').default(''),
  })
  .superRefine((section, context) => {
    const issue = (path: 'title' | 'content', message: string) => context.addIssue({ code: 'custom', path: [path], message });
    const { type, title, content } = section;
    if (type === 'image' && (!content || content.includes('..') || content.startsWith('/'))) issue('content', 'Upload the image');
    else if (type === 'video' && !/^https:\/\/\S+$/.test(content)) issue('content', 'Paste a link starting with https://');
    else if (!content)
      issue('content', type === 'faq' ? 'Write the answer' : type === 'testimonial' ? 'Write what they said' : 'Write the text');
    if (type === 'faq' && !title) issue('title', 'Write the question');
    if (type === 'testimonial' && !title) issue('title', 'Write the customer’s name');
  });
export type LandingSection = z.output<typeof landingSectionInput>;

/**
 * `GET /_public/landing/{slug}`: a published landing page and its product as the storefront's `/landing/{slug}`
 * shows them. `price` is what one costs now at the product's retail price (the lowest of its discount, the best
 * running offer and its campaign price); each variant has its own `price` by the same rule, on its `retail_price`.
 */
export interface PublicLandingPage {
  landing_page: {
    id: number;
    slug: string;
    headline: string;
    sections: LandingSection[];
    order_form: { button_text: string; delivery_note: string; order_type: 'landing' };
    updated_at: string;
  };
  product: {
    id: number;
    name: string;
    slug: string;
    description: string | null;
    retail_price: number;
    offer: OfferPrice | null;
    campaign_price: number | null;
    price: number;
    stock: number;
    /** How it may be paid (decision 062): `any`; `delivery` (at least the delivery charge online); `full` (only in full online). */
    payment_rule: ProductPaymentRule;
    images: { path: string; thumbnail: string; is_main: boolean }[];
    variants: { id: number; label: string; retail_price: number; price: number; stock: number }[];
  };
}

/** Slugs the admin routes use as words (`/admin/landing/page/add`). */
const RESERVED_LANDING_SLUGS = new Set(['add', 'edit']);

/**
 * A one-product landing page at `/landing/{slug}`: a headline, ordered sections and the order
 * form's settings. Its orders arrive as type `landing` once the orders module exists.
 */
export const landingPageInput = z.object({
  headline: z
    .string({ error: 'Write the headline' })
    .trim()
    .min(5, 'The headline must have at least 5 characters')
    .max(200, 'Use at most 200 characters'),
  slug: slugField.refine((value) => !RESERVED_LANDING_SLUGS.has(value), 'Choose another slug: this word is taken by the admin screens'),
  product_id: idField('product'),
  sections: z.array(landingSectionInput).max(40, 'Use at most 40 sections').default([]),
  button_text: z.string().trim().min(2, 'Write the button text').max(40, 'Use at most 40 characters').default('Order now'),
  delivery_note: z.string().trim().max(300, 'Use at most 300 characters').default(''),
  status: statusField,
});
export type LandingPageInput = z.input<typeof landingPageInput>;
export type LandingPageValues = z.output<typeof landingPageInput>;

// ---- SMS campaigns ------------------------------------------------------------------------------

export const SMS_AUDIENCES = ['all_customers', 'city', 'resellers', 'numbers'] as const;
export type SmsAudience = (typeof SMS_AUDIENCES)[number];
export const SMS_AUDIENCE_LABELS: Record<SmsAudience, string> = {
  all_customers: 'All customers',
  city: 'Customers of a city',
  resellers: 'All active resellers',
  numbers: 'A pasted list of numbers',
};

export const SMS_CAMPAIGN_STATUSES = ['sending', 'stopped', 'finished'] as const;
export type SmsCampaignStatus = (typeof SMS_CAMPAIGN_STATUSES)[number];
export const SMS_CAMPAIGN_STATUS_LABELS: Record<SmsCampaignStatus, string> = {
  sending: 'Sending',
  stopped: 'Stopped',
  finished: 'Finished',
};

/**
 * What one SMS part costs, in paisa, for the estimate: ৳0.35, a common non-masking rate of
 * Bangladeshi gateways (BulkSMSBD and others charge about ৳0.25–0.50). The gateway's own price may
 * differ; the estimate says so.
 */
export const SMS_PART_RATE_PAISA = 35;

/** The most numbers one campaign takes from a pasted list. */
export const SMS_PASTED_NUMBERS_LIMIT = 10_000;

/**
 * Mobile numbers typed or pasted one per line, or separated by commas, semicolons or spaces:
 * 01712345678, +8801712345678 and 8801712345678 are one number. Repeats are dropped.
 */
export function parsePhoneList(text: string): { valid: string[]; invalid: string[] } {
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const token of text.split(/[\n\r,;\t]+/)) {
    const typed = token.trim();
    if (!typed) continue;
    const number = typed.replace(/[\s().-]/g, '').replace(/^\+?88(?=01)/, '');
    if (BD_PHONE.test(number)) valid.add(number);
    else invalid.push(typed);
  }
  return { valid: [...valid], invalid };
}

/** Parts and cost of a message sent to `recipients` numbers (GSM 160/153, Unicode 70/67). */
export function smsEstimate(message: string, recipients: number, ratePaisa = SMS_PART_RATE_PAISA) {
  const length = smsParts(message);
  return { ...length, recipients, rate: ratePaisa, total_parts: length.parts * recipients, cost: length.parts * recipients * ratePaisa };
}

export const smsCampaignInput = z
  .object({
    name: z.string().trim().max(120, 'Use at most 120 characters').default(''),
    audience: z.enum(SMS_AUDIENCES, { error: 'Choose who gets the message' }),
    city_id: optionalId.default(null),
    numbers: z.string().max(400_000, 'The list is too long').default(''),
    message: z
      .string({ error: 'Write the message' })
      .trim()
      .min(1, 'Write the message')
      .max(1000, 'Keep the message under 1000 characters'),
  })
  .superRefine(
    (value, context) => {
      if (value.audience === 'city' && !value.city_id) context.addIssue({ code: 'custom', path: ['city_id'], message: 'Choose a city' });
      if (value.audience === 'numbers' && typeof value.numbers === 'string') {
        const { valid, invalid } = parsePhoneList(value.numbers);
        if (invalid.length) {
          const shown = invalid.slice(0, 5).join(', ');
          context.addIssue({
            code: 'custom',
            path: ['numbers'],
            // Whole sentences, so the web app finds each one's Bengali (apps/web/src/ui/messages.phrases.bn.ts).
            message:
              invalid.length === 1
                ? `This is not a mobile number: ${shown}. Fix or remove it.`
                : `${invalid.length} entries are not mobile numbers: ${shown}${invalid.length > 5 ? '…' : ''}. Fix or remove them.`,
          });
        } else if (valid.length === 0) {
          context.addIssue({ code: 'custom', path: ['numbers'], message: 'Paste at least one mobile number' });
        } else if (valid.length > SMS_PASTED_NUMBERS_LIMIT) {
          context.addIssue({
            code: 'custom',
            path: ['numbers'],
            message: `Paste at most ${SMS_PASTED_NUMBERS_LIMIT.toLocaleString('en')} numbers at once`,
          });
        }
      }
    },
    { when: hasFields },
  );
export type SmsCampaignInput = z.input<typeof smsCampaignInput>;
export type SmsCampaignValues = z.output<typeof smsCampaignInput>;

/** An audience the screen offers, with how many numbers it reaches now. */
export interface SmsAudienceOption {
  value: SmsAudience;
  label: string;
  recipients: number | null;
  available: boolean;
  /** Why it is not available (customers have no city yet). */
  note?: string;
}

/** A campaign as the history and the progress poll show it. */
export interface SmsCampaignView {
  id: number;
  name: string;
  audience: SmsAudience;
  audience_label: string;
  message: string;
  parts: number;
  unicode: boolean;
  rate: number;
  estimated_cost: number;
  total: number;
  sent: number;
  failed: number;
  status: SmsCampaignStatus;
  admin_name: string | null;
  created_at: string;
  finished_at: string | null;
}
