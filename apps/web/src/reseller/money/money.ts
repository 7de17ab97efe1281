import { formatMoney, PAYMENT_CHANNEL_LABELS, type PayoutAccount, type ResellerBalance } from '@haat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../lib/api';
import { useSiteInfo } from '../../lib/site';
import { NAMESPACE } from './i18n';

/** The portal's money calls and their query keys; every change invalidates `['reseller', 'money']`. */
export const moneyQueries = {
  balance: () =>
    queryOptions({ queryKey: ['reseller', 'money', 'balance'], queryFn: () => get<{ balance: ResellerBalance }>('/api/reseller/balance') }),
  accounts: (kind: 'bank' | 'mobile' | 'all') =>
    queryOptions({
      queryKey: ['reseller', 'money', 'accounts', kind],
      queryFn: () =>
        get<{ data: PayoutAccount[] }>(
          kind === 'bank'
            ? '/api/reseller/bank-accounts'
            : kind === 'mobile'
              ? '/api/reseller/mobile-banking'
              : '/api/reseller/payout-accounts',
        ),
    }),
};

export const MONEY_KEY = ['reseller', 'money'];

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
