/**
 * Categories (three levels), brands, attributes and their values, banners and sliders. Products
 * point at these rows; their counts of uses come back through countCatalogUsesWith.
 */
export { attributes, attributeValues } from './attribute.table';
export { banners, sliders } from './banner.table';
export { brands } from './brand.table';
export { catalogRoutes } from './catalog.routes';
export { categories } from './category.table';
export { categoryNameSql, publishedCategories, publishedTopCategories } from './category-lookup';
export { type CatalogProductCounts, type CatalogRowKind, countCatalogUsesWith } from './product-usage';
export { chooseSlug } from './slug';
