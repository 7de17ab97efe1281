/**
 * Inventory: the stock and create analysis (issue 18 item 6) — sales per variant over 7/30/90 days,
 * cover, stock value at cost, dead stock and reorder suggestions (docs/decisions/035).
 */
export { stockAnalysisRoutes } from './stock-analysis.routes';
export { stockAnalysisPage, suggestedQuantity } from './stock-analysis.service';
