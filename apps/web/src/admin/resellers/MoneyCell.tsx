import { formatMoney } from '@haat/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../lib/site';

/** An amount of paisa in the shop's currency; negative amounts in red. */
export function MoneyCell({ paisa }: { paisa: number }) {
  const money = useMoney();
  return (
    <Text span fz="sm" fw={600} c={paisa < 0 ? 'red.7' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {money(paisa)}
    </Text>
  );
}

/** Money in the shop's currency, with the page's digits (Bengali digits in Bengali). */
export function useMoney(): (paisa: number) => string {
  const site = useSiteInfo();
  const { i18n } = useTranslation();
  return (paisa) => formatMoney(paisa, site?.currency_symbol, i18n.language);
}
