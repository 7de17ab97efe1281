import { sliderDescriptor } from '@haat/contracts';
import { defineResource } from '../types';
import { sortOrderField, statusColumn, statusField, statusFilter } from './shared';

export default defineResource(sliderDescriptor, {
  list: {
    columns: [
      { key: 'image', label: 'Image', kind: 'image' },
      { key: 'title', label: 'Title', sort: 'title' },
      { key: 'subtitle', label: 'Subtitle' },
      { key: 'sort_order', label: 'Order', sort: 'sort_order', kind: 'number' },
      statusColumn,
    ],
    filters: [statusFilter],
    defaultSort: 'sort_order',
    bulk: ['publish', 'unpublish', 'delete'],
    empty: 'No sliders yet. Sliders rotate at the top of the home page every 5 seconds.',
  },
  form: {
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      { name: 'subtitle', label: 'Subtitle', kind: 'text' },
      {
        name: 'image',
        label: 'Image',
        kind: 'image',
        folder: 'sliders',
        required: true,
        description: 'Wide images work best, e.g. 1920 × 700.',
      },
      { name: 'link', label: 'Link', kind: 'text' },
      sortOrderField,
      statusField,
    ],
  },
});
