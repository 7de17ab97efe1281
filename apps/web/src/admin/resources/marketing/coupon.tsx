import { couponDescriptor, formatMoney } from '@haat/contracts';
import { Code, Text } from '@mantine/core';
import i18next from 'i18next';
import { formatNumber } from '../../../lib/numbers';
import { phrase } from '../../../lib/phrases';
import { defineResource } from '../types';
import {
  activeStatusColumn,
  activeStatusField,
  activeStatusFilter,
  amountOffField,
  dateTimeField,
  discountColumn,
  discountTypeField,
  percentOffField,
  stateColumn,
  stateFilter,
  windowColumn,
} from './shared';

type Row = Record<string, unknown>;

const usage = (row: Row) => {
  const number = (value: unknown) => formatNumber(Number(value ?? 0), i18next.language);
  const total =
    row.usage_limit === null
      ? phrase('{{used}} used', { used: number(row.used_count) })
      : phrase('{{used}} of {{limit}} used', { used: number(row.used_count), limit: number(row.usage_limit) });
  const each =
    row.per_customer_limit === null
      ? phrase('no limit per customer')
      : phrase('{{limit}} per customer', { limit: number(row.per_customer_limit) });
  return `${total} · ${each}`;
};

/** Coupon codes (`/admin/coupon/code`): what the checkout's coupon field accepts. */
export default defineResource(couponDescriptor, {
  list: {
    columns: [
      { key: 'code', label: 'Code', sort: 'code', link: true, render: (row) => <Code fz="sm">{String(row.code)}</Code> },
      discountColumn,
      {
        key: 'min_order_total',
        label: 'Rules',
        render: (row) => (
          <Text fz="xs" maw={260}>
            {Number(row.min_order_total) > 0
              ? `${phrase('Orders from {{amount}}.', { amount: formatMoney(Number(row.min_order_total), undefined, i18next.language) })} `
              : ''}
            {row.first_order_only ? `${phrase('First order only.')} ` : ''}
            {usage(row)}
          </Text>
        ),
      },
      {
        key: 'channels',
        label: 'For',
        // The server names the channels in English ("Website, Reseller").
        render: (row) =>
          String(row.channels ?? '')
            .split(', ')
            .filter(Boolean)
            .map((channel) => phrase(channel))
            .join(', ') || '—',
      },
      windowColumn,
      stateColumn,
      activeStatusColumn,
    ],
    filters: [
      stateFilter,
      {
        name: 'channel',
        label: 'For',
        options: [
          { value: 'website', label: 'Website orders' },
          { value: 'reseller', label: 'Reseller orders' },
        ],
      },
      activeStatusFilter,
    ],
    defaultSort: '-id',
    bulk: ['publish', 'unpublish', 'delete'],
    import: {
      columns: [
        'id',
        'code',
        'discount_type',
        'percent_off',
        'amount_off',
        'max_discount',
        'min_order_total',
        'first_order_only',
        'usage_limit',
        'per_customer_limit',
        'starts_at',
        'ends_at',
        'for_website',
        'for_reseller',
        'status',
      ],
      example: [['', 'WELCOME100', 'amount', '', '100', '', '500', 'true', '', '1', '', '', 'true', 'false', '1']],
      help: 'A line with a known id or code updates that coupon; the others are added. Amounts are in taka.',
    },
    searchPlaceholder: 'Code',
    empty: 'No coupon codes yet. A code like WELCOME100 takes an amount or a percentage off an order at checkout.',
  },
  form: {
    fields: [
      {
        name: 'code',
        label: 'Code',
        kind: 'text',
        required: true,
        half: true,
        description: 'Letters, digits, - and _; kept in capitals, so shoppers may type it either way',
      },
      discountTypeField('amount'),
      amountOffField,
      percentOffField,
      { name: 'max_discount', label: 'Most it takes off', kind: 'money', half: true, description: 'Empty: no cap' },
      { name: 'min_order_total', label: 'Minimum order total', kind: 'money', half: true, initial: 0, description: 'Before delivery' },
      { name: 'usage_limit', label: 'Uses in all', kind: 'number', half: true, initial: '', description: 'Empty: no limit' },
      { name: 'per_customer_limit', label: 'Uses per customer', kind: 'number', half: true, initial: 1, description: 'Empty: no limit' },
      dateTimeField('starts_at', 'Valid from', { description: 'Empty: from now' }),
      dateTimeField('ends_at', 'Valid until', { description: 'Empty: no end' }),
      activeStatusField,
      { name: 'for_website', label: 'Valid on website orders', kind: 'switch', initial: true },
      { name: 'for_reseller', label: 'Valid on reseller orders', kind: 'switch', initial: false },
      { name: 'first_order_only', label: 'Only for a customer’s first order', kind: 'switch' },
    ],
  },
});
