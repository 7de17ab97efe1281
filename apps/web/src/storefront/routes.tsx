import i18next from 'i18next';
import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { lazyRoute } from '../lib/lazy';
import { loadPhrasebooks, phrase, registerPhrasebooks } from '../lib/phrases';
import { NotFound } from '../ui/NotFound';
import type { RouteHandle } from '../ui/Title';

/** "Cart | Haat Bazar", in the shopper's language; the home page is the site name alone. */
const title = (key: string): RouteHandle => ({
  title: (site) => (site ? `${i18next.t(key)} | ${site}` : i18next.t(key)),
});

/** The pay page's title (decision 062). */
const payTitle: RouteHandle = { title: (site) => [phrase('Pay for your order'), site].filter(Boolean).join(' | ') };

type Page = () => Promise<{ default: ComponentType; loader?: LoaderFunction }>;
const page = (name: string, importer: Page) => lazyRoute(`store-${name}`, importer);

// The account pages' Bengali (sign-in, password reset, tracking, orders) comes with those pages, not with every page
// of the shop: a Bengali product page stays within its JavaScript budget (storefront/router.tsx leaves it out).
const accountWords = import.meta.glob('./pages/account.phrases.bn.ts');
const accountPage = (name: string, importer: Page) =>
  page(name, () => {
    registerPhrasebooks(accountWords);
    return Promise.all([importer(), loadPhrasebooks(i18next.language)]).then(([module]) => module);
  });

// Paying online's Bengali (decision 062) likewise comes with the pages that speak of it: the checkouts its choice, the
// pay page, the confirmations and the customer's order page the rest too.
const wordsWith = (words: Record<string, () => Promise<unknown>>) => (name: string, importer: Page) =>
  page(name, () => {
    registerPhrasebooks(words);
    return Promise.all([importer(), loadPhrasebooks(i18next.language)]).then(([module]) => module);
  });
const checkoutPage = wordsWith(import.meta.glob('./payment-choice.phrases.bn.ts'));
const paymentPage = wordsWith(import.meta.glob(['./payment-choice.phrases.bn.ts', './payment.phrases.bn.ts']));
// A landing page's own words come with it, with the payment choice's (its order form offers it).
const landingPage = wordsWith(import.meta.glob(['./payment-choice.phrases.bn.ts', './pages/landing.phrases.bn.ts']));

const shopLayout = page('shop-layout', () => import('./reseller/ShopLayout'));

/** A reseller shop's pages, under `/shop/{slug}` or, on the reseller's own host name, at `/`. */
const shopPages: RouteObject[] = [
  { index: true, lazy: page('shop-products', () => import('./reseller/ShopProducts')), handle: title('store.products') },
  {
    path: 'category/:categoryId',
    lazy: page('shop-products', () => import('./reseller/ShopProducts')),
    handle: title('store.products'),
  },
  { path: 'product/:product', lazy: page('shop-product', () => import('./reseller/ShopProduct')), handle: title('store.product') },
  { path: 'page/:page', lazy: page('shop-page', () => import('./reseller/ShopPage')), handle: title('store.page') },
  { path: 'cart', lazy: page('shop-cart', () => import('./reseller/ShopCart')), handle: title('store.cart') },
  { path: 'checkout', lazy: checkoutPage('shop-checkout', () => import('./reseller/ShopCheckout')), handle: title('store.checkout') },
  {
    path: 'order/:number/thanks',
    lazy: paymentPage('shop-thanks', () => import('./reseller/ShopThanks')),
    handle: title('store.thanksTitle'),
  },
  { path: 'pay/:number', lazy: paymentPage('shop-pay', () => import('./reseller/ShopPay')), handle: payTitle },
  { path: '*', element: <NotFound inShell />, handle: title('common.notFoundTitle') },
];

/**
 * The whole route table on a reseller's own host name (storefront/reseller/host-shop.ts): their shop's pages
 * at `/`, `/cart`, `/product/{slug}`…
 */
export const hostShopRoutes: RouteObject[] = [{ path: '/', lazy: shopLayout, children: shopPages }];

/**
 * The storefront's route table (seed §2.1 leaves it to us), every page in its own chunk under the
 * store layout. The back office and the portals are in router.tsx.
 */
export const storefrontRoutes: RouteObject[] = [
  {
    // A reseller's own storefront (issue 7): its code loads only under /shop/.
    path: '/shop/:slug',
    lazy: shopLayout,
    children: shopPages,
  },
  {
    path: '/',
    lazy: page('layout', () => import('./StoreLayout')),
    children: [
      { index: true, lazy: page('home', () => import('./pages/Home')), handle: { title: (site: string) => site } },
      { path: 'category/:slug/:sub?/:subsub?', lazy: page('listing', () => import('./pages/Listing')), handle: title('store.products') },
      { path: 'search', lazy: page('listing', () => import('./pages/Listing')), handle: title('store.searchTitle') },
      // The product page sets "name | site" itself once the product is in.
      { path: 'product/:slug', lazy: page('product', () => import('./pages/Product')), handle: title('store.product') },
      { path: 'campaigns', lazy: page('campaigns', () => import('./pages/Campaigns')), handle: title('store.campaigns') },
      { path: 'campaign/:slug', lazy: page('campaign', () => import('./pages/Campaign')), handle: title('store.campaign') },
      { path: 'offers', lazy: page('offers', () => import('./pages/Offers')), handle: title('store.offers') },
      { path: 'page/:slug', lazy: page('page', () => import('./pages/StaticPage')), handle: title('store.page') },
      // A one-product landing page for ad traffic; it sets its headline as the title once it is in.
      { path: 'landing/:slug', lazy: landingPage('landing', () => import('./pages/Landing')), handle: title('store.page') },
      { path: 'cart', lazy: page('cart', () => import('./pages/Cart')), handle: title('store.cart') },
      { path: 'checkout', lazy: checkoutPage('checkout', () => import('./pages/Checkout')), handle: title('store.checkout') },
      { path: 'order/:number/thanks', lazy: paymentPage('thanks', () => import('./pages/Thanks')), handle: title('store.thanksTitle') },
      { path: 'pay/:number', lazy: paymentPage('pay', () => import('./pages/Pay')), handle: payTitle },
      { path: 'track', lazy: accountPage('track', () => import('./pages/Track')), handle: title('store.trackOrder') },
      { path: 'login', lazy: accountPage('login', () => import('./pages/Login')), handle: title('common.signIn') },
      { path: 'register', lazy: page('register', () => import('./pages/Register')), handle: title('store.register') },
      {
        path: 'forgot-password',
        lazy: accountPage('forgot-password', () => import('./pages/ForgotPassword')),
        handle: { title: (site: string) => [phrase('Forgot your password?'), site].filter(Boolean).join(' | ') },
      },
      {
        path: 'password/reset',
        lazy: accountPage('reset-password', () => import('./pages/ResetPassword')),
        handle: { title: (site: string) => [phrase('Choose a new password'), site].filter(Boolean).join(' | ') },
      },
      {
        path: 'account',
        lazy: accountPage('account', () => import('./pages/AccountLayout')),
        children: [
          { index: true, lazy: page('profile', () => import('./pages/Profile')), handle: title('store.account') },
          { path: 'orders', lazy: page('orders', () => import('./pages/Orders')), handle: title('store.myOrders') },
          { path: 'orders/:number', lazy: paymentPage('order', () => import('./pages/Order')), handle: title('store.order') },
          { path: 'addresses', lazy: page('addresses', () => import('./pages/Addresses')), handle: title('store.addresses') },
        ],
      },
      { path: '*', element: <NotFound inShell />, handle: title('common.notFoundTitle') },
    ],
  },
];
