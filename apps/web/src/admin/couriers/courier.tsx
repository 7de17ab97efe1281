import { COURIER_KIND_LABELS, COURIER_KINDS, type CourierKind, courierDescriptor } from '@haat/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { phrase } from '../../lib/phrases';
import { defineResource } from '../resources/types';

const statusLabels = { on: 'Active', off: 'Not used' };
const providers = COURIER_KINDS.map((kind) => ({ value: kind, label: COURIER_KIND_LABELS[kind] }));
// The menu, lists and forms show declared labels through phrase; what a cell renders is phrased here.

/** `/admin/courier`: the couriers orders are handed to; those with an API are connected at /admin/courier/api. */
export default defineResource(courierDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      {
        key: 'provider',
        label: 'Booking',
        sort: 'provider',
        render: (row) => {
          const provider = row.provider as CourierKind;
          if (provider === 'none') return phrase(COURIER_KIND_LABELS.none);
          return (
            <Stack gap={2}>
              <Text fz="sm">{phrase(COURIER_KIND_LABELS[provider])}</Text>
              <Text fz="xs" c={row.api_connected ? 'green.8' : 'dimmed'} fw={row.api_connected ? 600 : undefined}>
                {row.api_connected ? phrase('Connected') : phrase('Not connected')}
              </Text>
            </Stack>
          );
        },
      },
      { key: 'phone', label: 'Phone', render: (row) => (row.phone ? String(row.phone) : '—') },
      {
        key: 'tracking_url',
        label: 'Tracking link',
        render: (row) => (row.tracking_url ? String(row.tracking_url) : '—'),
      },
      { key: 'status', label: 'Status', kind: 'status', statusLabels },
    ],
    filters: [
      { name: 'provider', label: 'Booking', options: providers },
      {
        name: 'status',
        label: 'Status',
        options: [
          { value: '1', label: 'Active' },
          { value: '0', label: 'Not used' },
        ],
      },
    ],
    defaultSort: 'name',
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Name or phone',
    empty: 'No couriers yet. Add the couriers you hand parcels to; orders name one when they ship.',
    actions: () => (
      <Anchor component={Link} to="/admin/courier/api" fz="sm">
        {phrase('Connect courier APIs')}
      </Anchor>
    ),
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'phone', label: 'Phone', kind: 'text', half: true, description: 'The courier’s hotline, for staff' },
      {
        name: 'provider',
        label: 'Booking',
        kind: 'select',
        options: providers,
        initial: 'none',
        half: true,
        description:
          'With an API connected at Courier API, parcels are booked when an order ships; otherwise staff enter the tracking code.',
      },
      { name: 'status', label: 'Status', kind: 'status', half: true, statusLabels },
      {
        name: 'tracking_url',
        label: 'Tracking link',
        kind: 'text',
        description: 'The courier’s tracking page; {code} stands for the tracking code, e.g. https://steadfast.com.bd/t/{code}',
      },
    ],
  },
});
