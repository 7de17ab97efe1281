import { type PublicMarketingSetting, purchaseEventId } from '@haat/contracts';

/** What the thanks page knows of the order just placed. */
export interface PlacedPurchase {
  number: string;
  /** Paisa. */
  total: number;
  lines: { sku: string; name: string; quantity: number; unit_price: number }[];
}

const REPORTED_KEY = 'haat_purchase_reported';

/** Whether this tab reported the order already (a reload of the thanks page must not count it twice). */
function firstReport(number: string): boolean {
  try {
    const reported = sessionStorage.getItem(REPORTED_KEY)?.split(',') ?? [];
    if (reported.includes(number)) return false;
    sessionStorage.setItem(REPORTED_KEY, [...reported.slice(-19), number].join(','));
    return true;
  } catch {
    return true;
  }
}

/**
 * Tells the storefront's tags about an order placed (decision 060), once per order: Meta's pixel a
 * `Purchase` with the event id the server's Conversions API sends (`purchase-{number}`), so Meta counts
 * it once; Google's tag and Tag Manager's data layer a `purchase` with the same id. When the shop counts
 * purchases on confirmation or delivery, the server reports the purchase then, and the browser reports
 * a `Lead` (Meta) and `generate_lead` (Google) now.
 */
export function reportPurchase(order: PlacedPurchase, marketing: PublicMarketingSetting | undefined, currency: string): void {
  if (!marketing || !firstReport(order.number)) return;
  const value = order.total / 100;
  const counted = marketing.purchase_moment === 'placed';
  const eventId = counted ? purchaseEventId(order.number) : `lead-${order.number}`;
  const skus = [...new Set(order.lines.map((line) => line.sku))];
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  if (marketing.facebook_pixel_id && window.fbq) {
    const contents = order.lines.map((line) => ({ id: line.sku, quantity: line.quantity, item_price: line.unit_price / 100 }));
    const data = { currency, value, content_ids: skus, contents, content_type: 'product', num_items: units };
    window.fbq('track', counted ? 'Purchase' : 'Lead', data, { eventID: eventId });
  }
  const items = order.lines.map((line) => ({
    item_id: line.sku,
    item_name: line.name,
    quantity: line.quantity,
    price: line.unit_price / 100,
  }));
  const ecommerce = { transaction_id: order.number, value, currency, items };
  if (marketing.google_tag_id && window.gtag) {
    window.gtag('event', counted ? 'purchase' : 'generate_lead', counted ? ecommerce : { value, currency });
  }
  if (marketing.gtm_container_id && window.dataLayer) {
    window.dataLayer.push({ ecommerce: null });
    window.dataLayer.push({ event: counted ? 'purchase' : 'generate_lead', event_id: eventId, ecommerce });
  }
}
