import i18next from 'i18next';
import { type RouteObject, redirect } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import { declaredRoutes } from '../../ui/resource/declared-routes';
import { NAMESPACE } from './i18n';

const BASE = '/dropshipper';

/** The reseller's storefront settings at the exact paths of seed §2.3, under /dropshipper. */
export const resellerShopSettingRoutes: RouteObject[] = [
  ...declaredRoutes(
    'reseller-shop-coupon',
    BASE,
    { list: 'coupon', add: 'coupon/add', edit: 'coupon/edit/:id' },
    { list: 'Shop coupons', add: 'Add coupon', edit: 'Edit coupon' },
    () => import('./coupon.resource'),
  ),
  ...declaredRoutes(
    'reseller-shop-slider',
    BASE,
    { list: 'slider', add: 'sliderAdd', edit: 'sliderEdit/:id' },
    { list: 'Shop sliders', add: 'Add slide', edit: 'Edit slide' },
    () => import('./slider.resource'),
  ),
  { path: 'categories', lazy: lazyRoute('reseller-shop-categories', () => import('./Categories')), handle: { title: 'Shop categories' } },
  ...declaredRoutes(
    'reseller-shop-page',
    BASE,
    // Seed §2.3 writes "/dropshipper/page/info/lists, /add, /edit/{id} under the same prefix": the prefix is the
    // list's path (PRODUCT.md §6), as the back office's /admin/page/info/lists/add.
    { list: 'page/info/lists', add: 'page/info/lists/add', edit: 'page/info/lists/edit/:id' },
    { list: 'Shop pages', add: 'Add page', edit: 'Edit page' },
    () => import('./page.resource'),
  ),
  // The addresses the portal used before: kept working for bookmarks and old links.
  { path: 'page/info/add', loader: () => redirect(`${BASE}/page/info/lists/add`) },
  { path: 'page/info/edit/:id', loader: ({ params }) => redirect(`${BASE}/page/info/lists/edit/${encodeURIComponent(params.id ?? '')}`) },
];

/** The side menu's links, in the reader's language. */
export const resellerShopSettingLinks = [
  {
    get label() {
      return i18next.t('menuCoupons', { ns: NAMESPACE });
    },
    to: '/dropshipper/coupon',
  },
  {
    get label() {
      return i18next.t('menuSliders', { ns: NAMESPACE });
    },
    to: '/dropshipper/slider',
  },
  {
    get label() {
      return i18next.t('menuCategories', { ns: NAMESPACE });
    },
    to: '/dropshipper/categories',
  },
  {
    get label() {
      return i18next.t('menuPages', { ns: NAMESPACE });
    },
    to: '/dropshipper/page/info/lists',
  },
];
