import { formatMoney } from '@haat/contracts';
import { Badge, Group, Stack, Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { useSiteInfo } from '../../../lib/site';
import { AA_COLORS } from '../../../ui/colors';

/** Seed §9: status 1 is published; 0 is a draft the shop does not show. */
export const PRODUCT_STATUS_LABELS = { on: 'Published', off: 'Draft' };

export const productStatusOptions = [
  { value: '1', label: PRODUCT_STATUS_LABELS.on },
  { value: '0', label: PRODUCT_STATUS_LABELS.off },
];

/** An amount of money in the shop's currency. */
export function Money({ paisa, ...props }: { paisa: number | null | undefined } & TextProps) {
  const site = useSiteInfo();
  const { i18n } = useTranslation();
  return (
    <Text component="span" fz="sm" {...props}>
      {paisa === null || paisa === undefined ? '—' : formatMoney(paisa, site?.currency_symbol, i18n.language)}
    </Text>
  );
}

/** The retail price with the wholesale (reseller) price under it. */
export function PriceCell({ retail, wholesale, discount }: { retail: number; wholesale: number; discount?: number | null }) {
  const phrase = usePhrase();
  return (
    <Stack gap={0}>
      {discount ? (
        <Group gap={6} wrap="nowrap">
          <Money paisa={discount} fw={600} />
          <Money paisa={retail} td="line-through" c="dimmed" fz="xs" />
        </Group>
      ) : (
        <Money paisa={retail} fw={600} />
      )}
      <Text fz="xs" c="dimmed" component="span">
        {phrase('Wholesale')} <Money paisa={wholesale} fz="xs" />
      </Text>
    </Stack>
  );
}

/** Stock with a badge when it is low or gone. */
export function StockCell({ stock, threshold, low }: { stock: number; threshold?: number | null; low?: boolean }) {
  const isLow = low ?? (threshold !== null && threshold !== undefined && stock <= threshold);
  const phrase = usePhrase();
  const number = useNumber();
  return (
    <Group gap={6} wrap="nowrap">
      <Text component="span" fz="sm" fw={isLow ? 600 : undefined}>
        {number(stock)}
      </Text>
      {stock <= 0 ? (
        <Badge color="red.9" variant="filled" size="sm" miw="max-content">
          {phrase('Out of stock')}
        </Badge>
      ) : isLow ? (
        <Badge color={AA_COLORS.warning} variant="filled" size="sm" miw="max-content">
          {phrase('Low stock')}
        </Badge>
      ) : null}
    </Group>
  );
}
