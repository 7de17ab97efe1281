import { ORDER_STATUSES, type OrderStatusCode, type OrderType } from '@haat/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const STATUS_CODES = Object.keys(ORDER_STATUSES).map(Number) as OrderStatusCode[];

/** Badge colours per status, readable on white (AA). */
export const STATUS_COLORS: Record<OrderStatusCode, string> = {
  1: 'yellow.9',
  2: 'blue.8',
  3: 'indigo.8',
  4: 'cyan.9',
  5: 'green.9',
  6: 'orange.9',
  7: 'red.8',
  8: 'gray.7',
};

export const isStatusCode = (value: unknown): value is OrderStatusCode => Object.hasOwn(ORDER_STATUSES, Number(value));

/** The words of the order screens in the chosen language. */
export function useOrderWords() {
  const { t } = useTranslation();
  return {
    t,
    status: (code: number) => t(`orders.status.${code}` as 'orders.status.1'),
    type: (type: OrderType | 'all') => t(`orders.type.${type}` as 'orders.type.all'),
  };
}

export function StatusBadge({ status }: { status: number }) {
  const { status: label } = useOrderWords();
  return (
    <Badge color={STATUS_COLORS[status as OrderStatusCode] ?? 'gray'} variant="filled" radius="sm" size="lg">
      {label(status)}
    </Badge>
  );
}

/** The print sheet of some orders (opens in a new tab). */
export const printUrl = (ids: number[], kind: 'invoice' | 'label') => `/admin/order/print?ids=${ids.join(',')}&kind=${kind}`;

/** The query keys of the order screens; moving orders refreshes all of them. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (query: string) => ['orders', 'list', query] as const,
  counts: (query: string) => ['orders', 'counts', query] as const,
  one: (id: number) => ['orders', 'one', id] as const,
};
