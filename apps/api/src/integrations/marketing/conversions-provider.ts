import { createHash } from 'node:crypto';

/**
 * What the shop needs from an advertising platform's server-side events API (PRODUCT.md §7, decision
 * 060): send a batch of events. The Meta Conversions API client is the one provider; tests run it
 * against a local stand-in of graph.facebook.com.
 */
export interface ConversionsProvider {
  readonly name: string;
  send(batch: ConversionBatch): Promise<ConversionResult>;
}

/** One server event in Meta's shape (Conversions API parameters): user data already normalised and hashed. */
export interface ServerEvent {
  event_name: string;
  /** Unix seconds. */
  event_time: number;
  /** The id the browser's pixel sent with the same event: Meta keeps one of the two. */
  event_id: string;
  action_source: 'website' | 'phone_call' | 'system_generated' | 'other';
  event_source_url?: string;
  user_data: HashedUserData;
  custom_data: {
    currency: string;
    /** In the currency's units (taka), as Meta takes it. */
    value: number;
    content_ids: string[];
    contents: { id: string; quantity: number; item_price: number }[];
    content_type: 'product';
    num_items: number;
    order_id: string;
  };
}

export interface HashedUserData {
  ph?: string[];
  fn?: string[];
  ln?: string[];
  ct?: string[];
  country?: string[];
  external_id?: string[];
  /** Not hashed, as Meta asks. */
  client_ip_address?: string;
  client_user_agent?: string;
  fbp?: string;
  fbc?: string;
}

export interface ConversionBatch {
  pixelId: string;
  accessToken: string;
  testEventCode?: string;
  events: ServerEvent[];
}

export type ConversionResult =
  | { ok: true; eventsReceived: number; fbtraceId: string | null }
  /** `retry`: a timeout, the network, a 5xx or a rate limit; false when Meta refused the request as it is. */
  | { ok: false; message: string; retry: boolean; fbtraceId: string | null };

// ---- Customer information, normalised and hashed as Meta's parameters page says -----------------

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** A Bangladeshi phone as digits with the country code: 01712-345678 → 8801712345678; '' when it is not a phone. */
export function normalisedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (/^8801\d{9}$/.test(digits)) return digits;
  if (/^01\d{9}$/.test(digits)) return `88${digits}`;
  if (/^1\d{9}$/.test(digits)) return `880${digits}`;
  return digits.length >= 8 ? digits : '';
}

/** Lower case, letters only (any script, UTF-8), as Meta normalises names and cities. */
export function normalisedWord(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}]/gu, '');
}

/** A customer's details as Meta's user_data: each value normalised then hashed with SHA-256. */
export function hashedUserData(customer: {
  phone: string;
  name: string;
  city?: string | null;
  country?: string;
  externalId?: string | null;
  clientIp?: string | null;
  userAgent?: string | null;
  fbp?: string | null;
  fbc?: string | null;
}): HashedUserData {
  const data: HashedUserData = {};
  const phone = normalisedPhone(customer.phone);
  if (phone) data.ph = [sha256(phone)];
  const words = customer.name.trim().split(/\s+/).map(normalisedWord).filter(Boolean);
  if (words.length > 0) {
    data.fn = [sha256(words[0] as string)];
    if (words.length > 1) data.ln = [sha256(words[words.length - 1] as string)];
  }
  const city = customer.city ? normalisedWord(customer.city) : '';
  if (city) data.ct = [sha256(city)];
  data.country = [sha256((customer.country ?? 'bd').toLowerCase())];
  if (customer.externalId) data.external_id = [sha256(customer.externalId)];
  if (customer.clientIp) data.client_ip_address = customer.clientIp;
  if (customer.userAgent) data.client_user_agent = customer.userAgent;
  if (customer.fbp) data.fbp = customer.fbp;
  if (customer.fbc) data.fbc = customer.fbc;
  return data;
}
