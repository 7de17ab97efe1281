import { directorDescriptor, formatMoney } from '@haat/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';
import { ownCompanies } from './own-shared';

/** `/admin/director`, `/add`, `/edit/{id}`: directors of our own companies; their payments on `/admin/director/payment/details/{id}`. */
export default defineResource(directorDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      { key: 'designation', label: 'Designation' },
      { key: 'company_name', label: 'Company' },
      { key: 'phone', label: 'Phone' },
      { key: 'share_percent', label: 'Share', render: (row) => `${row.share_percent}%` },
      {
        own: true,
        key: 'paid',
        label: 'Paid to them',
        align: 'right',
        render: (row) => (
          <Anchor component={Link} to={`/admin/director/payment/details/${row.id}`} fz="sm">
            {formatMoney(row.paid)}
          </Anchor>
        ),
      },
      statusColumn,
    ],
    filters: [{ name: 'company_id', label: 'Company', reference: ownCompanies }, statusFilter],
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Name, designation or phone',
    empty: 'No directors yet. Add the directors of your own companies.',
  },
  form: {
    fields: [
      { name: 'company_id', label: 'Company', kind: 'reference', reference: ownCompanies, required: true, half: true },
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'designation', label: 'Designation', kind: 'text', half: true },
      { name: 'phone', label: 'Phone', kind: 'text', half: true },
      { name: 'national_id', label: 'National ID', kind: 'text', half: true },
      { name: 'share_percent', label: 'Share (%)', kind: 'number', half: true },
      statusField,
    ],
  },
});
