/**
 * Fabrics (issue 18 item 3): fabrics bought from fabric suppliers into a fabric stock with its own
 * ledger, and issued to factories (docs/decisions/035).
 */
export { fabricRoutes } from './fabric.routes';
export { fabricLedgerMismatches, fabricPurchaseDueEntries, fabricPurchaseEntries, fabricPurchaseTotals } from './fabric.service';
