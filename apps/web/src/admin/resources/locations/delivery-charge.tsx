import { type DeliveryChargeScope, deliveryChargeDescriptor } from '@haat/contracts';
import { Badge, Text } from '@mantine/core';
import i18next from 'i18next';
import { formatNumber } from '../../../lib/numbers';
import { phrase } from '../../../lib/phrases';
import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';

const SCOPE_LABELS: Record<DeliveryChargeScope, string> = {
  inside_main_city: 'Default inside',
  outside_main_city: 'Default outside',
  city: 'City',
  sub_city: 'Sub city',
};
const city = { api: '/api/admin/cities', query: 'sort=name' };
const subCity = {
  api: '/api/admin/sub-cities',
  query: 'sort=name',
  label: (row: Record<string, unknown>) => `${row.name} (${row.city_name})`,
};
/** As in the registry. */
const _EDIT = '/admin/edit/delivery/charge/:id';

/** The delivery-charge table: the two defaults, then a charge per city or sub city where it differs. */
export default defineResource(deliveryChargeDescriptor, {
  list: {
    columns: [
      {
        key: 'applies_to',
        label: 'Applies to',
        link: true,
        render: (row) => (
          <>
            {String(row.applies_to)}
            {row.sub_city_name_bn || row.city_name_bn ? (
              <Text component="span" c="dimmed" fz="xs" lang="bn">
                {' '}
                {String(row.sub_city_name_bn ?? row.city_name_bn)}
              </Text>
            ) : null}
          </>
        ),
      },
      {
        key: 'scope',
        label: 'Kind',
        sort: 'scope',
        render: (row) => (
          <Badge variant="filled" style={{ minWidth: 'max-content' }} color={row.is_default ? 'indigo.9' : 'gray.7'}>
            {row.is_default ? phrase('Default') : phrase(SCOPE_LABELS[row.scope as DeliveryChargeScope])}
          </Badge>
        ),
      },
      { key: 'charge', label: 'Charge', sort: 'charge', kind: 'money' },
      { key: 'effective_extra_per_kg', label: 'Per extra kg', kind: 'money' },
      {
        key: 'effective_weight_threshold_grams',
        label: 'Extra over',
        render: (row) =>
          row.effective_weight_threshold_grams === null
            ? '—'
            : phrase('{{n}} kg', { n: formatNumber(Number(row.effective_weight_threshold_grams) / 1000, i18next.language) }),
      },
      { key: 'note', label: 'Note' },
      statusColumn,
    ],
    filters: [
      { name: 'scope', label: 'Kind', options: Object.entries(SCOPE_LABELS).map(([value, label]) => ({ value, label })) },
      { name: 'city_id', label: 'City', reference: city },
      statusFilter,
    ],
    defaultSort: 'id',
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'City or sub city, English or Bengali',
    empty: 'Only the defaults apply. Add a charge for a city or a sub city that costs more or less.',
  },
  form: {
    fields: [
      {
        name: 'city_id',
        label: 'City',
        kind: 'reference',
        reference: city,
        half: true,
        description: 'Every sub city of this city without its own charge. Leave empty for the defaults.',
      },
      {
        name: 'sub_city_id',
        label: 'Sub city',
        kind: 'reference',
        reference: subCity,
        half: true,
        description: 'Only this area; its city is filled in for you.',
      },
      { name: 'charge', label: 'Charge', kind: 'money', required: true, half: true },
      { name: 'note', label: 'Note', kind: 'text', half: true, description: 'For staff, e.g. "Dhaka suburbs"' },
      {
        name: 'extra_per_kg',
        label: 'Extra per kg',
        kind: 'money',
        half: true,
        description: 'For every started kilogram over the weight below. Empty: the default’s.',
      },
      {
        name: 'weight_threshold_grams',
        label: 'Extra charged over (grams)',
        kind: 'number',
        half: true,
        description: 'e.g. 1000 for 1 kg. Empty: the default’s.',
        initial: null,
      },
      statusField,
    ],
  },
});
