import type { customerDescriptor } from '@haat/contracts';
import { Badge } from '@mantine/core';
import { formatDate, formatDateTime } from '../../lib/dates';
import { phrase } from '../../lib/phrases';
import { defineListResource } from '../resources/list-resource';
import type { ResourceDefinition } from '../resources/types';
import { MoneyCell } from './MoneyCell';

/**
 * `/admin/customer/list` and `/admin/user/list`: shoppers with their orders and what was delivered
 * to them, searchable, sortable and exportable; read-only (customers are made by orders and sign-ups).
 */
export function peopleList(descriptor: typeof customerDescriptor, empty: string): ResourceDefinition {
  return defineListResource(descriptor, {
    columns: [
      {
        key: 'name',
        label: 'Name',
        sort: 'name',
        render: (row) => (
          <>
            {String(row.name)}
            {row.status === 'blocked' && (
              <Badge ml="xs" color="red" variant="light" size="sm">
                {phrase('Blocked')}
              </Badge>
            )}
          </>
        ),
      },
      { key: 'phone', label: 'Phone', render: (row) => String(row.phone || '—') },
      { key: 'email', label: 'Email', render: (row) => String(row.email || '—') },
      { key: 'has_account', label: 'Account', render: (row) => (row.has_account ? phrase('Signed up') : phrase('Guest')) },
      { key: 'orders_count', label: 'Orders', kind: 'number' },
      { key: 'delivered_total', label: 'Delivered', render: (row) => <MoneyCell paisa={Number(row.delivered_total ?? 0)} /> },
      {
        key: 'last_order_at',
        label: 'Last order',
        render: (row) => (row.last_order_at ? formatDateTime(String(row.last_order_at)) : '—'),
      },
      { key: 'created_at', label: 'Since', sort: 'created_at', render: (row) => formatDate(String(row.created_at)) },
    ],
    filters: [
      {
        name: 'status',
        label: 'Status',
        options: [
          { value: 'active', label: 'Active' },
          { value: 'blocked', label: 'Blocked' },
        ],
      },
    ],
    defaultSort: '-created_at',
    searchPlaceholder: 'Name, phone or email',
    empty,
  });
}
