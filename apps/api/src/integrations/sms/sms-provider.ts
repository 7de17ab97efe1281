/** What the shop needs from an SMS gateway (PRODUCT.md §7): send one text to some numbers. */
export interface SmsProvider {
  /** Shown in the SMS log: the gateway's host. */
  readonly name: string;
  send(message: OutgoingSms): Promise<SmsResult>;
}

export interface OutgoingSms {
  /** Bangladeshi numbers in the gateway's form, 8801XXXXXXXXX. */
  to: string[];
  text: string;
}

export type SmsResult =
  | { ok: true; code: string; messageId?: string }
  /** `code` is the gateway's, or `timeout` / `unreachable` / `bad_response` when it did not answer properly. */
  | { ok: false; code: string; reason: string };

/** 01712345678, +8801712345678 or 8801712345678 → 8801712345678. */
export function gatewayNumber(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  if (digits.startsWith('880')) return digits;
  if (digits.startsWith('0')) return `88${digits}`;
  return `880${digits}`;
}
