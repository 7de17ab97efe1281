import { z } from 'zod';
import { phoneSchema } from './auth';
import { optionalInstant } from './product';
import { defineResourceDescriptor, viewOf } from './resources/descriptor';

/**
 * Cash-on-delivery risk (PRODUCT.md §5b, decision 055): a phone's history across every channel and
 * its badge, the shop's fraud controls at checkout (caps per phone and IP, the most of one product,
 * a blocklist with expiry, a code by SMS, an advance delivery charge) and the log of every refusal.
 */

// ---- Badges and phone history -------------------------------------------------------------------

export const RISK_BADGES = ['new', 'good', 'risky', 'blocked'] as const;
export type RiskBadge = (typeof RISK_BADGES)[number];
export const RISK_BADGE_LABELS: Record<RiskBadge, string> = {
  new: 'New',
  good: 'Good',
  risky: 'Risky',
  blocked: 'Blocked',
};

/** A phone's orders by outcome, across every channel, and what the shop's rules make of them. */
export interface PhoneRisk {
  phone: string;
  /** Every order with this phone, whatever its state. */
  orders: number;
  delivered: number;
  returned: number;
  cancelled: number;
  /** Still on their way (pending, confirmed, processing, shipped, on hold). */
  open: number;
  /** Delivered out of finished (delivered, returned, cancelled), in whole per cent; null before any finished. */
  success_ratio: number | null;
  badge: RiskBadge;
  /** Why the badge says what it says, in a sentence staff read. */
  reason: string;
  /** The blocklist row that blocks this phone now, if any. */
  blocked: { reason: string; expires_at: string | null } | null;
}

export interface PhoneOrderRow {
  id: number;
  number: string;
  type: string;
  status: number;
  total: number;
  placed_at: string;
}

/** `GET /api/admin/risk/phone/{phone}`: the figures and the latest orders (newest first). */
export interface PhoneHistory extends PhoneRisk {
  recent: PhoneOrderRow[];
}

/** What one courier says of a phone (Steadfast's fraud check, Pathao's customer success rate). */
export interface CourierPhoneFigure {
  provider: 'steadfast' | 'pathao';
  courier: string;
  delivered: number;
  returned: number;
  total: number;
  /** Delivered out of total, whole per cent; null when the courier knows no parcel. */
  success_ratio: number | null;
  fetched_at: string;
}

/** `GET /api/admin/risk/phone/{phone}/courier`: each connected courier's figures (cached a day), and the failures' words. */
export interface CourierPhoneRecord {
  phone: string;
  couriers: CourierPhoneFigure[];
  /** A courier that did not answer, in words staff read ("Steadfast did not answer within 5 seconds."). */
  problems: string[];
}

/** `?phones=01711…,01812…` of `GET /api/admin/risk/phones`: at most a page's worth. */
export const phoneListQuery = z.object({
  phones: z
    .string({ error: 'Send the phones to look up' })
    .transform((value) =>
      value
        .split(',')
        .map((each) => each.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(20, 'A phone has at most 20 characters')).max(200, 'Ask for at most 200 phones at once')),
});

// ---- Settings ------------------------------------------------------------------------------------

const count = (label: string, max = 10_000) =>
  z.coerce
    .number({ error: `Enter the ${label}` })
    .int(`The ${label} must be a whole number`)
    .min(0, `The ${label} cannot be negative`)
    .max(max, `The ${label} must be at most ${max.toLocaleString('en')}`);

export const OTP_PHONE_CHOICES = ['risky_and_new', 'risky'] as const;

/** `/admin/fraud/setting`: 0 in a cap means no cap. */
export const fraudSettingSchema = z.object({
  phone_orders_per_hour: count('orders per phone per hour').default(0),
  phone_orders_per_day: count('orders per phone per day').default(0),
  ip_orders_per_hour: count('orders per IP address per hour').default(0),
  ip_orders_per_day: count('orders per IP address per day').default(0),
  max_quantity_per_product: count('most of one product in an order').default(0),
  otp_enabled: z.boolean().default(false),
  otp_phones: z.enum(OTP_PHONE_CHOICES, { error: 'Choose which phones get a code' }).default('risky_and_new'),
  advance_for_risky: z.boolean().default(false),
  risky_below_percent: count('success ratio', 100).default(60),
  risky_min_finished: count('finished orders', 1000).default(3),
});
export type FraudSetting = z.infer<typeof fraudSettingSchema>;

export const DEFAULT_FRAUD_SETTING: FraudSetting = fraudSettingSchema.parse({});

// ---- Checkout --------------------------------------------------------------------------------------

/** The code a shopper types from the SMS: 6 digits; empty means none yet. */
export const otpCodeField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? value.replace(/\s/g, '') : value),
  z
    .string({ error: 'Enter the 6-digit code from the SMS' })
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS')
    .optional(),
);

/** Refusal kinds of the log (`/admin/fraud/log`). */
export const REFUSAL_REASONS = [
  'blocked_phone',
  'blocked_ip',
  'phone_cap',
  'ip_cap',
  'max_quantity',
  'otp_required',
  'otp_wrong',
  'otp_limit',
  'advance_required',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
export const REFUSAL_REASON_LABELS: Record<RefusalReason, string> = {
  blocked_phone: 'Blocked phone',
  blocked_ip: 'Blocked IP address',
  phone_cap: 'Too many orders from the phone',
  ip_cap: 'Too many orders from the IP address',
  max_quantity: 'Too many of one product',
  otp_required: 'Code sent, not yet entered',
  otp_wrong: 'Wrong code',
  otp_limit: 'Too many codes or tries',
  advance_required: 'Cash on delivery refused: advance online needed',
};

export const CHECKOUT_CHANNELS = ['website', 'reseller_shop', 'landing'] as const;
export type CheckoutChannel = (typeof CHECKOUT_CHANNELS)[number];
export const CHECKOUT_CHANNEL_LABELS: Record<CheckoutChannel, string> = {
  website: 'Website',
  reseller_shop: 'Reseller shop',
  landing: 'Landing page',
};

/** The note an order put on hold for an advance delivery charge carries (and the thanks page's words). */
export const ADVANCE_HOLD_NOTE =
  'On hold: the delivery charge must be paid in advance for this phone. The shop will call to arrange it before sending the order.';

/**
 * A risky phone choosing cash on delivery while a gateway takes the delivery charge (decision 055, 062):
 * the checkout's refusal on `payment_method`, and the one when the gateways take only the full payment.
 */
export const ADVANCE_ONLINE_MESSAGE = 'Please pay the delivery charge online to confirm this order.';
export const FULL_ONLINE_FOR_RISKY_MESSAGE = 'Please pay online to confirm this order.';

// ---- Blocklist -----------------------------------------------------------------------------------

export const BLOCK_KINDS = ['phone', 'ip'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];
export const BLOCK_KIND_LABELS: Record<BlockKind, string> = { phone: 'Phone', ip: 'IP address' };

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+$/i;

/** A phone or IP address to refuse at checkout, why, and until when (empty: until removed). */
export const blocklistInput = z
  .object({
    kind: z.enum(BLOCK_KINDS, { error: 'Choose phone or IP address' }),
    value: z.string({ error: 'Enter the phone or IP address' }).trim().min(1, 'Enter the phone or IP address').max(64),
    reason: z.string({ error: 'Write why' }).trim().min(3, 'Write why, for the other staff').max(300, 'Use at most 300 characters'),
    expires_at: optionalInstant,
  })
  .transform((value, context) => {
    if (value.kind === 'phone') {
      const phone = phoneSchema.safeParse(value.value);
      if (!phone.success) {
        context.addIssue({ code: 'custom', path: ['value'], message: 'Enter a mobile number like 01712345678' });
        return z.NEVER;
      }
      return { ...value, value: phone.data };
    }
    const ip = value.value.toLowerCase();
    if (!IPV4.test(ip) && !(ip.includes(':') && IPV6.test(ip))) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'Enter an IP address like 103.15.42.7' });
      return z.NEVER;
    }
    return { ...value, value: ip };
  });

export type BlocklistView = {
  id: number;
  kind: BlockKind;
  value: string;
  reason: string;
  expires_at: string | null;
  /** Blocking now (not expired). */
  active: boolean;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
};

/** `/admin/blocklist`: phones and IP addresses refused at checkout. */
export const blocklistDescriptor = defineResourceDescriptor({
  name: 'blocklist',
  label: 'blocklist entry',
  title: 'Blocklist',
  path: '/api/admin/blocklist',
  permission: 'blocklist',
  input: blocklistInput,
  view: viewOf<BlocklistView>(),
  sort: ['id', 'value', 'expires_at', 'created_at'],
  defaultSort: '-created_at',
  filters: { kind: z.enum(BLOCK_KINDS), state: z.enum(['active', 'expired']) },
});

// ---- Refusal log ---------------------------------------------------------------------------------

export type FraudRefusalView = {
  id: number;
  at: string;
  channel: CheckoutChannel;
  reason: RefusalReason;
  phone: string;
  ip: string;
  message: string;
};

/** `/admin/fraud/log`: every checkout the controls refused, newest first (read-only). */
export const fraudRefusalDescriptor = defineResourceDescriptor({
  name: 'fraud-refusal',
  label: 'refusal',
  title: 'Refused checkouts',
  path: '/api/admin/fraud/log',
  permission: 'fraud.log',
  permissions: { view: 'fraud.log.view' },
  input: z.object({}),
  view: viewOf<FraudRefusalView>(),
  sort: ['id', 'at'],
  defaultSort: '-at',
  filters: { reason: z.enum(REFUSAL_REASONS), channel: z.enum(CHECKOUT_CHANNELS) },
  readOnly: true,
});
