import { categoryDescriptor } from '@haat/contracts';
import { defineResource } from '../types';
import { categoryColumns, categoryOwnFields, statusFilter } from './shared';

export default defineResource(categoryDescriptor, {
  list: {
    columns: categoryColumns(),
    filters: [statusFilter],
    defaultSort: 'sort_order',
    bulk: ['publish', 'unpublish', 'delete'],
    import: {
      columns: ['id', 'name', 'name_bn', 'slug', 'image', 'icon', 'sort_order', 'show_on_home', 'status'],
      example: [['', 'Women', 'মহিলা', 'women', '', '', '10', 'true', '1']],
      help: 'A line with a known id or slug (or a name making a known slug) updates that category; the others are added.',
    },
    empty: 'No categories yet. Categories are the first level of the catalogue: Women, Men, Gadgets…',
  },
  form: { fields: categoryOwnFields },
});
