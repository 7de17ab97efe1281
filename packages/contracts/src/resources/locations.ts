import { z } from 'zod';
import { BD_DIVISIONS, cityInput, DELIVERY_CHARGE_SCOPES, type DeliveryChargeScope, deliveryChargeInput, subCityInput } from '../locations';
import { defineResourceDescriptor, idListFilter, managedBy, statusFilter, viewOf, yesNoFilter } from './descriptor';

type Stamped = { id: number; created_at: string; updated_at: string };

export type CityView = Stamped & {
  name: string;
  name_bn: string;
  division: string;
  is_main_city: boolean;
  sub_cities_count: number;
  status: number;
};

export const cityDescriptor = defineResourceDescriptor({
  name: 'city',
  label: 'city',
  title: 'Cities',
  path: '/api/admin/cities',
  permission: 'city',
  input: cityInput,
  view: viewOf<CityView>(),
  sort: ['id', 'name', 'division', 'created_at'],
  defaultSort: 'name',
  filters: { status: statusFilter, division: z.enum(BD_DIVISIONS), is_main_city: yesNoFilter },
  import: { match: ['id', 'name'] },
});

export type SubCityView = Stamped & {
  city_id: number;
  city_name: string | null;
  city_name_bn: string | null;
  name: string;
  name_bn: string;
  is_inside_main_city: boolean;
  status: number;
};

export const subCityDescriptor = defineResourceDescriptor({
  name: 'subcity',
  label: 'sub city',
  title: 'Sub cities',
  path: '/api/admin/sub-cities',
  permission: 'subcity',
  input: subCityInput,
  view: viewOf<SubCityView>(),
  sort: ['id', 'name', 'city_id', 'created_at'],
  defaultSort: 'name',
  filters: { city_id: idListFilter, status: statusFilter, is_inside_main_city: yesNoFilter },
});

export type DeliveryChargeView = Stamped & {
  scope: DeliveryChargeScope;
  city_id: number | null;
  sub_city_id: number | null;
  charge: number;
  extra_per_kg: number | null;
  weight_threshold_grams: number | null;
  note: string;
  status: number;
  applies_to: string;
  is_default: boolean;
  city_name: string | null;
  city_name_bn: string | null;
  sub_city_name: string | null;
  sub_city_name_bn: string | null;
  effective_extra_per_kg: number | null;
  effective_weight_threshold_grams: number | null;
};

export const deliveryChargeDescriptor = defineResourceDescriptor({
  name: 'delivery-charge',
  label: 'delivery charge',
  title: 'Delivery charges',
  path: '/api/admin/delivery-charges',
  permission: 'delivery.charge',
  permissions: managedBy('delivery.charge.manage'),
  input: deliveryChargeInput,
  view: viewOf<DeliveryChargeView>(),
  sort: ['id', 'charge', 'scope'],
  defaultSort: 'id',
  filters: { scope: z.enum(DELIVERY_CHARGE_SCOPES), city_id: idListFilter, status: statusFilter },
});
