import { categoryDescriptor } from '@haat/contracts';
import { defineResource } from '../types';
import { categoryColumns, categoryOwnFields, statusFilter } from './shared';

export default defineResource(categoryDescriptor, {
  list: {
    columns: categoryColumns(),
    filters: [statusFilter],
    defaultSort: 'sort_order',
    bulk: ['publish', 'unpublish', 'delete'],
    empty: 'No categories yet. Categories are the first level of the catalogue: Women, Men, Gadgets…',
  },
  form: { fields: categoryOwnFields },
});
