import { formatMoney, ORDER_STATUSES, type OrderStatusCode, type OrderType } from '@haat/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/numbers';
import { type PhraseValues, usePhrase } from '../../lib/phrases';
import { useSiteInfo } from '../../lib/site';

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

/**
 * An order's source as people read it: the sources the shop starts with (Website, Phone…) in the page's
 * language, a landing page's with its address, a shop's own names as typed. Stored with one spelling
 * (the orders module writes it so), shown through this one label everywhere.
 */
export function orderSourceLabel(source: string | null | undefined, phrase: (text: string, values?: PhraseValues) => string): string {
  if (!source) return '—';
  if (source.startsWith('landing:')) return phrase('Landing page {{slug}}', { slug: source.slice('landing:'.length) });
  return phrase(source);
}

/** The words of the order screens in the chosen language, and their figures with its digits. */
export function useOrderWords() {
  const { t, i18n } = useTranslation();
  const phrase = usePhrase();
  const site = useSiteInfo();
  const language = i18n.language;
  return {
    t,
    phrase,
    status: (code: number) => t(`orders.status.${code}` as 'orders.status.1'),
    type: (type: OrderType | 'all') => t(`orders.type.${type}` as 'orders.type.all'),
    source: (source: string | null | undefined) => orderSourceLabel(source, phrase),
    number: (value: number) => formatNumber(value, language),
    money: (paisa: number) => formatMoney(paisa, site?.currency_symbol, language),
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

/** A payment status (`unpaid`, `partial`, `paid`, `refunded`, `awaiting` an online payment) in words. */
export function paymentStatusLabel(status: string, phrase: (text: string) => string): string {
  const words: Record<string, string> = {
    unpaid: phrase('Unpaid'),
    partial: phrase('Partly paid'),
    paid: phrase('Paid'),
    refunded: phrase('Refunded'),
    awaiting: phrase('Awaiting online payment'),
  };
  return words[status] ?? status;
}
