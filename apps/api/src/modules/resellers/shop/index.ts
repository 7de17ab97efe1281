export { resellerShopRoutes } from './shop.routes';
export { placeShopDraftOrder, resellerShopNames } from './shop.service';
export { shopPageHead } from './shop-head';
