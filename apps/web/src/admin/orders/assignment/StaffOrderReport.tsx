import type { StaffOrderReportAnswer } from '@haat/contracts';
import { defineReport } from '../../reports/report-screen';

/**
 * `/admin/report/order/staff`: per staff member, the orders placed in a range of days that are with them —
 * handled, confirmed, cancelled, delivered, returned — the delivered ratio and the average time from
 * placement to confirmation (decision 057).
 */
export default defineReport<StaffOrderReportAnswer>(({ phrase, count, duration }) => {
  const ratio = (value: number | null) => (value === null ? '—' : `${count(Math.round(value * 1000) / 10)}%`);
  return {
    api: '/api/admin/reports/order-staff',
    title: phrase('Orders per staff member'),
    cards: [
      { label: phrase('Orders handled'), value: (answer) => count(answer.totals.handled) },
      { label: phrase('Confirmed'), value: (answer) => count(answer.totals.confirmed) },
      { label: phrase('Delivered'), value: (answer) => count(answer.totals.delivered) },
      { label: phrase('Delivered ratio'), value: (answer) => ratio(answer.totals.delivered_ratio) },
      { label: phrase('Average time to confirm'), value: (answer) => duration(answer.totals.average_confirm_minutes) },
    ],
    chart: { title: phrase('Orders assigned per day'), value: 'orders' },
    columns: [
      { key: 'staff', label: phrase('Staff member'), cell: (row) => (row.admin_id === null ? phrase('Unassigned') : row.admin_name) },
      { key: 'handled', label: phrase('Handled'), align: 'right', cell: (row) => count(row.handled) },
      { key: 'confirmed', label: phrase('Confirmed'), align: 'right', cell: (row) => count(row.confirmed) },
      { key: 'cancelled', label: phrase('Cancelled'), align: 'right', cell: (row) => count(row.cancelled) },
      { key: 'delivered', label: phrase('Delivered'), align: 'right', cell: (row) => count(row.delivered) },
      { key: 'returned', label: phrase('Returned'), align: 'right', cell: (row) => count(row.returned) },
      { key: 'ratio', label: phrase('Delivered ratio'), align: 'right', cell: (row) => ratio(row.delivered_ratio) },
      {
        key: 'confirm',
        label: phrase('Average time to confirm'),
        align: 'right',
        cell: (row) => duration(row.average_confirm_minutes),
      },
    ],
    rowKey: (row) => String(row.admin_id ?? 'none'),
    totals: (answer) => ({
      cells: {
        handled: count(answer.totals.handled),
        confirmed: count(answer.totals.confirmed),
        cancelled: count(answer.totals.cancelled),
        delivered: count(answer.totals.delivered),
        returned: count(answer.totals.returned),
        ratio: ratio(answer.totals.delivered_ratio),
        confirm: duration(answer.totals.average_confirm_minutes),
      },
    }),
    note: phrase(
      'Orders placed in the range, counted for the staff member they are with now, by their status now. Delivered ratio: delivered ÷ (delivered + returned). Time to confirm: from placing to the first move to confirmed.',
    ),
  };
});
