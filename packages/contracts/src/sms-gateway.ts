import { z } from 'zod';
import { idField, moneyField } from './fields';

/**
 * What the shop pays its SMS gateway (decision 054): every message the gateway accepts costs the per-SMS cost of
 * the SMS settings for each part and number, booked as SMS cost against the prepaid SMS balance; a top-up pays the
 * gateway out of one of the shop's balances.
 */
const text = (max: number, label: string) => z.string().trim().max(max, `Use at most ${max} characters for the ${label}`).default('');

/** `POST /api/admin/sms/top-ups`: money paid to the SMS gateway. */
export const smsTopUpInput = z.object({
  date: z.iso.date({ error: 'Use a date like 2025-03-01' }),
  balance_id: idField('balance'),
  amount: moneyField('amount').refine((value) => value > 0, 'Enter an amount above zero'),
  reference: text(120, 'reference'),
});
export type SmsTopUpInput = z.input<typeof smsTopUpInput>;

export type SmsTopUpView = {
  id: number;
  date: string;
  balance_id: number;
  balance_name: string;
  amount: number;
  reference: string;
  entry_id: number;
  admin_name: string | null;
};

/** `GET /api/admin/sms/gateway-account`: the prepaid SMS balance as the books have it, this month's cost, the latest top-ups. */
export type SmsGatewayAccountView = {
  /** Paisa per SMS part (SMS settings). */
  cost_per_sms: number;
  /** Top-ups less the cost of what was sent (may be below zero when the top-ups were not recorded). */
  prepaid_balance: number;
  /** SMS cost booked this month (the shop's messages through the gateway). */
  cost_this_month: number;
  top_ups: SmsTopUpView[];
};
