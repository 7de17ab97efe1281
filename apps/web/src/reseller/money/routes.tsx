import i18next from 'i18next';
import type { RouteObject } from 'react-router';
import { NAMESPACE } from '../../ui/portal/money/i18n';
import { portalMoneyRoutes } from '../../ui/portal/money/routes';
import { declaredRoutes } from '../../ui/resource/declared-routes';
import type { RouteHandle } from '../../ui/Title';

const _handle = (title: string): RouteHandle => ({ title });
const BASE = '/dropshipper';

/** The portal's money pages at seed §2.3's paths under /dropshipper. */
export const resellerMoneyRoutes: RouteObject[] = [
  ...declaredRoutes('reseller-income', BASE, { list: 'cashbook/income' }, { list: 'Cashbook: income' }, () => import('./income.resource')),
  ...declaredRoutes(
    'reseller-pay-off',
    BASE,
    { list: 'cashbook/pay/off' },
    { list: 'Cashbook: pay off' },
    () => import('./pay-off.resource'),
  ),
  ...portalMoneyRoutes('reseller', BASE),
];

const link = (key: string, to: string) => ({
  // Read as the menu renders, so the links follow the reader's language.
  get label() {
    return i18next.t(key, { ns: NAMESPACE });
  },
  to,
});

/** The side menu's money links. */
export const resellerMoneyLinks = [
  link('menu.income', '/dropshipper/cashbook/income'),
  link('menu.payOff', '/dropshipper/cashbook/pay/off'),
  link('menu.request', '/dropshipper/payment/withdraw/request'),
  link('menu.history', '/dropshipper/payment/withdraw/history'),
  link('menu.bank', '/dropshipper/bank/account'),
  link('menu.mobile', '/dropshipper/mobile/banking'),
];
