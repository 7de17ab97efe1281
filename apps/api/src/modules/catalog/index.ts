/**
 * Categories (three levels), brands, attributes and their values, banners and sliders. Products
 * point at these rows; their counts of uses come back through countCatalogUsesWith.
 */
export { attributeOptionSubquery, attributeOptions } from './attribute-option.service';
export { allBrands, brandsByIds } from './brand-lookup.service';
export { catalogRoutes } from './catalog.routes';
export { categoryNameSql, publishedCategories, publishedTopCategories } from './category-lookup';
export { categoriesByIds, categoryLevel, categoryPaths, categorySubquery, categoryTree } from './category-lookup.service';
export { type CatalogProductCounts, type CatalogRowKind, countCatalogUsesWith } from './product-usage';
export { chooseSlug } from './slug';
export { activeBanners, activeSliders, catalogueRows } from './storefront-catalog.service';
