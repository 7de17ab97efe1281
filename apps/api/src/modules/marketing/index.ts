/**
 * Offers, coupon codes, campaigns, landing pages and SMS campaigns. The storefront and the checkout
 * use the services below; the back office uses the routes.
 */
export { campaignPricesFor, publicCampaign, runningCampaigns } from './campaign.service';
export { campaigns } from './campaign.table';
export { type CouponCheck, type CouponRequest, type CouponUse, checkCoupon, couponDiscount, recordCouponUse } from './coupon.service';
export { publicLandingPage } from './landing-page.service';
export { marketingRoutes } from './marketing.routes';
export { seedDemoMarketing } from './marketing.seed';
export { activeOfferFor, activeOffersFor, type OfferTarget, runningOffers } from './offer.service';
export { offers } from './offer.table';
export {
  type ResellerCampaignRecipient,
  SmsCampaignRunner,
  smsCampaignRecipientsOf,
  startResellerSmsCampaign,
} from './sms-campaign.service';
export { smsCampaignRecipients, smsCampaigns } from './sms-campaign.table';
