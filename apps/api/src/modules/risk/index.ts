/**
 * Cash-on-delivery risk (decision 055): a phone's history and badge for staff, the courier's figure
 * for it, the fraud controls every public checkout passes (`/admin/fraud/setting`), the blocklist
 * (`/admin/blocklist`) and the log of refused checkouts (`/admin/fraud/log`).
 */
export { phoneRisks } from './phone-risk.service';
export { riskRoutes } from './risk.routes';
export { seedDemoRisk } from './risk.seed';
