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
