import { orderSourceDescriptor } from '@haat/contracts';
import { statusColumn, statusField, statusFilter } from '../../resources/catalog/shared';
import { defineResource } from '../../resources/types';

/** Where orders come from (`/admin/order/source`): chosen on the staff's order forms, counted in the reports. */
export default defineResource(orderSourceDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      { key: 'sort_order', label: 'Order in lists', sort: 'sort_order', kind: 'number' },
      { key: 'orders_count', label: 'Orders', kind: 'number' },
      { ...statusColumn, statusLabels: { on: 'Offered', off: 'Old orders only' } },
    ],
    filters: [statusFilter],
    defaultSort: 'sort_order',
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Source name',
    empty: 'No order sources yet: add where your orders come from, such as Facebook or WhatsApp.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, description: 'As staff pick it on the order forms, e.g. Facebook' },
      { name: 'sort_order', label: 'Order in lists', kind: 'number', half: true, description: 'Smaller numbers come first' },
      { ...statusField, half: true, statusLabels: { on: 'Offered on the order forms', off: 'Kept for old orders only' } },
    ],
  },
});
