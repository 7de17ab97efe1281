import type { Permission } from '@haat/contracts';
import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../useAdmin';
import type { Column, ListFilterField } from '../types';

export const yesNoFilter = (name: string, label: string): ListFilterField => ({
  name,
  label,
  options: [
    { value: 'true', label: 'Yes' },
    { value: 'false', label: 'No' },
  ],
});

/** A Bengali name, marked as Bengali for screen readers and fonts. */
export const bengaliColumn = (key = 'name_bn', label = 'Bengali name'): Column => ({
  key,
  label,
  render: (row) => (row[key] ? <span lang="bn">{String(row[key])}</span> : '—'),
});

/**
 * The list's Edit link for staff whose permission is not `<thing>.update` (delivery.charge.manage,
 * review.moderate…): the generated link shows only for `<thing>.update`, which such a resource
 * lacks; super admins see the generated one, so this one hides for them.
 */
export function ManageLink({ to, label, permission, generic }: { to: string; label: string; permission: Permission; generic: string }) {
  const can = useCan();
  if (!can(permission) || can(generic as Permission)) return null;
  return (
    <Anchor component={Link} to={to} fz="sm" aria-label={label}>
      Edit
    </Anchor>
  );
}

/** The list's Add button for the same staff (see ManageLink). */
export function ManageAddButton({
  to,
  label,
  permission,
  generic,
}: {
  to: string;
  label: string;
  permission: Permission;
  generic: string;
}) {
  const can = useCan();
  if (!can(permission) || can(generic as Permission)) return null;
  return (
    <Button component={Link} to={to}>
      {label}
    </Button>
  );
}
