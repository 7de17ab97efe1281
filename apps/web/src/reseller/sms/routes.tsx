import i18next from 'i18next';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import { declaredRoutes } from '../../ui/resource/declared-routes';
import type { RouteHandle } from '../../ui/Title';
import { NAMESPACE } from './i18n';

const handle = (title: string): RouteHandle => ({ title });

/** Messaging at seed §2.3's paths under /dropshipper. */
export const resellerSmsRoutes: RouteObject[] = [
  { path: 'sms/campaign', lazy: lazyRoute('reseller-sms-campaign', () => import('./SmsCampaign')), handle: handle('SMS campaign') },
  ...declaredRoutes(
    'reseller-sms-history',
    '/dropshipper',
    { list: 'sms/history' },
    { list: 'SMS history' },
    () => import('./history.resource'),
  ),
];

const link = (key: string, to: string) => ({
  // Read as the menu renders, so the links follow the reader's language.
  get label() {
    return i18next.t(key, { ns: NAMESPACE });
  },
  to,
});

export const resellerSmsLinks = [link('menu.campaign', '/dropshipper/sms/campaign'), link('menu.history', '/dropshipper/sms/history')];
