import { commentDescriptor } from '@haat/contracts';
import { sortOrderField, statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';
import { ratingField, Stars } from './fields';

const ratings = [5, 4, 3, 2, 1].map((value) => ({ value: String(value), label: value === 1 ? '1 star' : `${value} stars` }));

/** Customer testimonials shown on the storefront (the seed's comments). */
export default defineResource(commentDescriptor, {
  list: {
    columns: [
      { key: 'image', label: 'Photo', kind: 'image' },
      { key: 'name', label: 'Name', sort: 'name', link: true },
      { key: 'location', label: 'From' },
      { key: 'rating', label: 'Rating', sort: 'rating', render: (row) => <Stars value={row.rating} /> },
      { key: 'text', label: 'Words' },
      { key: 'sort_order', label: 'Order', sort: 'sort_order', kind: 'number' },
      statusColumn,
    ],
    filters: [{ name: 'rating', label: 'Rating', options: ratings }, statusFilter],
    defaultSort: 'sort_order',
    bulk: ['publish', 'unpublish', 'delete'],
    empty: 'No comments yet. Happy customers’ words, shown on the storefront’s home page.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'location', label: 'From', kind: 'text', half: true, description: 'e.g. Mirpur, Dhaka' },
      { name: 'text', label: 'What they said', kind: 'textarea', required: true },
      ratingField,
      { name: 'image', label: 'Photo', kind: 'image', folder: 'content', half: true },
      sortOrderField,
      statusField,
    ],
  },
});
