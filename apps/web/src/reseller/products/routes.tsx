import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** The reseller's catalogue pages of seed §2.3, under /dropshipper. */
export const resellerProductRoutes: RouteObject[] = [
  { path: 'products/show', lazy: lazyRoute('reseller-products', () => import('./ProductList')), handle: handle('Products') },
  { path: 'products/edit/:id', lazy: lazyRoute('reseller-product-edit', () => import('./ProductEdit')), handle: handle('My price') },
];
