import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { writtenOutMessage } from '@haat/contracts';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { paymentStandIn } from '../integrations/payments/payment-standin';
import { DEMO_STANDIN } from '../integrations/payments/payment-standin-keys';
import { accountsDashboard, accountsRoutes, addReceivableSource, openingBalanceRoutes } from '../modules/accounts';
import { auditRoutes } from '../modules/audit';
import { authRoutes } from '../modules/auth';
import { billRoutes } from '../modules/bills';
import {
  cartRoutes,
  incompleteCheckoutDashboard,
  incompleteCheckoutRoutes,
  mergeCartOnSignIn,
  placeShopDraftsWith,
  readShopNamesWith,
} from '../modules/cart';
import { catalogRoutes, countCatalogUsesWith } from '../modules/catalog';
import { ownCompanyRoutes } from '../modules/companies';
import { complaintRoutes } from '../modules/complaints';
import { contentRoutes } from '../modules/content';
import { courierRoutes, remittanceRoutes } from '../modules/couriers';
import {
  customerAccounts,
  customerDashboard,
  customerRoutes,
  customerSignedIn,
  onCustomerSignedIn,
  socialSignInRoutes,
} from '../modules/customers';
import { dashboardRoutes } from '../modules/dashboard';
import { emailRoutes } from '../modules/email/email.routes';
import { fabricPurchaseDueEntries, fabricRoutes } from '../modules/fabrics';
import { stockAnalysisRoutes } from '../modules/inventory';
import { loanReceivables, loanRoutes } from '../modules/loans';
import { locationRoutes } from '../modules/locations';
import {
  conversionRoutes,
  marketingRoutes,
  queuePurchaseOnMove,
  readConversionOrdersWith,
  recordCheckoutConversion,
  SmsCampaignRunner,
} from '../modules/marketing';
import { countMerchantProductsWith, merchantAccounts, merchantDashboard, merchantRoutes } from '../modules/merchants';
import { orderScanRoutes } from '../modules/order-scan';
import {
  customerOrderRoutes,
  landingOrderRoutes,
  onOrderMoved,
  orderDashboard,
  orderEntryRoutes,
  orderRoutes,
  orderViews,
} from '../modules/orders';
import { paymentAdminRoutes, paymentRoutes, payPath } from '../modules/payments';
import { productCountsBy, productDashboard, productRoutes } from '../modules/products';
import { addSupplierDueSource, purchasingRoutes } from '../modules/purchasing';
import { reportRoutes } from '../modules/reports';
import { resellerAccounts, resellerDashboard } from '../modules/resellers';
import { resellerAdminRoutes } from '../modules/resellers/admin/admin.routes';
import { placeShopDraftOrder } from '../modules/resellers/admin/shop-draft.service';
import { resellerApiRoutes } from '../modules/resellers/api';
import { resellerMoneyRoutes } from '../modules/resellers/money/money.routes';
import { resellerPortalRoutes } from '../modules/resellers/portal';
import { resellerShopNames, resellerShopRoutes, shopPageHead } from '../modules/resellers/shop';
import { customHostHook } from '../modules/resellers/shop/custom-host';
import { resellerSmsRoutes } from '../modules/resellers/sms/sms.routes';
import { riskRoutes } from '../modules/risk';
import { salesRoutes } from '../modules/sales';
import { cacheSettingsBy } from '../modules/settings';
import { settingRoutes } from '../modules/settings/setting.routes';
import { smsRoutes } from '../modules/sms/sms.routes';
import { adminAccounts, staffDashboard } from '../modules/staff';
import { profileRoutes } from '../modules/staff/profile.routes';
import { staffRoutes } from '../modules/staff/staff.routes';
import { createStorefront } from '../modules/storefront';
import { teamRoutes } from '../modules/team';
import { registerSessionCookieRenewal, SessionCache } from './auth';
import { registerCsrf } from './csrf';
import { registerErrorHandling, requestId } from './errors';
import { healthRoutes } from './health';
import { registerInputChecks } from './input';
import { registerSecurityHeaders } from './security-headers';
import { uploadRoutes } from './uploads';
import { registerWeb } from './web';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Sends SMS campaigns (the shop's and resellers') in the background, batch by batch. */
    smsCampaignRunner: SmsCampaignRunner;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  /** See Database.authEpoch; without it every session check reads the database. */
  authEpoch?: () => number | Promise<number>;
  /** See Database.catalogEpoch; without it the storefront's public answers are never reused. */
  catalogEpoch?: () => number | Promise<number>;
  /** See Database.settingsEpoch (PGlite): settings read outside a transaction are kept while it is unchanged. */
  settingsEpoch?: () => number;
  logger?: boolean;
  /** Told of every route as it is declared (the route-security test lists them with it). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Where a lower module needs something of a higher one, the higher one is handed to it here, at
 * start-up, so the modules' imports stay one-way (docs/decisions/018-module-boundaries.md). Each
 * call replaces or de-duplicates, so building the app twice (tests) wires it once.
 */
function wireModules(): void {
  countCatalogUsesWith(productCountsBy);
  // Fabric bought from a fabric supplier counts in what the shop owes them (decision 035).
  addSupplierDueSource({ kind: 'fabric_purchase', entries: fabricPurchaseDueEntries });
  countMerchantProductsWith((db, merchantIds) => productCountsBy(db, 'merchant', merchantIds));
  onCustomerSignedIn(mergeCartOnSignIn);
  // Loans given, borrower by borrower, on the credit-due screen (decision 051).
  addReceivableSource({ account: 'loan_receivable', parts: loanReceivables });
  // Meta Conversions API purchases (decision 060): on the move the shop counts, reading orders as the API answers them.
  onOrderMoved(queuePurchaseOnMove);
  readConversionOrdersWith(orderViews);
  // A reseller shop's incomplete checkout (decision 056): converted by the shop's rules, listed with the shop's name.
  placeShopDraftsWith(placeShopDraftOrder);
  readShopNamesWith(resellerShopNames);
}

/** Each module's figures on the dashboard, in the order they show. */
// Incomplete checkouts waiting for a call back (decision 056) beside the orders.
const DASHBOARD_CONTRIBUTIONS = [
  orderDashboard,
  incompleteCheckoutDashboard,
  productDashboard,
  customerDashboard,
  resellerDashboard,
  merchantDashboard,
  staffDashboard,
];
// The money cards (decision 053), after the others.
DASHBOARD_CONTRIBUTIONS.push(accountsDashboard);

export async function buildApp({
  config,
  db,
  authEpoch,
  catalogEpoch,
  settingsEpoch,
  logger = true,
  onRoute,
}: AppOptions): Promise<FastifyInstance> {
  // Checks written without a message of their own answer whole sentences (contracts' default-messages.ts).
  z.config({ customError: writtenOutMessage });
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    genReqId: requestId,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.decorate('db', db);
  app.decorate('config', config);
  // Without an epoch source every check is a miss: a counter that never repeats.
  let uncached = 0;
  app.decorate('sessionCache', new SessionCache(authEpoch ?? (() => --uncached)));
  // Settings read outside a transaction are kept until the settings table changes (PGlite).
  if (settingsEpoch) cacheSettingsBy(db, settingsEpoch);
  app.decorateRequest('admin', null as never);
  app.decorateRequest('actor', null as never);
  const smsCampaignRunner = new SmsCampaignRunner(db, config, {
    onError: (error, campaignId) => app.log.error({ err: error, campaignId }, 'SMS campaign sending stopped on an error'),
  });
  app.decorate('smsCampaignRunner', smsCampaignRunner);
  app.addHook('onReady', () => smsCampaignRunner.resume());
  app.addHook('onClose', () => smsCampaignRunner.close());

  // A reseller's own host name serves their shop's pages at `/` (issue 7).
  app.decorateRequest('customHostShop', null);
  app.addHook('onRequest', customHostHook(db, catalogEpoch));

  registerErrorHandling(app);
  registerSecurityHeaders(app);
  await app.register(healthRoutes);
  registerInputChecks(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 10 } });
  registerCsrf(app);
  registerSessionCookieRenewal(app);

  wireModules();
  await app.register(authRoutes, {
    admins: adminAccounts,
    resellers: resellerAccounts,
    merchants: merchantAccounts,
    customers: customerAccounts,
    afterCustomerSignIn: customerSignedIn,
  });
  await app.register(settingRoutes);
  await app.register(smsRoutes);
  await app.register(emailRoutes);
  await app.register(auditRoutes);
  await app.register(profileRoutes);
  await app.register(staffRoutes);
  await app.register(merchantRoutes);
  await app.register(dashboardRoutes, { contributions: DASHBOARD_CONTRIBUTIONS });
  await app.register(courierRoutes);
  await app.register(remittanceRoutes);
  await app.register(uploadRoutes);
  await app.register(catalogRoutes);
  await app.register(locationRoutes);
  await app.register(contentRoutes);
  await app.register(productRoutes);
  await app.register(marketingRoutes);
  await app.register(orderRoutes);
  await app.register(orderScanRoutes);
  await app.register(orderEntryRoutes);
  await app.register(reportRoutes);
  await app.register(purchasingRoutes);
  await app.register(accountsRoutes);
  await app.register(openingBalanceRoutes);
  await app.register(loanRoutes);
  await app.register(billRoutes);
  await app.register(salesRoutes);
  await app.register(teamRoutes);
  await app.register(complaintRoutes);
  await app.register(ownCompanyRoutes);
  // An order placed for an online payment is answered with its pay link (decision 062).
  const payUrl = (order: { id: number; number: string }) => payPath(config, order);
  await app.register(landingOrderRoutes, { payUrl });
  await app.register(cartRoutes, { payUrl });
  await app.register(incompleteCheckoutRoutes);
  await app.register(paymentAdminRoutes);
  await app.register(customerRoutes);
  await app.register(customerOrderRoutes, { payUrl });
  await app.register(resellerPortalRoutes);
  await app.register(resellerMoneyRoutes);
  await app.register(resellerAdminRoutes);
  await app.register(resellerApiRoutes);
  await app.register(resellerShopRoutes, { catalogEpoch, payUrl });
  await app.register(resellerSmsRoutes);
  await app.register(socialSignInRoutes);
  await app.register(fabricRoutes);
  await app.register(stockAnalysisRoutes);
  await app.register(conversionRoutes);
  // A storefront checkout's purchase event, with the browser it came from (decision 060).
  app.addHook('onSend', recordCheckoutConversion);
  await app.register(riskRoutes);
  await app.register(paymentRoutes);
  // The payment stand-in (decision 062): gateways in mode `standin` work on a fresh start with no outside call. Only a
  // demo or a non-production shop mounts it, so a live shop set to `standin` by mistake cannot take "payments" from it.
  if (config.demo || config.env !== 'production') await app.register(paymentStandIn, { prefix: '/payment-standin', ...DEMO_STANDIN });

  const storefront = createStorefront({ catalogEpoch, areaHeads: { shop: shopPageHead } });
  await app.register(storefront.routes);

  await registerWeb(app, { pageHtml: storefront.pageHtml, marketingTags: storefront.marketingTags });
  return app;
}
