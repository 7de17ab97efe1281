import { formatMoney, PAYMENT_CHANNEL_LABELS, type PayoutAccount, type ResellerBalance } from '@haat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../../lib/api';
import { useSiteInfo } from '../../../lib/site';
import type { Portal } from '../portal';
import { NAMESPACE } from './i18n';

/**
 * A portal's money calls and their query keys (the reseller's and the merchant's APIs answer alike
 * under their own prefix); every change invalidates `moneyKey(portal)`.
 */
export const moneyQueries = {
  balance: (portal: Portal) =>
    queryOptions({
      queryKey: [portal.kind, 'money', 'balance'],
      queryFn: () => get<{ balance: ResellerBalance }>(`${portal.api}/balance`),
    }),
  accounts: (portal: Portal, kind: 'bank' | 'mobile' | 'all') =>
    queryOptions({
      queryKey: [portal.kind, 'money', 'accounts', kind],
      queryFn: () =>
        get<{ data: PayoutAccount[] }>(
          `${portal.api}/${kind === 'bank' ? 'bank-accounts' : kind === 'mobile' ? 'mobile-banking' : 'payout-accounts'}`,
        ),
    }),
};

export const moneyKey = (portal: Portal) => [portal.kind, 'money'];

/** The money pages' paths, the same under each portal's base (seed §2.3's for the dropshipper). */
export const moneyPaths = (portal: Portal) => ({
  request: `${portal.base}/payment/withdraw/request`,
  history: `${portal.base}/payment/withdraw/history`,
  bank: `${portal.base}/bank/account`,
  mobile: `${portal.base}/mobile/banking`,
});

/** How a withdrawal was paid, as people say it (bKash, bank transfer…). */
export const channelLabel = (method: string | null) =>
  method ? (PAYMENT_CHANNEL_LABELS[method as keyof typeof PAYMENT_CHANNEL_LABELS] ?? method) : '—';

/** Paisa as the shop's currency in the reader's language. */
export function useMoney(): (paisa: number) => string {
  const site = useSiteInfo();
  const { i18n } = useTranslation();
  return (paisa) => formatMoney(paisa, site?.currency_symbol, i18n.language);
}

export function useMoneyText() {
  return useTranslation(NAMESPACE);
}
