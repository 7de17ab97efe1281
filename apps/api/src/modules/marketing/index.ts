/**
 * Offers, coupon codes, campaigns, landing pages and SMS campaigns, and the one rule of what a
 * shopper pays now (pricing.service: retail, discount, offers and campaigns). The storefront, the
 * cart and the orders price through variantPrices and PriceBook; the back office uses the routes.
 */
export { campaignPricesFor, publicCampaign, runningCampaigns } from './campaign.service';
export { conversionRoutes } from './conversion.routes';
export {
  type ConversionOrderReader,
  queuePurchaseOnMove,
  readConversionOrdersWith,
  recordCheckoutConversion,
  sendDueConversions,
} from './conversion.service';
export { type CouponCheck, type CouponRequest, type CouponUse, checkCoupon, couponDiscount, recordCouponUse } from './coupon.service';
export { publicLandingPage } from './landing-page.service';
export { marketingRoutes } from './marketing.routes';
export { seedDemoMarketing } from './marketing.seed';
export { activeOfferFor, activeOffersFor, type OfferTarget, runningOffers } from './offer.service';
export {
  listPriceSql,
  nextDiscountChange,
  nextMarketingChange,
  PriceBook,
  type PriceChangeWatcher,
  type PricedRow,
  type PriceQuote,
  pricedColumns,
  type VariantPrice,
  variantPrices,
  variantPricesOf,
} from './pricing.service';
export {
  resellerSmsCampaignOf,
  resellerSmsCampaignPage,
  resellerSmsUsedThisMonth,
  type SmsCampaignRow,
} from './reseller-sms-campaign.service';
export {
  type ResellerCampaignRecipient,
  SmsCampaignRunner,
  smsCampaignRecipientsOf,
  startResellerSmsCampaign,
} from './sms-campaign.service';
