import { formatMoney } from '@haat/contracts';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../lib/site';

/** Paisa shown in the shop's currency symbol, with Bengali digits when the page is in Bengali. */
export function useMoney(): (paisa: number) => string {
  const site = useSiteInfo();
  const { i18n } = useTranslation();
  const symbol = site?.currency_symbol ?? '৳';
  return (paisa) => formatMoney(paisa, symbol, i18n.language);
}
