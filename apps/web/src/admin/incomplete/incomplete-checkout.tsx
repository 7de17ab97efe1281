import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  INCOMPLETE_CHANNEL_LABELS,
  INCOMPLETE_CHANNELS,
  INCOMPLETE_STATUS_LABELS,
  INCOMPLETE_STATUSES,
  incompleteCheckoutDescriptor,
} from '@haat/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { defineResource } from '../resources/types';
import { IncompleteStatusBadge, OutcomeText } from './incomplete-ui';

/**
 * `/admin/incomplete/order` (decision 056): what shoppers typed at the checkout (the storefront's or a
 * reseller's shop's) without placing the order, newest change first; by status, the latest call's
 * outcome, where (one reseller's shop) and the day it was started; searched by phone
 * or name; CSV. A row opens the call-back screen.
 */
export default defineResource(incompleteCheckoutDescriptor, {
  list: {
    columns: [
      {
        own: true,
        key: 'customer',
        label: 'Customer',
        render: (row) => (
          <Anchor component={Link} to={`/admin/incomplete/order/${row.id}`} fz="sm" fw={600}>
            {row.name || row.phone}
          </Anchor>
        ),
      },
      { key: 'phone', label: 'Phone' },
      { own: true, key: 'shop', label: 'Where', render: (row) => row.shop_name ?? INCOMPLETE_CHANNEL_LABELS.website },
      { key: 'city_name', label: 'City' },
      { key: 'item_count', label: 'Items', align: 'right' },
      { key: 'subtotal', label: 'Subtotal', sort: 'subtotal', kind: 'money', align: 'right' },
      { own: true, key: 'outcome', label: 'Last call', render: (row) => <OutcomeText outcome={row.last_outcome} calls={row.call_count} /> },
      { key: 'updated_at', label: 'Last change', sort: 'updated_at', render: (row) => formatDateTime(row.updated_at) },
      {
        own: true,
        key: 'status',
        label: 'Status',
        render: (row) =>
          row.order_id ? (
            <Anchor component={Link} to={`/admin/view/order/${row.order_id}`} fz="sm">
              {row.order_number}
            </Anchor>
          ) : (
            <IncompleteStatusBadge status={row.status} />
          ),
      },
    ],
    filters: [
      {
        name: 'status',
        label: 'Status',
        options: INCOMPLETE_STATUSES.map((status) => ({ value: status, label: INCOMPLETE_STATUS_LABELS[status] })),
      },
      {
        name: 'outcome',
        label: 'Last call',
        options: [
          ...CALL_OUTCOMES.map((outcome) => ({ value: outcome, label: CALL_OUTCOME_LABELS[outcome] })),
          { value: 'none', label: 'Not called yet' },
        ],
      },
      {
        name: 'channel',
        label: 'Where',
        options: INCOMPLETE_CHANNELS.map((channel) => ({ value: channel, label: INCOMPLETE_CHANNEL_LABELS[channel] })),
      },
      {
        name: 'reseller_id',
        label: 'Reseller’s shop',
        reference: { api: '/api/admin/resellers', query: 'sort=name', label: (row) => String(row.shop_name || row.name) },
      },
    ],
    dateRange: { from: 'from', to: 'to', label: 'Started' },
    searchPlaceholder: 'Phone or name',
    empty: 'No incomplete orders. When a shopper types a valid phone number at the checkout and leaves, it shows here.',
  },
});
