import type { DashboardContribution } from '../dashboard';
import { productFigures } from './report.service';

export { comboStock } from './combo.resource';
export { productRoutes } from './product.routes';
export { inCategory, type ProductUseKind, productCountsBy, productSearch, productWeights } from './product.service';
export { STOCK_MOVEMENT_KINDS } from './product.table';
export { mainPictures, mainThumbnails } from './product-picture.service';
export { recordProductView } from './report.service';
export { ledgerMismatches, moveStock, type StockMove, type StockMovementKind } from './stock.service';

export const productDashboard: DashboardContribution = {
  permission: 'product.view',
  // The stock value at cost: for those who read the stock report.
  figurePermissions: ['stock.report.view'],
  async cards({ db }) {
    const figures = await productFigures(db);
    return [
      { id: 'products-published', label: 'Published products', value: figures.published, format: 'count', link: '/admin/products/1' },
      {
        id: 'low-stock-variants',
        label: 'Low-stock variants',
        value: figures.lowStockVariants,
        format: 'count',
        link: '/admin/report/product/stock?filter[low_stock]=1',
      },
      {
        id: 'stock-value',
        label: 'Stock value (at cost)',
        value: figures.stockValue,
        format: 'money',
        link: '/admin/report/product/stock',
        // What the stock cost is for those who read the stock report (dashboard.service.ts).
        permission: 'stock.report.view',
      },
    ];
  },
};
export { type FeedProduct, feedProductPage } from './feed-catalogue.service';
export { type MerchantNames, nameMerchantsWith } from './merchant-names';
export {
  type MerchantProductRow,
  merchantPricesOf,
  merchantProductFigures,
  merchantProductIdsSql,
  merchantProductPage,
} from './merchant-products.service';
export { productPicturePaths } from './picture-list.service';
export { productGallery } from './product-gallery.service';
export { productExists, productIdsNamedLike, productNames } from './product-lookup.service';
export { type ProductPrices, productPrices } from './product-price.service';
export {
  nextOwnDiscountChange,
  ownDiscountPriceSql,
  type ProductPriceRow,
  productPriceColumns,
  productPriceRows,
  variantPriceRows,
} from './product-prices.service';
export { fillSearchKeys, nameMatches } from './product-search';
export { productChoices, productSubquery, productSummaries } from './product-summary.service';
export { addedProductViewsSql, type ProductViewCount, productViewTotalsSql } from './product-view-count.service';
export {
  bestSellerCards,
  featuredProductCards,
  homeCategoryCards,
  type ProductCardRow,
  type ProductRanking,
  productPictures,
  productVariantChoices,
  publishedProductAddresses,
  publishedProductByReference,
  publishedProductCards,
  publishedProductCount,
  relatedProductCards,
} from './public-catalogue.service';
export {
  listingBrandGroups,
  listingCountWithoutValues,
  listingPage,
  listingValueCounts,
  type PublicListingFilter,
  type PublicListingSort,
  productSuggestionCards,
} from './public-listing.service';
export {
  isPublishedProduct,
  listedProductSubquery,
  type PublishedProductFilter,
  publishedProductIdPage,
  publishedProductIds,
} from './published-product-list';
export { variantAnalysisSql } from './variant-analysis-source';
export { variantChoices } from './variant-choice.service';
export {
  type AverageCostChange,
  type CostedMove,
  creditStockValue,
  updateAverageCosts,
  type ValueCredit,
  type ValueCreditChange,
} from './variant-cost.service';
export {
  isVariantOf,
  type SellableVariant,
  searchVariantIds,
  sellableVariants,
  variantCostSql,
  variantIdByCode,
  variantIdsOf,
  variantSaleStates,
  variantStocks,
  variantsOfProducts,
} from './variant-lookup.service';
