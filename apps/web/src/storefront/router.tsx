import i18next from 'i18next';
import { useLayoutEffect } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadPhrasebooksOnDemand, registerPhrasebooks, registerPhrasebooksOnDemand } from '../lib/phrases';
import { Root } from '../Root';
import { NotFound } from '../ui/NotFound';
import { InitialLoading } from '../ui/ProgressBar';
import { RouteError } from '../ui/RouteError';
import { removeBoot } from './boot';
import { loadFormMessages } from './form-messages';
import { hostShopSlug } from './reseller/host-shop';
import { hostShopRoutes, storefrontRoutes } from './routes';

// The storefront's Bengali words, never the back office's (nor the back office machinery's in ui/); the account
// pages', paying online's and the landing pages' come with those pages (routes.tsx).
registerPhrasebooks(
  import.meta.glob([
    './**/*phrases.bn.ts',
    '!./pages/account.phrases.bn.ts',
    '!./payment.phrases.bn.ts',
    '!./pages/landing.phrases.bn.ts',
    '../ui/shared.phrases.bn.ts',
    '../lib/**/*phrases.bn.ts',
  ]),
);

// The contracts' and the server's messages matter only once a shopper fills in a form or the server refuses
// something: they are fetched at the first focus on the page, or before a refusal is shown (lib/api.ts), not with
// the page, which keeps a Bengali page's first load within its JavaScript budget.
registerPhrasebooksOnDemand(import.meta.glob(['../ui/messages.phrases.bn.ts', '../ui/shopper-messages.phrases.bn.ts']));
document.addEventListener(
  'focusin',
  () => {
    void loadPhrasebooksOnDemand(i18next.language);
    if (i18next.language === 'bn') void loadFormMessages();
  },
  { once: true },
);

/**
 * The back office and the portals are another app (router.tsx, with Mantine and the admin screens): a
 * link from the shop to one of them loads that page whole instead of shipping its route table here.
 */
const otherArea = (area: string): RouteObject => ({
  path: `/${area}/*`,
  loader: ({ request }: LoaderFunctionArgs) => {
    window.location.assign(request.url);
    // The page is leaving: the navigation never settles here.
    return new Promise<never>(() => undefined);
  },
});

/** A page that failed (a chunk that did not arrive) must not stay hidden under the home page's first paint. */
function StoreRouteError() {
  useLayoutEffect(removeBoot, []);
  return <RouteError />;
}

/**
 * The storefront's own router, the one main.tsx starts on every page outside the back office and the
 * portals: its pages (routes.tsx) and nothing of the other areas, so the shop's first load stays small.
 * On a reseller's own host name its pages are that reseller's shop, at `/`.
 */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <StoreRouteError />,
    hydrateFallbackElement: <InitialLoading />,
    children: [
      ...['admin', 'backend', 'dropshipper', 'merchant'].map(otherArea),
      ...(hostShopSlug ? hostShopRoutes : [...storefrontRoutes, { path: '*', element: <NotFound /> }]),
    ],
  },
]);
