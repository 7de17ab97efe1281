import { variantDescriptor } from '@haat/contracts';
import { ColorSwatch, Group } from '@mantine/core';
import { defineResource } from '../types';
import { sortOrderField } from './shared';

const attribute = { api: '/api/admin/attributes', query: 'sort=name' };

/** The seed's variants: the values an attribute takes (M, XL, Red…). */
export default defineResource(variantDescriptor, {
  list: {
    columns: [
      { key: 'attribute_name', label: 'Attribute' },
      {
        key: 'value',
        label: 'Value',
        sort: 'value',
        render: (row) => (
          <Group gap="xs" wrap="nowrap">
            {row.color_hex ? <ColorSwatch color={String(row.color_hex)} size={16} aria-hidden /> : null}
            {String(row.value)}
          </Group>
        ),
      },
      { key: 'sort_order', label: 'Order', sort: 'sort_order', kind: 'number' },
    ],
    filters: [{ name: 'attribute_id', label: 'Attribute', reference: attribute }],
    defaultSort: 'sort_order',
    bulk: ['delete'],
    empty: 'No variants yet. Add the values of an attribute: S, M, L for Size; Red, Blue for Colour.',
  },
  form: {
    fields: [
      { name: 'attribute_id', label: 'Attribute', kind: 'reference', reference: attribute, required: true },
      { name: 'value', label: 'Value', kind: 'text', required: true, half: true },
      { name: 'color_hex', label: 'Colour', kind: 'color', description: 'For colours: the swatch shoppers see', half: true },
      sortOrderField,
    ],
  },
});
