import {
  ORDER_REPORT_GROUPS,
  ORDER_STATUSES,
  ORDER_TYPES,
  type OrderReportAnswer,
  type OrderReportGroup,
  type OrderReportRow,
  type OrderType,
} from '@haat/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../lib/dates';
import { defineReport } from './report-screen';

/**
 * `/admin/order/report`: orders placed in a range of days, grouped by day, status, type or source, with
 * their counts and money, totals over all, orders per day and a CSV export of the same filters.
 */
export default defineReport<OrderReportAnswer>(({ t, words, money, count, params }) => {
  const group = (ORDER_REPORT_GROUPS as readonly string[]).includes(params.get('group') ?? '')
    ? (params.get('group') as OrderReportGroup)
    : 'date';
  const groupLabels: Record<OrderReportGroup, string> = {
    date: t('reports.date'),
    status: t('reports.status'),
    type: t('reports.type'),
    source: t('reports.source'),
  };
  const keyCell = (row: OrderReportRow) => {
    if (group === 'status') {
      return (
        <Anchor component={Link} to={`/admin/order/process/${row.key}`} fz="sm">
          {words.status(Number(row.key))}
        </Anchor>
      );
    }
    if (group === 'type') return words.type(row.key as OrderType);
    if (group === 'source') return words.source(row.key || null);
    return formatDate(row.key, 'LL');
  };
  return {
    api: '/api/admin/reports/orders',
    title: t('reports.orderReport'),
    tableLabel: t('reports.orderReportBy', { group: groupLabels[group].toLowerCase() }),
    filters: [
      {
        param: 'group',
        label: t('reports.groupBy'),
        initial: 'date',
        options: ORDER_REPORT_GROUPS.map((value) => ({ value, label: groupLabels[value] })),
      },
      {
        param: 'filter[status]',
        label: t('reports.status'),
        placeholder: t('reports.allStatuses'),
        options: Object.keys(ORDER_STATUSES).map((value) => ({ value, label: words.status(Number(value)) })),
      },
      {
        param: 'filter[type]',
        label: t('reports.type'),
        placeholder: t('reports.allTypes'),
        options: ORDER_TYPES.map((value) => ({ value, label: words.type(value) })),
      },
    ],
    cards: [
      { label: t('reports.orders'), value: (answer) => count(answer.totals.orders) },
      { label: t('reports.subtotal'), value: (answer) => money(answer.totals.subtotal) },
      { label: t('reports.deliveryCharge'), value: (answer) => money(answer.totals.delivery_charge) },
      { label: t('reports.discount'), value: (answer) => money(answer.totals.discount) },
      { label: t('reports.total'), value: (answer) => money(answer.totals.total) },
    ],
    chart: { title: t('reports.ordersPerDay'), value: 'orders' },
    columns: [
      { key: 'key', label: groupLabels[group], cell: keyCell },
      { key: 'orders', label: t('reports.orders'), align: 'right', cell: (row) => count(row.orders) },
      { key: 'subtotal', label: t('reports.subtotal'), align: 'right', cell: (row) => money(row.subtotal) },
      { key: 'delivery_charge', label: t('reports.deliveryCharge'), align: 'right', cell: (row) => money(row.delivery_charge) },
      { key: 'discount', label: t('reports.discount'), align: 'right', cell: (row) => money(row.discount) },
      { key: 'total', label: t('reports.total'), align: 'right', cell: (row) => money(row.total) },
    ],
    rowKey: (row) => row.key || 'none',
    totals: ({ totals }) => ({
      cells: {
        orders: count(totals.orders),
        subtotal: money(totals.subtotal),
        delivery_charge: money(totals.delivery_charge),
        discount: money(totals.discount),
        total: money(totals.total),
      },
    }),
  };
});
