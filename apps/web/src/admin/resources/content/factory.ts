import { factoryDescriptor } from '@haat/contracts';
import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';

/** Factories that make goods for the shop. */
export default defineResource(factoryDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      { key: 'contact_person', label: 'Contact person' },
      { key: 'phone', label: 'Phone' },
      { key: 'address', label: 'Address' },
      statusColumn,
    ],
    filters: [statusFilter],
    defaultSort: 'name',
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Name, person, phone or address',
    empty: 'No factories yet: the tailors, knitters and printers who make your goods.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'contact_person', label: 'Contact person', kind: 'text', half: true },
      { name: 'phone', label: 'Phone', kind: 'text', half: true, description: 'A mobile number like 01712345678' },
      { name: 'address', label: 'Address', kind: 'textarea' },
      { name: 'notes', label: 'Notes', kind: 'textarea', description: 'What they make, minimum orders, lead times, payment terms' },
      { ...statusField, statusLabels: { on: 'Working with them', off: 'Not now' } },
    ],
  },
});
