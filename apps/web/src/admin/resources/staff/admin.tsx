import { adminDescriptor } from '@haat/contracts';
import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { phrase } from '../../../lib/phrases';
import { defineResource } from '../types';
import { AdminPasswordField } from './AdminPasswordField';
import { PermissionsField } from './PermissionsField';
import { RolesField } from './RolesField';

export default defineResource(adminDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      { key: 'email', label: 'Email', sort: 'email' },
      { key: 'phone', label: 'Phone' },
      {
        key: 'roles',
        label: 'Roles',
        render: (row) => (row.is_super ? <Badge color="navy">{phrase('Super admin')}</Badge> : String(row.roles || '—')),
      },
      { key: 'status', label: 'Status', kind: 'status', statusLabels: { on: 'Active', off: 'Deactivated' } },
      {
        own: true,
        key: 'access',
        label: 'Access',
        render: (row) => (
          <Group gap="xs" wrap="nowrap">
            <Anchor component={Link} to={`/admin/assign/role/admin/${row.id}`} fz="sm">
              {phrase('Roles')}
            </Anchor>
            <Anchor component={Link} to={`/admin/assign/admin/permission/${row.id}`} fz="sm">
              {phrase('Permissions')}
            </Anchor>
            <Anchor component={Link} to={`/admin/admin/password/reset/${row.id}`} fz="sm">
              {phrase('Password')}
            </Anchor>
          </Group>
        ),
      },
    ],
    filters: [
      {
        name: 'status',
        label: 'Status',
        options: [
          { value: '1', label: 'Active' },
          { value: '0', label: 'Deactivated' },
        ],
      },
      { name: 'role_id', label: 'Role', reference: { api: '/api/admin/roles', query: 'sort=name' } },
    ],
    empty: 'Only you so far. Add staff and give them roles.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'email', label: 'Email', kind: 'text', required: true, half: true },
      { name: 'phone', label: 'Phone', kind: 'text', half: true },
      { name: 'status', label: 'Status', kind: 'status', half: true, statusLabels: { on: 'Active', off: 'Deactivated' } },
      {
        name: 'password',
        label: 'Password',
        kind: 'custom',
        component: AdminPasswordField,
        initial: '',
        half: true,
        description: 'At least 8 characters.',
      },
      {
        name: 'password_confirmation',
        label: 'Repeat the password',
        kind: 'custom',
        component: AdminPasswordField,
        initial: '',
        half: true,
      },
      { name: 'role_ids', label: 'Roles', kind: 'custom', component: RolesField, initial: [] },
      { name: 'is_super', label: 'Super admin (every permission)', kind: 'switch' },
      {
        name: 'permissions',
        label: 'Permissions of their own, besides their roles',
        kind: 'custom',
        component: PermissionsField,
        initial: [],
      },
    ],
  },
});
