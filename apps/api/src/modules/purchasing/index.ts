/** Purchasing: suppliers (goods and fabric), purchases, receipts, returns and supplier payments. */
export { SUPPLIER_KINDS } from './supplier.table';
export { supplierNameSql } from './supplier-name';
export { type SupplierChoice, type SupplierKind, supplierChoices, supplierNames, supplierOfKind } from './fabric-supplier-lookup';
