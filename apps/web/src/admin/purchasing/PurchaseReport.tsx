import { PURCHASE_STATUS_LABELS, PURCHASE_STATUSES, type PurchaseReportAnswer, type SupplierView } from '@haat/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { defineReport } from '../reports/report-screen';

/** The suppliers to narrow the report to, by name. */
const loadSuppliers = async () =>
  (await get<{ data: SupplierView[] }>('/api/admin/suppliers?per_page=100&sort=name')).data.map((supplier) => ({
    value: String(supplier.id),
    label: supplier.name,
  }));

/** `/admin/purchase/report`: purchases in a range of days by day, supplier or status, with totals, a chart and CSV. */
export default defineReport<PurchaseReportAnswer>(({ phrase, money, count, params }) => {
  const group = (params.get('group') ?? 'date') as PurchaseReportAnswer['group'];
  const groupLabel = { date: phrase('Date'), supplier: phrase('Supplier'), status: phrase('Status') }[group];
  return {
    api: '/api/admin/reports/purchases',
    title: phrase('Purchase report'),
    filters: [
      {
        param: 'group',
        label: phrase('Group by'),
        initial: 'date',
        options: [
          { value: 'date', label: phrase('Date') },
          { value: 'supplier', label: phrase('Supplier') },
          { value: 'status', label: phrase('Status') },
        ],
      },
      {
        param: 'filter[supplier_id]',
        label: phrase('Supplier'),
        searchable: true,
        options: { key: ['report-filter', 'suppliers'], load: loadSuppliers },
      },
      {
        param: 'filter[status]',
        label: phrase('Status'),
        options: PURCHASE_STATUSES.map((status) => ({ value: status, label: phrase(PURCHASE_STATUS_LABELS[status]) })),
      },
    ],
    cards: [
      { label: phrase('Purchases'), value: (answer) => count(answer.totals.purchases) },
      { label: phrase('Total'), value: (answer) => money(answer.totals.total) },
      { label: phrase('Received'), value: (answer) => money(answer.totals.received_value) },
      { label: phrase('Paid'), value: (answer) => money(answer.totals.paid) },
      { label: phrase('Due'), value: (answer) => money(answer.totals.due) },
    ],
    chart: { title: phrase('Purchases per day'), value: 'amount' },
    columns: [
      {
        key: 'label',
        label: groupLabel,
        cell: (row) =>
          group === 'supplier' ? (
            <Anchor component={Link} to={`/admin/supplier/${row.key}/amount`} fz="sm">
              {row.label}
            </Anchor>
          ) : group === 'status' ? (
            phrase(row.label)
          ) : (
            row.label
          ),
      },
      { key: 'purchases', label: phrase('Purchases'), align: 'right', cell: (row) => count(row.purchases) },
      { key: 'units', label: phrase('Units'), align: 'right', cell: (row) => count(row.units) },
      { key: 'total', label: phrase('Total'), align: 'right', cell: (row) => money(row.total) },
      { key: 'received', label: phrase('Received'), align: 'right', cell: (row) => money(row.received_value) },
      { key: 'returned', label: phrase('Returned'), align: 'right', cell: (row) => money(row.returned_value) },
      { key: 'credited', label: phrase('Credited'), align: 'right', cell: (row) => money(row.credited_value) },
      { key: 'paid', label: phrase('Paid'), align: 'right', cell: (row) => money(row.paid) },
      { key: 'due', label: phrase('Due'), align: 'right', cell: (row) => money(row.due) },
    ],
    rowKey: (row) => row.key,
    totals: ({ totals }) => ({
      cells: {
        purchases: count(totals.purchases),
        units: count(totals.units),
        total: money(totals.total),
        received: money(totals.received_value),
        returned: money(totals.returned_value),
        credited: money(totals.credited_value),
        paid: money(totals.paid),
        due: money(totals.due),
      },
    }),
  };
});
