export { resellerShopRoutes } from './shop.routes';
export { shopPageHead } from './shop-head';
