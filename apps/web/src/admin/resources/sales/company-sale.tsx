import { COMPANY_SALE_STATUS_LABELS, COMPANY_SALE_STATUSES, companySaleDescriptor } from '@haat/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { SaleStatusBadge } from '../../sales/SaleStatusBadge';
import { defineResource } from '../types';

/**
 * `/admin/sale/company` (decision 039): company sales newest first, by buyer, status and dates, with
 * their total, paid and due over every sale the filters keep; a sale is made on its own form.
 */
export default defineResource(companySaleDescriptor, {
  list: {
    columns: [
      {
        own: true,
        key: 'number',
        label: 'Sale',
        render: (row) => (
          <Anchor component={Link} to={`/admin/sale/view/${row.id}`} fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {row.number}
          </Anchor>
        ),
      },
      { key: 'sold_at', label: 'Date', sort: 'sold_at', render: (row) => formatDateTime(row.sold_at) },
      {
        key: 'buyer_name',
        label: 'Buyer',
        render: (row) => (
          <Anchor
            component={Link}
            fz="sm"
            to={
              row.buyer_type === 'company'
                ? `/admin/company/sale/details/${row.buyer_id}`
                : `/admin/supplier/purchase/from/us/${row.buyer_id}`
            }
          >
            {row.buyer_name}
          </Anchor>
        ),
      },
      { key: 'total', label: 'Total', sort: 'total', kind: 'money', align: 'right' },
      { key: 'paid', label: 'Paid', kind: 'money', align: 'right' },
      { key: 'due', label: 'Due', kind: 'money', align: 'right' },
      { key: 'due_date', label: 'Due date' },
      { own: true, key: 'status', label: 'Status', render: (row) => <SaleStatusBadge status={row.status} /> },
    ],
    totals: [
      { key: 'total', label: 'Total', kind: 'money' },
      { key: 'paid', label: 'Paid', kind: 'money' },
      { key: 'due', label: 'Due', kind: 'money' },
    ],
    filters: [
      { name: 'company_id', label: 'Company', reference: { api: '/api/admin/companies', query: 'filter[kind]=buyer&sort=name' } },
      { name: 'supplier_id', label: 'Supplier', reference: { api: '/api/admin/suppliers', query: 'sort=name' } },
      {
        name: 'status',
        label: 'Status',
        options: COMPANY_SALE_STATUSES.map((status) => ({ value: status, label: COMPANY_SALE_STATUS_LABELS[status] })),
      },
    ],
    dateRange: { from: 'from', to: 'to', label: 'Dates' },
    searchPlaceholder: 'Number or note',
    empty: 'No company sales yet. Sell to a company or a supplier on credit and its due shows here.',
  },
});
