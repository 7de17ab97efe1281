/** Purchasing: suppliers (goods and fabric), purchases, receipts, returns and supplier payments (decision 034). */

export { type SupplierChoice, type SupplierKind, supplierChoices, supplierNames, supplierOfKind } from './fabric-supplier-lookup';
export { createDraftPurchase, lastSupplierOfVariants, purchaseNumber } from './purchase.service';
export { purchasingRoutes } from './purchasing.routes';
export { SUPPLIER_KINDS } from './supplier.table';
export { addSupplierDueSource, type SupplierDueSource } from './supplier-due-sources';
export { supplierNameSql } from './supplier-name';
export { supplierDue, supplierPaymentBalance } from './supplier-payment.service';
