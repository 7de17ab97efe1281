import { BANNER_POSITION_LABELS, BANNER_POSITIONS, bannerDescriptor } from '@haat/contracts';
import { phrase } from '../../../lib/phrases';
import { defineResource } from '../types';
import { sortOrderField, statusColumn, statusField, statusFilter } from './shared';

const positions = BANNER_POSITIONS.map((value) => ({ value, label: BANNER_POSITION_LABELS[value] }));

export default defineResource(bannerDescriptor, {
  list: {
    columns: [
      { key: 'image', label: 'Image', kind: 'image' },
      { key: 'title', label: 'Title', sort: 'title' },
      {
        key: 'position',
        label: 'Shown on',
        sort: 'position',
        render: (row) => phrase(BANNER_POSITION_LABELS[row.position as keyof typeof BANNER_POSITION_LABELS] ?? String(row.position)),
      },
      { key: 'link', label: 'Link' },
      { key: 'sort_order', label: 'Order', sort: 'sort_order', kind: 'number' },
      statusColumn,
    ],
    filters: [{ name: 'position', label: 'Shown on', options: positions }, statusFilter],
    defaultSort: 'sort_order',
    bulk: ['publish', 'unpublish', 'delete'],
    empty: 'No banners yet. Banners advertise offers on the home page and category pages.',
  },
  form: {
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      { name: 'image', label: 'Image', kind: 'image', folder: 'banners', required: true },
      { name: 'position', label: 'Shown on', kind: 'select', options: positions, required: true, half: true },
      { name: 'link', label: 'Link', kind: 'text', description: 'Where a click goes: /category/women or https://…', half: true },
      sortOrderField,
      statusField,
    ],
  },
});
