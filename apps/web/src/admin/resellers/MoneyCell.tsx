import { formatMoney } from '@haat/contracts';
import { Text } from '@mantine/core';
import { useSiteInfo } from '../../lib/site';

/** An amount of paisa in the shop's currency; negative amounts in red. */
export function MoneyCell({ paisa }: { paisa: number }) {
  const site = useSiteInfo();
  return (
    <Text span fz="sm" fw={600} c={paisa < 0 ? 'red.7' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(paisa, site?.currency_symbol)}
    </Text>
  );
}

export function useMoney(): (paisa: number) => string {
  const site = useSiteInfo();
  return (paisa) => formatMoney(paisa, site?.currency_symbol);
}
