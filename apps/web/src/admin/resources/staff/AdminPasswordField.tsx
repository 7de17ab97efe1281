import { Anchor, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { usePhrase } from '../../../lib/phrases';
import { useAdmin } from '../../useAdmin';
import type { FieldProps } from '../types';
import { PasswordField } from './PasswordField';

/**
 * The admin form's password fields: a new admin is given one here; an existing admin's password
 * changes only on its own screen (the API refuses it on an edit, decision 026), so the edit form
 * links there instead.
 */
export function AdminPasswordField(props: FieldProps) {
  const { adminId } = useParams();
  const me = useAdmin();
  const phrase = usePhrase();
  if (!adminId) return <PasswordField {...props} />;
  if (props.field.name !== 'password') return null;
  const own = String(me.id) === adminId;
  return (
    <Text size="sm" c="dimmed">
      {phrase('The password is changed on its own screen:')}{' '}
      <Anchor component={Link} to={own ? `/admin/admin/password/${adminId}` : `/admin/admin/password/reset/${adminId}`} fz="sm">
        {own ? phrase('Change your password') : phrase("Reset this admin's password")}
      </Anchor>
    </Text>
  );
}
