import type { DashboardContribution } from '../dashboard';
import { productFigures } from './report.service';

export { comboStock } from './combo.resource';
export { productRoutes } from './product.routes';
export { inCategory, type ProductUseKind, productCountsBy, productSearch, productWeights } from './product.service';
export {
  comboItems,
  combos,
  productImages,
  products,
  productVariants,
  productVariantValues,
  productViews,
  STOCK_MOVEMENT_KINDS,
  stockMovements,
} from './product.table';
export { mainPictures, mainThumbnails } from './product-picture.service';
export { recordProductView } from './report.service';
export { ledgerMismatches, moveStock, type StockMove, type StockMovementKind } from './stock.service';

export const productDashboard: DashboardContribution = {
  permission: 'product.view',
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
      },
    ];
  },
};
export { productPicturePaths } from './picture-list.service';
export {
  isPublishedProduct,
  type PublishedProductFilter,
  productSubquery,
  publishedProductIdPage,
  publishedProductIds,
} from './published-product-list';
export { variantIdsOf, variantsOfProducts } from './variant-lookup.service';
