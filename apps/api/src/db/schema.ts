/** Every table, for Drizzle's schema-aware queries and drizzle-kit. */
export * from '../modules/auth/session.table';
export * from '../modules/catalog/attribute.table';
export * from '../modules/catalog/banner.table';
export * from '../modules/catalog/brand.table';
export * from '../modules/catalog/category.table';
export * from '../modules/customers/customer.table';
export * from '../modules/merchants/merchant.table';
export * from '../modules/products/product.table';
export * from '../modules/resellers/reseller.table';
export * from '../modules/settings/setting.table';
export * from '../modules/staff/admin.table';
