import { z } from 'zod';

export const generalSettingSchema = z.object({
  site_name: z.string().trim().min(1).max(120),
  tagline: z.string().max(200).default(''),
  logo: z.string().nullable().default(null),
  favicon: z.string().nullable().default(null),
  currency: z.string().length(3).default('BDT'),
  currency_symbol: z.string().min(1).max(4).default('৳'),
  time_zone: z.string().default('Asia/Dhaka'),
  default_language: z.enum(['en', 'bn']).default('en'),
  contact_phone: z.string().max(40).default(''),
  contact_email: z.string().max(200).default(''),
  address: z.string().max(500).default(''),
  upload_limit_mb: z.number().int().min(1).max(50).default(5),
});
export type GeneralSetting = z.infer<typeof generalSettingSchema>;

export const DEFAULT_GENERAL_SETTING: GeneralSetting = {
  site_name: 'Haat',
  tagline: 'Cash on delivery, all over Bangladesh',
  logo: null,
  favicon: null,
  currency: 'BDT',
  currency_symbol: '৳',
  time_zone: 'Asia/Dhaka',
  default_language: 'en',
  contact_phone: '',
  contact_email: '',
  address: '',
  upload_limit_mb: 5,
};

/** The site configuration of `/admin/site/configuration` (PRODUCT.md, issue 4). */
export const siteConfigurationSchema = z.object({
  storefront_enabled: z.boolean().default(true),
  maintenance_message: z.string().max(500).default(''),
  orders_enabled: z.boolean().default(true),
  reseller_signup_enabled: z.boolean().default(true),
});
export type SiteConfiguration = z.infer<typeof siteConfigurationSchema>;

export const DEFAULT_SITE_CONFIGURATION: SiteConfiguration = {
  storefront_enabled: true,
  maintenance_message: '',
  orders_enabled: true,
  reseller_signup_enabled: true,
};
