import { subSubcategoryDescriptor } from '@haat/contracts';
import { defineResource } from '../types';
import { categoryColumns, categoryFields, statusFilter } from './shared';

const parent = {
  api: '/api/admin/subcategories',
  query: 'sort=name',
  label: (row: Record<string, unknown>) => `${row.parent_name} › ${row.name}`,
};

export default defineResource(subSubcategoryDescriptor, {
  list: {
    columns: categoryColumns('Subcategory'),
    filters: [{ name: 'parent_id', label: 'Subcategory', reference: parent }, statusFilter],
    defaultSort: 'sort_order',
    bulk: ['publish', 'unpublish', 'delete'],
    empty: 'No sub-subcategories yet: the third level of the catalogue, like Chargers under Mobile accessories.',
  },
  form: { fields: categoryFields({ name: 'parent_id', label: 'Subcategory', kind: 'reference', reference: parent, required: true }) },
});
