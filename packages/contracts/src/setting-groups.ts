import type { Permission } from './permissions';

/**
 * The settings groups of seed §2.4 and where their screens live: light (no zod) so the router and
 * the side menu can read it without loading the groups' schemas (those are in settings.ts).
 */
export interface SettingPage {
  group: string;
  title: string;
  path: string;
  /** Needed to read the group. */
  view: Permission;
  /** Needed to change it. */
  update: Permission;
}

export const SETTING_PAGES = [
  { group: 'general', title: 'General settings', path: '/admin/general/setting', view: 'setting.view', update: 'setting.update' },
  { group: 'header', title: 'Header settings', path: '/admin/header/setting', view: 'setting.view', update: 'setting.update' },
  { group: 'footer', title: 'Footer info', path: '/admin/footer/info', view: 'setting.view', update: 'setting.update' },
  { group: 'marketing', title: 'Marketing settings', path: '/admin/marketing/setting', view: 'setting.view', update: 'setting.update' },
  { group: 'theme', title: 'Theme settings', path: '/admin/theme/setting', view: 'setting.view', update: 'setting.update' },
  {
    group: 'configuration',
    title: 'Site configuration',
    path: '/admin/site/configuration',
    view: 'setting.view',
    update: 'setting.update',
  },
  {
    group: 'payment',
    title: 'Payment setup',
    path: '/admin/payment/setup',
    view: 'payment.setup.manage',
    update: 'payment.setup.manage',
  },
  { group: 'social', title: 'Social login', path: '/admin/social/login', view: 'setting.view', update: 'setting.update' },
  { group: 'sms', title: 'SMS API', path: '/admin/sms/api', view: 'sms.api.manage', update: 'sms.api.manage' },
  { group: 'services', title: 'Storefront services', path: '/admin/services/setting', view: 'setting.view', update: 'setting.update' },
  { group: 'email', title: 'E-mail (SMTP)', path: '/admin/email/smtp', view: 'setting.view', update: 'setting.update' },
  {
    group: 'incomplete',
    title: 'Incomplete orders',
    path: '/admin/incomplete/setting',
    view: 'setting.view',
    update: 'setting.update',
  },
  { group: 'fraud', title: 'Fraud controls', path: '/admin/fraud/setting', view: 'fraud.setting.view', update: 'fraud.setting.update' },
] as const satisfies readonly SettingPage[];

export type SettingGroupKey = (typeof SETTING_PAGES)[number]['group'];

export function settingPage(group: string): SettingPage | undefined {
  return SETTING_PAGES.find((page) => page.group === group);
}

/**
 * A stored secret is never sent back in full: the browser sees this mask and, for long enough
 * secrets, the last 4 characters. Sending a value that starts with the mask back keeps the secret.
 */
export const SECRET_MASK = '••••';

/** Secrets shorter than this show only the mask: their last 4 characters would give too much away. */
const HINT_MIN_LENGTH = 12;

export function maskSecret(plain: string): string {
  if (!plain) return '';
  return plain.length >= HINT_MIN_LENGTH ? `${SECRET_MASK}${plain.slice(-4)}` : SECRET_MASK;
}

export function isMaskedSecret(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(SECRET_MASK);
}

// Checks and choices the storefront needs without the schemas.

/** A Meta (Facebook) pixel id: 15 or 16 digits. */
export const FACEBOOK_PIXEL_ID = /^\d{15,16}$/;
/** A Google tag (gtag.js) id: G- (Analytics), AW- (Ads), GT- (Google tag) or DC- (Floodlight). */
export const GOOGLE_TAG_ID = /^(G|GT|AW|DC)-[A-Z0-9]{4,20}$/;
/** A Google Tag Manager container id. */
export const GTM_CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** When an order counts as a purchase for the pixel and the Conversions API (decision 060). */
export const PURCHASE_MOMENTS = ['placed', 'confirmed', 'delivered'] as const;
export type PurchaseMoment = (typeof PURCHASE_MOMENTS)[number];
export const PURCHASE_MOMENT_OPTIONS = [
  { value: 'placed', label: 'It is placed' },
  { value: 'confirmed', label: 'It is confirmed' },
  { value: 'delivered', label: 'It is delivered' },
] as const;
/** The event id the browser's pixel and the server's Conversions API share for an order's purchase, so Meta counts it once. */
export const purchaseEventId = (orderNumber: string) => `purchase-${orderNumber}`;

/** Fonts the storefront can use; "system" uses the visitor's own, the rest load from Google Fonts. */
export const THEME_FONTS = [
  { value: 'system', label: 'System font (fastest)' },
  { value: 'Hind Siliguri', label: 'Hind Siliguri (Bengali and Latin)' },
  { value: 'Noto Sans Bengali', label: 'Noto Sans Bengali (Bengali and Latin)' },
  { value: 'Roboto', label: 'Roboto' },
  { value: 'Poppins', label: 'Poppins' },
  { value: 'Open Sans', label: 'Open Sans' },
] as const;
export type ThemeFont = (typeof THEME_FONTS)[number]['value'];

/** The storefront's look before the shop picks its own (the navy of the loading bar, seed §9). */
export const THEME_DEFAULTS = { primary_color: '#161745', accent_color: '#c2410c', font_family: 'system' } as const;

/** The pictures a storefront service (cash on delivery, fast delivery, returns…) can show. */
export const SERVICE_ICONS = [
  { value: 'cash', label: 'Cash' },
  { value: 'truck', label: 'Delivery truck' },
  { value: 'return', label: 'Return arrow' },
  { value: 'shield', label: 'Shield (genuine products)' },
  { value: 'support', label: 'Headset (support)' },
  { value: 'gift', label: 'Gift' },
  { value: 'card', label: 'Card (online payment)' },
  { value: 'star', label: 'Star' },
] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number]['value'];
/** How many services the settings screen offers (a service without a title is not shown). */
export const SERVICE_SLOTS = 4;
