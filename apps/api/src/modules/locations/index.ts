/** Cities, sub cities and delivery charges: what checkout, phone orders and couriers read. */
export {
  type DeliveryPlace,
  deliveryChargeFor,
  deliveryQuote,
  deliveryQuoter,
  inactivePlace,
  placeNames,
  weightCharge,
} from './delivery-charge.service';
export { locationRoutes } from './location.routes';
export { seedLocations } from './location.seed';
export { cityExists, cityNameSql, subCityIsIn, subCityNameSql } from './place-lookup';
