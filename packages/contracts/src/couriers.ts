import { z } from 'zod';
import { nameField, optionalId, statusField } from './fields';

/** Courier services the shop can book consignments with (PRODUCT.md §7). */
export const COURIER_PROVIDERS = [
  { code: 'steadfast', name: 'Steadfast Courier' },
  { code: 'pathao', name: 'Pathao Courier' },
] as const;

export type CourierProviderCode = (typeof COURIER_PROVIDERS)[number]['code'];

/** What `/admin/courier/api` may show anyone: which couriers are connected, never their keys. */
export interface CourierConnection {
  code: CourierProviderCode;
  name: string;
  connected: boolean;
}

/** How a courier of the shop's list is booked: `none` means staff enter its tracking by hand. */
export const COURIER_KINDS = ['none', 'steadfast', 'pathao'] as const;
export type CourierKind = (typeof COURIER_KINDS)[number];
export const COURIER_KIND_LABELS: Record<CourierKind, string> = {
  none: 'By hand (no API)',
  steadfast: 'Steadfast API',
  pathao: 'Pathao API',
};

/** Where `{code}` in a courier's tracking link goes: the order's tracking code. */
export const TRACKING_CODE_PLACEHOLDER = '{code}';

/** A courier of the shop's list (`/admin/courier`). */
export const courierInput = z.object({
  name: nameField('name', 80),
  provider: z.enum(COURIER_KINDS, { error: 'Choose how this courier is booked' }).default('none'),
  phone: z
    .string()
    .trim()
    .max(20, 'Use at most 20 characters')
    .refine((value) => value === '' || /^\+?[\d\s-]{6,20}$/.test(value), 'Enter a phone number, like 09678045045')
    .default(''),
  tracking_url: z
    .string()
    .trim()
    .max(300, 'Use at most 300 characters')
    .refine((value) => value === '' || /^https?:\/\/\S+$/.test(value), 'Use a link starting with https://')
    .default(''),
  status: statusField,
});
export type CourierInput = z.input<typeof courierInput>;

/** A courier's tracking link for a tracking code, or null when it has no link template. */
export function trackingLink(template: string | null | undefined, trackingCode: string | null | undefined): string | null {
  if (!template || !trackingCode) return null;
  const code = encodeURIComponent(trackingCode);
  return template.includes(TRACKING_CODE_PLACEHOLDER) ? template.split(TRACKING_CODE_PLACEHOLDER).join(code) : `${template}${code}`;
}

const credential = (label: string, max = 200) => z.string().trim().max(max, `The ${label} must have at most ${max} characters`).default('');
const baseUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .max(300, 'Use at most 300 characters')
    .refine((value) => /^https?:\/\/[^\s/]+/.test(value), 'Use a link starting with https://')
    .transform((value) => value.replace(/\/+$/, ''))
    .default(fallback);

/** Steadfast's API credentials (Api-Key and Secret-Key headers); secrets come back masked. */
export const steadfastCredentialsInput = z.object({
  enabled: z.boolean().default(false),
  base_url: baseUrl('https://portal.packzy.com/api/v1'),
  api_key: credential('API key'),
  secret_key: credential('secret key'),
  /** The Bearer token the shop sets in Steadfast's webhook settings; its status pushes must carry it. */
  webhook_token: credential('webhook token'),
});

/** Pathao's merchant API credentials (a password grant for a token) and its webhook secret. */
export const pathaoCredentialsInput = z.object({
  enabled: z.boolean().default(false),
  base_url: baseUrl('https://api-hermes.pathao.com'),
  client_id: credential('client id'),
  client_secret: credential('client secret'),
  username: credential('username'),
  password: credential('password'),
  store_id: z
    .string()
    .trim()
    .max(20)
    .refine((value) => value === '' || /^\d+$/.test(value), 'The store id is a number')
    .default(''),
  webhook_secret: credential('webhook secret'),
});

export type SteadfastCredentials = z.output<typeof steadfastCredentialsInput>;
export type PathaoCredentials = z.output<typeof pathaoCredentialsInput>;

/** Per provider: its credentials form, which fields are secrets, and which must be set to connect. */
export const COURIER_CREDENTIALS = {
  steadfast: {
    schema: steadfastCredentialsInput,
    secrets: ['api_key', 'secret_key', 'webhook_token'],
    required: ['base_url', 'api_key', 'secret_key'],
    fields: [
      { name: 'base_url', label: 'Base URL' },
      { name: 'api_key', label: 'Api-Key' },
      { name: 'secret_key', label: 'Secret-Key' },
      { name: 'webhook_token', label: 'Webhook token (Bearer)' },
    ],
  },
  pathao: {
    schema: pathaoCredentialsInput,
    secrets: ['client_secret', 'password', 'webhook_secret'],
    required: ['base_url', 'client_id', 'client_secret', 'username', 'password', 'store_id'],
    fields: [
      { name: 'base_url', label: 'Base URL' },
      { name: 'client_id', label: 'Client id' },
      { name: 'client_secret', label: 'Client secret' },
      { name: 'username', label: 'Username (email)' },
      { name: 'password', label: 'Password' },
      { name: 'store_id', label: 'Store id' },
      { name: 'webhook_secret', label: 'Webhook secret' },
    ],
  },
} as const;

/** `PUT /api/admin/orders/:id/courier`: who carries the order; a tracking code only for a by-hand courier. */
export const orderCourierInput = z.object({
  courier_id: optionalId,
  tracking_code: z
    .string()
    .trim()
    .max(60, 'Use at most 60 characters')
    .refine((value) => value === '' || /^[\w-]+$/.test(value), 'Use letters, digits, dashes and underscores')
    .default(''),
});
export type OrderCourierInput = z.input<typeof orderCourierInput>;

/** A courier an order may be given, in the order view's courier panel. */
export interface OrderCourierChoice {
  id: number;
  name: string;
  provider: CourierKind;
  /** Booked through its API when the order ships (its provider is connected). */
  connected: boolean;
}

/** The courier part of an order, as the order view's courier panel shows it. */
export interface OrderCourier {
  order_id: number;
  status: number;
  courier_id: number | null;
  courier_name: string | null;
  provider: CourierKind | null;
  /** Whether its provider's API is connected (booking and tracking are automatic). */
  connected: boolean;
  consignment_id: string | null;
  tracking_code: string | null;
  tracking_url: string | null;
  courier_status: string | null;
  courier_checked_at: string | null;
}
