import { categoryInput } from '@haat/contracts';
import { defineResource } from '../types';
import { categoryColumns, categoryFields, statusFilter } from './shared';

export default defineResource({
  api: '/api/admin/categories',
  contract: categoryInput,
  list: {
    columns: categoryColumns(),
    filters: [statusFilter],
    defaultSort: 'sort_order',
    bulk: ['publish', 'unpublish', 'delete'],
    empty: 'No categories yet. Categories are the first level of the catalogue: Women, Men, Gadgets…',
  },
  form: { fields: categoryFields() },
});
