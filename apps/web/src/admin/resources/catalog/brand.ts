import { brandDescriptor } from '@haat/contracts';
import { defineResource } from '../types';
import { slugField, sortOrderField, statusColumn, statusField, statusFilter } from './shared';

export default defineResource(brandDescriptor, {
  list: {
    columns: [
      { key: 'logo', label: 'Logo', kind: 'image' },
      { key: 'name', label: 'Name', sort: 'name' },
      { key: 'slug', label: 'Slug' },
      { key: 'sort_order', label: 'Order', sort: 'sort_order', kind: 'number' },
      statusColumn,
    ],
    filters: [statusFilter],
    defaultSort: 'name',
    bulk: ['publish', 'unpublish', 'delete'],
    empty: 'No brands yet.',
    import: {
      columns: ['id', 'name', 'slug', 'logo', 'sort_order', 'status'],
      example: [['', 'Deshi Threads', '', '', '10', '1']],
      help: 'A line with a known id or slug (or a name making a known slug) updates that brand; the others are added.',
    },
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      slugField,
      { name: 'logo', label: 'Logo', kind: 'image', folder: 'brands' },
      sortOrderField,
      statusField,
    ],
  },
});
