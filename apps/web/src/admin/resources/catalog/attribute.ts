import { attributeDescriptor } from '@haat/contracts';
import { defineResource } from '../types';
import { sortOrderField, statusColumn, statusField, statusFilter } from './shared';

export default defineResource(attributeDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name' },
      { key: 'values', label: 'Values', render: (row) => (row.values as string[]).join(', ') || '—' },
      { key: 'sort_order', label: 'Order', sort: 'sort_order', kind: 'number' },
      statusColumn,
    ],
    filters: [statusFilter],
    defaultSort: 'sort_order',
    bulk: ['publish', 'unpublish', 'delete'],
    empty: 'No attributes yet. Attributes are what products vary by: Size, Colour, Storage…',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, description: 'Size, Colour, Storage…' },
      sortOrderField,
      statusField,
    ],
  },
});
