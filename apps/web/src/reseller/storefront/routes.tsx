import i18next from 'i18next';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';
import { NAMESPACE } from './i18n';

const handle = (title: string): RouteHandle => ({ title });

/** The reseller's storefront settings at the exact paths of seed §2.3, under /dropshipper. */
export const resellerShopSettingRoutes: RouteObject[] = [
  { path: 'coupon', lazy: lazyRoute('reseller-shop-coupons', () => import('./CouponList')), handle: handle('Shop coupons') },
  { path: 'coupon/add', lazy: lazyRoute('reseller-shop-coupon-form', () => import('./CouponForm')), handle: handle('Add coupon') },
  { path: 'coupon/edit/:id', lazy: lazyRoute('reseller-shop-coupon-form', () => import('./CouponForm')), handle: handle('Edit coupon') },
  { path: 'slider', lazy: lazyRoute('reseller-shop-sliders', () => import('./SliderList')), handle: handle('Shop sliders') },
  { path: 'sliderAdd', lazy: lazyRoute('reseller-shop-slider-form', () => import('./SliderForm')), handle: handle('Add slide') },
  { path: 'sliderEdit/:id', lazy: lazyRoute('reseller-shop-slider-form', () => import('./SliderForm')), handle: handle('Edit slide') },
  { path: 'categories', lazy: lazyRoute('reseller-shop-categories', () => import('./Categories')), handle: handle('Shop categories') },
  { path: 'page/info/lists', lazy: lazyRoute('reseller-shop-pages', () => import('./PageList')), handle: handle('Shop pages') },
  { path: 'page/info/add', lazy: lazyRoute('reseller-shop-page-form', () => import('./PageForm')), handle: handle('Add page') },
  { path: 'page/info/edit/:id', lazy: lazyRoute('reseller-shop-page-form', () => import('./PageForm')), handle: handle('Edit page') },
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
