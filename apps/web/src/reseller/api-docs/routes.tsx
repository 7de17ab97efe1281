import i18next from 'i18next';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';
import { NAMESPACE } from './i18n';

/** `/dropshipper/documentation/api` (seed §2.3): the reseller REST API's documentation. */
export const resellerApiDocsRoutes: RouteObject[] = [
  {
    path: 'documentation/api',
    lazy: lazyRoute('reseller-api-docs', () => import('./ApiDocs')),
    handle: { title: 'API documentation' } satisfies RouteHandle,
  },
];

/** The side menu's link, in the reader's language. */
export const resellerApiDocsLink = {
  get label() {
    return i18next.t('menu', { ns: NAMESPACE });
  },
  to: '/dropshipper/documentation/api',
};
