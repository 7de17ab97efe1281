import { PERMISSION_GROUPS, type Permission } from '@haat/contracts';
import { Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { usePhrase } from '../../lib/phrases';
import { sessionQueries } from '../../lib/session';
import { permissionLabel } from '../resources/staff/permission-words';
import { ANY_STAFF, mayOpen, PUBLIC, type RouteAccess } from './route-access';

/**
 * The one screen a staff member sees on a page they may not open, in place of the page (so none of
 * its lists, buttons or data calls): what is missing in words, and who can give it.
 */
export function NoAccess({ access, inShell = true }: { access: RouteAccess | undefined; inShell?: boolean }) {
  const phrase = usePhrase();
  const permission = access && access !== ANY_STAFF && access !== PUBLIC ? access : null;
  const group = permission ? PERMISSION_GROUPS.find((each) => (each.permissions as readonly Permission[]).includes(permission)) : undefined;
  const body = (
    <Container size="sm" py="xl" data-testid="no-access">
      <Card withBorder padding="xl">
        <Stack gap="sm">
          <Title order={1} fz="h2">
            {phrase("You don't have access to this page")}
          </Title>
          {permission ? (
            <Text>
              {phrase('Ask a super admin or the person who manages staff to give you the “{{permission}}” permission.', {
                permission: phrase(permissionLabel(permission)),
              })}
            </Text>
          ) : (
            <Text>{phrase('Only a super admin can open this page. Ask one if you need it.')}</Text>
          )}
          {group && (
            <Text c="dimmed" fz="sm">
              {phrase('They will find it in the role form, under “{{group}}”.', { group: phrase(group.label) })}
            </Text>
          )}
          <div>
            <Button component={Link} to="/admin/dashboard" variant="default">
              {phrase('Go to the dashboard')}
            </Button>
          </div>
        </Stack>
      </Card>
    </Container>
  );
  return inShell ? body : <main id="main">{body}</main>;
}

/**
 * A screen behind its access: rendered only for someone who may open it. The session is the one the
 * shell's loader fetched; without one (a print sheet opened signed out) the screen answers itself.
 */
export function guardScreen(Screen: ComponentType, access: RouteAccess | undefined, inShell: boolean): ComponentType {
  // Open screens need no check (the shell's loader already asks for a session where one is needed).
  if (access === PUBLIC || access === ANY_STAFF) return Screen;
  function Guarded() {
    // The shell keeps the session fresh; opening a screen need not ask for it again.
    const { data, isPending } = useQuery({ ...sessionQueries.admin, staleTime: Number.POSITIVE_INFINITY });
    if (isPending) return null;
    if (data?.admin && !mayOpen(data.admin.permissions, access)) return <NoAccess access={access} inShell={inShell} />;
    return <Screen />;
  }
  Guarded.displayName = `Guarded(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  return Guarded;
}
