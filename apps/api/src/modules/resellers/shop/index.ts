export { resellerShopRoutes } from './shop.routes';
