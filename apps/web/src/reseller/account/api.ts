import { queryOptions } from '@tanstack/react-query';
import { get } from '../../lib/api';

export interface ResellerInformation {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  image: string | null;
  status: string;
  shop_name: string;
  slug: string;
  storefront_path: string;
  referral_code: string;
  referred_by: string | null;
  referral_count: number;
  address: string;
  about: string;
  joined_at: string;
}

export interface ResellerCompany {
  company_name: string;
  company_phone: string;
  company_email: string;
  company_address: string;
  trade_license: string;
  logo: string | null;
  facebook_url: string;
}

export interface ResellerColors {
  primary_color: string;
  secondary_color: string;
  header_text_color: string;
}

export interface ResellerDeliveryCharge {
  id: number;
  city_id: number | null;
  city_name: string | null;
  sub_city_id: number | null;
  sub_city_name: string | null;
  charge: number;
  updated_at: string;
}

const data =
  <T>(url: string) =>
  async () =>
    (await get<{ data: T }>(url)).data;

/** The reseller's account calls. */
export const accountQueries = {
  information: () =>
    queryOptions({ queryKey: ['reseller', 'information'], queryFn: data<ResellerInformation>('/api/reseller/information') }),
  company: () => queryOptions({ queryKey: ['reseller', 'company'], queryFn: data<ResellerCompany>('/api/reseller/company') }),
  colors: () => queryOptions({ queryKey: ['reseller', 'colors'], queryFn: data<ResellerColors>('/api/reseller/colors') }),
  deliveryCharges: () =>
    queryOptions({ queryKey: ['reseller', 'delivery-charges'], queryFn: data<ResellerDeliveryCharge[]>('/api/reseller/delivery-charges') }),
};
