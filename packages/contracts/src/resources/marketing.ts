import { z } from 'zod';
import {
  campaignInput,
  couponInput,
  DISCOUNT_TYPES,
  landingPageInput,
  offerInput,
  SMS_AUDIENCES,
  SMS_CAMPAIGN_STATUSES,
} from '../marketing';
import { defineResourceDescriptor, idFilter, statusFilter, viewOf, windowStateFilter } from './descriptor';

type Stamped = { id: number; created_at: string; updated_at: string };
/** What offers, coupons and campaigns share: a discount or window between two times. */
type Windowed = Stamped & { starts_at: string | null; ends_at: string | null; state: string; status: number };
type Discount = { discount_type: string; percent_off: number | null; amount_off: number | null };

export type OfferView = Windowed &
  Discount & {
    name: string;
    product_ids: number[];
    category_ids: number[];
    products_count: number;
    categories_count: number;
    applies_to: string;
  };

export const offerDescriptor = defineResourceDescriptor({
  name: 'offer',
  label: 'offer',
  title: 'Offers',
  path: '/api/admin/offers',
  permission: 'offer',
  input: offerInput,
  view: viewOf<OfferView>(),
  sort: ['id', 'name', 'starts_at', 'ends_at', 'created_at'],
  defaultSort: '-id',
  filters: { status: statusFilter, state: windowStateFilter, discount_type: z.enum(DISCOUNT_TYPES) },
});

export type CouponView = Windowed &
  Discount & {
    code: string;
    max_discount: number | null;
    min_order_total: number;
    first_order_only: boolean;
    usage_limit: number | null;
    per_customer_limit: number | null;
    for_website: boolean;
    for_reseller: boolean;
    used_count: number;
    channels: string;
  };

export const couponDescriptor = defineResourceDescriptor({
  name: 'coupon',
  label: 'coupon',
  title: 'Coupon codes',
  path: '/api/admin/coupons',
  permission: 'coupon',
  input: couponInput,
  view: viewOf<CouponView>(),
  sort: ['id', 'code', 'ends_at', 'created_at'],
  defaultSort: '-id',
  filters: { status: statusFilter, state: windowStateFilter, channel: z.enum(['website', 'reseller']) },
  import: { match: ['id', 'code'] },
});

export type CampaignView = Windowed & {
  name: string;
  slug: string;
  description: string;
  products_count: number;
  banner_thumbnail: string | null;
  gallery_count: number;
  in_slider: boolean;
};

export const campaignDescriptor = defineResourceDescriptor({
  name: 'campaign',
  label: 'campaign',
  title: 'Campaigns',
  path: '/api/admin/campaigns',
  permission: 'campaign',
  input: campaignInput,
  view: viewOf<CampaignView>(),
  sort: ['id', 'name', 'starts_at', 'ends_at'],
  defaultSort: '-id',
  filters: { status: statusFilter, state: windowStateFilter },
});

export type LandingPageView = Stamped & {
  headline: string;
  slug: string;
  product_id: number;
  product_name: string | null;
  product_published: boolean;
  sections_count: number;
  button_text: string;
  delivery_note: string;
  status: number;
};

export const landingPageDescriptor = defineResourceDescriptor({
  name: 'landing-page',
  label: 'landing page',
  title: 'Landing pages',
  path: '/api/admin/landing-pages',
  permission: 'landing.page',
  input: landingPageInput,
  view: viewOf<LandingPageView>(),
  sort: ['id', 'headline', 'updated_at'],
  defaultSort: '-id',
  filters: { status: statusFilter, product_id: idFilter },
});

/** The SMS campaigns' history; sending has its own routes. */
export const smsCampaignDescriptor = defineResourceDescriptor({
  name: 'sms-campaign',
  label: 'SMS campaign',
  title: 'SMS campaigns',
  path: '/api/admin/sms-campaigns',
  permission: 'sms.campaign',
  input: z.object({}),
  view: viewOf<Stamped & { name: string; message: string; audience: string; status: string; total: number }>(),
  sort: ['id', 'created_at', 'total'],
  defaultSort: '-id',
  filters: { status: z.enum(SMS_CAMPAIGN_STATUSES), audience: z.enum(SMS_AUDIENCES) },
});
