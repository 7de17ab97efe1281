import type { SupplierReportAnswer } from '@haat/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { defineReport } from '../reports/report-screen';

/** `/admin/supplier/report`: per supplier, what was owed at the start of a range, received, returned, credited, paid, and owed at its end. */
export default defineReport<SupplierReportAnswer>(({ phrase, money, count }) => ({
  api: '/api/admin/reports/suppliers',
  title: phrase('Supplier report'),
  filters: [
    {
      param: 'filter[kind]',
      label: phrase('Kind'),
      options: [
        { value: 'goods', label: phrase('Goods') },
        { value: 'fabric', label: phrase('Fabric') },
      ],
    },
    { param: 'filter[with_due]', label: phrase('Due'), options: [{ value: 'true', label: phrase('Still to pay') }] },
  ],
  cards: [
    { label: phrase('Suppliers'), value: (answer) => count(answer.totals.suppliers) },
    { label: phrase('Goods received'), value: (answer) => money(answer.totals.purchases) },
    { label: phrase('Returned'), value: (answer) => money(answer.totals.returns) },
    { label: phrase('Credit notes'), value: (answer) => money(answer.totals.credits) },
    { label: phrase('Paid'), value: (answer) => money(answer.totals.payments) },
    { label: phrase('Due at end'), value: (answer) => money(answer.totals.closing) },
  ],
  chart: { title: phrase('Goods received per day'), value: 'amount' },
  columns: [
    {
      key: 'name',
      label: phrase('Supplier'),
      cell: (row) => (
        <Anchor component={Link} to={`/admin/supplier/${row.supplier_id}/amount`} fz="sm">
          {row.name}
        </Anchor>
      ),
    },
    { key: 'kind', label: phrase('Kind'), cell: (row) => phrase(row.kind === 'fabric' ? 'Fabric' : 'Goods') },
    { key: 'opening', label: phrase('Due at start'), align: 'right', cell: (row) => money(row.opening) },
    { key: 'purchases', label: phrase('Goods received'), align: 'right', cell: (row) => money(row.purchases) },
    { key: 'returns', label: phrase('Returned'), align: 'right', cell: (row) => money(row.returns) },
    { key: 'credits', label: phrase('Credit notes'), align: 'right', cell: (row) => money(row.credits) },
    { key: 'payments', label: phrase('Paid'), align: 'right', cell: (row) => money(row.payments) },
    { key: 'closing', label: phrase('Due at end'), align: 'right', cell: (row) => money(row.closing) },
  ],
  rowKey: (row) => String(row.supplier_id),
  totals: ({ totals }) => ({
    cells: {
      opening: money(totals.opening),
      purchases: money(totals.purchases),
      returns: money(totals.returns),
      credits: money(totals.credits),
      payments: money(totals.payments),
      closing: money(totals.closing),
    },
  }),
}));
