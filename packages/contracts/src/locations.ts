import { z } from 'zod';
import { idField, moneyField, nameField, optionalId, statusField } from './fields';

/** Bangladesh's eight divisions, the grouping of its 64 districts (the shop's cities). */
export const BD_DIVISIONS = ['Barishal', 'Chattogram', 'Dhaka', 'Khulna', 'Mymensingh', 'Rajshahi', 'Rangpur', 'Sylhet'] as const;

/** Bengali has two spellings of some letters (য় as one code point or two); names keep the NFC one, as search does. */
const bengaliName = z
  .string()
  .trim()
  .max(80, 'The Bengali name must have at most 80 characters')
  .transform((value) => value.normalize('NFC'))
  .default('');

export const cityInput = z.object({
  name: nameField('name', 80),
  name_bn: bengaliName,
  division: z
    .string()
    .trim()
    .max(40)
    .nullish()
    .transform((value) => value ?? '')
    .refine((value) => value === '' || (BD_DIVISIONS as readonly string[]).includes(value), 'Choose a division from the list'),
  /** The city whose sub cities are "inside" (Dhaka): one at a time. */
  is_main_city: z.boolean().default(false),
  status: statusField,
});
export type CityInput = z.input<typeof cityInput>;

export const subCityInput = z.object({
  city_id: idField('city'),
  name: nameField('name', 80),
  name_bn: bengaliName,
  /** Delivered at the "inside the main city" charge unless a rule says otherwise. */
  is_inside_main_city: z.boolean().default(false),
  status: statusField,
});
export type SubCityInput = z.input<typeof subCityInput>;

/** An amount that may be left empty (take the default's). */
const optionalMoney = (label: string) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), moneyField(label).nullable());

/** Where a delivery-charge rule applies; the two defaults exist once each and cannot be deleted. */
export const DELIVERY_CHARGE_SCOPES = ['inside_main_city', 'outside_main_city', 'city', 'sub_city'] as const;
export type DeliveryChargeScope = (typeof DELIVERY_CHARGE_SCOPES)[number];

/**
 * A rule of the delivery-charge table: for a sub city, a city, or (the two defaults) everywhere
 * inside or outside the main city. Empty weight fields take the matching default's.
 */
export const deliveryChargeInput = z.object({
  city_id: optionalId,
  sub_city_id: optionalId,
  charge: z.preprocess((value) => (value === '' || value === null ? undefined : value), moneyField('charge')),
  extra_per_kg: optionalMoney('extra charge per kg'),
  weight_threshold_grams: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.coerce
      .number({ error: 'Enter the weight in grams' })
      .int('Enter the weight in whole grams')
      .min(0, 'The weight cannot be negative')
      .max(1_000_000, 'Use at most 1,000,000 grams')
      .nullable(),
  ),
  note: z.string().trim().max(200, 'Use at most 200 characters').default(''),
  status: statusField,
});
export type DeliveryChargeInput = z.input<typeof deliveryChargeInput>;

/** The first-start defaults (PRODUCT.md: paisa in storage): ৳70 inside Dhaka, ৳130 outside, ৳20 per kg over 1 kg. */
export const DEFAULT_DELIVERY_CHARGES = {
  insideMainCity: 70_00,
  outsideMainCity: 130_00,
  extraPerKg: 20_00,
  weightThresholdGrams: 1000,
} as const;

/** What checkout asks: a place and the parcel's weight. */
export const deliveryQuoteQuery = z.object({
  city_id: idField('city'),
  sub_city_id: optionalId,
  weight_grams: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type DeliveryQuoteQuery = z.input<typeof deliveryQuoteQuery>;

/** A quote and how it was reached, for checkout and the phone-order screen. */
export interface DeliveryQuote {
  delivery_charge: number;
  base_charge: number;
  weight_charge: number;
  rule: { id: number | null; scope: DeliveryChargeScope };
  inside_main_city: boolean;
}

/** `GET /_public/cities` */
export interface PublicCity {
  id: number;
  name: string;
  name_bn: string;
  division: string;
  is_main_city: boolean;
}

/** `GET /_public/cities/{id}/sub-cities` */
export interface PublicSubCity {
  id: number;
  city_id: number;
  name: string;
  name_bn: string;
  is_inside_main_city: boolean;
}
