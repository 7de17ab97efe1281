import { subcategoryDescriptor } from '@haat/contracts';
import { defineResource } from '../types';
import { categoryColumns, categoryFields, statusFilter } from './shared';

const parent = { api: '/api/admin/categories', query: 'sort=name' };

export default defineResource(subcategoryDescriptor, {
  list: {
    columns: categoryColumns('Category'),
    filters: [{ name: 'parent_id', label: 'Category', reference: parent }, statusFilter],
    defaultSort: 'sort_order',
    bulk: ['publish', 'unpublish', 'delete'],
    empty: 'No subcategories yet. A subcategory sits under a category, like Kurti under Women.',
  },
  form: { fields: categoryFields({ name: 'parent_id', label: 'Category', kind: 'reference', reference: parent, required: true }) },
});
