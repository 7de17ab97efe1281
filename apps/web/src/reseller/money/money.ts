import {
  type CashbookEntry,
  formatMoney,
  type Paginator,
  type PayoutAccount,
  type ResellerBalance,
  type WithdrawalView,
} from '@haat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../lib/api';
import { useSiteInfo } from '../../lib/site';
import { NAMESPACE } from './i18n';

/** The portal's money calls and their query keys; every change invalidates `['reseller', 'money']`. */
export const moneyQueries = {
  balance: () =>
    queryOptions({ queryKey: ['reseller', 'money', 'balance'], queryFn: () => get<{ balance: ResellerBalance }>('/api/reseller/balance') }),
  income: (page: number) =>
    queryOptions({
      queryKey: ['reseller', 'money', 'income', page],
      queryFn: () => get<Paginator<CashbookEntry> & { balance: ResellerBalance }>(`/api/reseller/cashbook/income?page=${page}`),
    }),
  payOff: (page: number) =>
    queryOptions({
      queryKey: ['reseller', 'money', 'pay-off', page],
      queryFn: () => get<Paginator<WithdrawalView> & { balance: ResellerBalance }>(`/api/reseller/cashbook/pay-off?page=${page}`),
    }),
  withdrawals: (page: number, status: string | null) =>
    queryOptions({
      queryKey: ['reseller', 'money', 'withdrawals', page, status],
      queryFn: () => get<Paginator<WithdrawalView>>(`/api/reseller/withdrawals?page=${page}${status ? `&status=${status}` : ''}`),
    }),
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

/** Paisa as the shop's currency in the reader's language. */
export function useMoney(): (paisa: number) => string {
  const site = useSiteInfo();
  const { i18n } = useTranslation();
  return (paisa) => formatMoney(paisa, site?.currency_symbol, i18n.language);
}

export function useMoneyText() {
  return useTranslation(NAMESPACE);
}
