export { resellerShopRoutes } from './shop.routes';
export { resellerShopNames } from './shop.service';
export { shopPageHead } from './shop-head';
