import { roleDescriptor } from '@haat/contracts';
import i18next from 'i18next';
import { formatNumber } from '../../../lib/numbers';
import { defineResource } from '../types';
import { PermissionsField } from './PermissionsField';

export default defineResource(roleDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Role', sort: 'name', link: true },
      { key: 'description', label: 'What it is for' },
      {
        key: 'permissions',
        label: 'Permissions',
        align: 'right',
        render: (row) => formatNumber((row.permissions as string[]).length, i18next.language),
      },
      { key: 'admins_count', label: 'Admins', kind: 'number' },
    ],
    bulk: ['delete'],
    empty: 'No roles yet. A role is a set of permissions, like "Order manager", given to staff.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Role name', kind: 'text', required: true, half: true },
      { name: 'description', label: 'What it is for', kind: 'text', half: true },
      {
        name: 'permissions',
        label: 'Permissions',
        kind: 'custom',
        component: PermissionsField,
        initial: [],
        description: 'You can only give permissions you hold yourself.',
      },
    ],
  },
});
