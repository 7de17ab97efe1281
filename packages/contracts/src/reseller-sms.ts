import { z } from 'zod';
import { smsParts } from './content';
import { idSchema } from './fields';

/**
 * A reseller's SMS to their own customers (seed §2.3 Messaging), sent through the shop's gateway
 * and paid from the reseller's balance at the shop's price per SMS part, within a monthly quota.
 */

export const RESELLER_SMS_AUDIENCES = ['all', 'selected'] as const;
export type ResellerSmsAudience = (typeof RESELLER_SMS_AUDIENCES)[number];

/** The most customers one campaign may pick by hand. */
export const RESELLER_SMS_SELECTED_LIMIT = 5000;

/** `POST /api/reseller/sms/campaigns`: the message and who gets it (all their customers, or those picked). */
export const resellerSmsCampaignInput = z
  .object({
    message: z
      .string({ error: 'Write the message' })
      .trim()
      .min(1, 'Write the message')
      .max(1000, 'Keep the message under 1000 characters'),
    audience: z.enum(RESELLER_SMS_AUDIENCES, { error: 'Choose who gets the message' }).default('all'),
    customer_ids: z
      .array(idSchema, { error: 'Choose customers' })
      .max(RESELLER_SMS_SELECTED_LIMIT, `Choose at most ${RESELLER_SMS_SELECTED_LIMIT} customers`)
      .default([]),
  })
  .refine((value) => value.audience === 'all' || value.customer_ids.length > 0, {
    path: ['customer_ids'],
    message: 'Choose at least one customer',
  });
export type ResellerSmsCampaignInput = z.input<typeof resellerSmsCampaignInput>;

/**
 * What a campaign costs before it is sent: parts per message (GSM-7 160 / 153 per part, Unicode
 * such as Bengali 70 / 67), SMS counted against the quota (parts × recipients) and the price.
 */
export function resellerSmsEstimate(message: string, recipients: number, ratePaisa: number) {
  const length = smsParts(message);
  const sms = length.parts * recipients;
  return { ...length, recipients, sms, rate: ratePaisa, cost: sms * ratePaisa };
}

/** `GET /api/reseller/sms/summary`: the price, the quota and what is left of it, and who can be reached. */
export interface ResellerSmsSummary {
  rate: number;
  quota: number;
  used_this_month: number;
  remaining: number;
  available_balance: number;
  customers: number;
  gateway: 'gateway' | 'log';
}

export const RESELLER_SMS_RECIPIENT_STATUSES = ['pending', 'claimed', 'sent', 'failed', 'skipped'] as const;
export type ResellerSmsRecipientStatus = (typeof RESELLER_SMS_RECIPIENT_STATUSES)[number];

export interface ResellerSmsCampaignView {
  id: number;
  message: string;
  audience: ResellerSmsAudience;
  parts: number;
  unicode: boolean;
  rate: number;
  cost: number;
  total: number;
  sent: number;
  failed: number;
  status: 'sending' | 'stopped' | 'finished';
  created_at: string;
  finished_at: string | null;
}

export interface ResellerSmsRecipientView {
  id: number;
  customer_id: number | null;
  name: string;
  phone: string;
  status: ResellerSmsRecipientStatus;
  error: string | null;
}

// ---- Custom host name ---------------------------------------------------------------------------

const HOST = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A host name of the reseller's own (shop.example.com) that serves their shop at `/`. Empty: none.
 * Typed with or without `http://` and a trailing slash; stored lower-case, without `www.`-less
 * guessing: the host is matched exactly as the browser sends it (port ignored).
 */
export const customHostField = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .trim()
          .toLowerCase()
          .replace(/^https?:\/\//, '')
          .replace(/\/+$/, '')
          .replace(/:\d+$/, '')
      : value,
  z
    .string()
    .max(253, 'Use at most 253 characters')
    .refine((value) => value === '' || HOST.test(value), 'Enter a host name like shop.example.com')
    .nullish()
    .transform((value) => value || null),
);
