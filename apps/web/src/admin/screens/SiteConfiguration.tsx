import { hasPermission } from '@haat/contracts';
import { Anchor, Badge, Card, Container, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { loadChunk } from '../../lib/lazy';
import { usePhrase } from '../../lib/phrases';
import { sessionQueries } from '../../lib/session';
import { siteQueries } from '../../lib/site';
import { permissionLabel } from '../resources/staff/permission-words';

// Only a signed-in admin who may change the switches loads the form's code.
const SettingsForm = lazy(() =>
  loadChunk('settings', () => import('../settings/SettingsForm')).then((module) => ({
    default: () => <module.SettingsForm group="configuration" canEdit />,
  })),
);

/**
 * `/admin/site/configuration` is open without sign-in (seed §6): anyone reads the shop's switches;
 * a signed-in admin with setting.update changes them here.
 */
export default function SiteConfiguration() {
  const session = useQuery({ ...sessionQueries.admin, retry: false });
  const admin = session.data?.admin;
  const canEdit = Boolean(admin && hasPermission(admin.permissions, 'setting.update'));
  const phrase = usePhrase();
  return (
    <main id="main">
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1}>{phrase('Site configuration')}</Title>
          {session.isPending ? <Skeleton h={240} radius="md" /> : canEdit ? <Editor /> : <ReadOnly signedIn={Boolean(admin)} />}
        </Stack>
      </Container>
    </main>
  );
}

function Editor() {
  const phrase = usePhrase();
  return (
    <>
      <Text c="dimmed">{phrase('Switches for the whole shop. Anyone can read this page; only you can change it.')}</Text>
      <Suspense fallback={<Skeleton h={320} radius="md" />}>
        <SettingsForm />
      </Suspense>
      <Text fz="sm">
        <Anchor component={Link} to="/admin/dashboard">
          {phrase('Back to the back office')}
        </Anchor>
      </Text>
    </>
  );
}

function ReadOnly({ signedIn }: { signedIn: boolean }) {
  const { data, error } = useQuery(siteQueries.configuration);
  const phrase = usePhrase();
  const rows: [string, string | boolean][] = data
    ? [
        ['Storefront open', data.storefront_enabled],
        ['Taking orders', data.orders_enabled],
        ['Reseller sign-up open', data.reseller_signup_enabled],
        ['Maintenance message', data.maintenance_message || '—'],
        ['Production host', data.production_host ?? phrase('any host')],
      ]
    : [];
  return (
    <>
      {error && <Text c="red.8">{error.message}</Text>}
      <Card withBorder>
        <Table>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{phrase(label)}</Table.Th>
                <Table.Td>
                  {typeof value === 'boolean' ? (
                    <Badge color={value ? 'green.8' : 'gray.7'}>{value ? phrase('Yes') : phrase('No')}</Badge>
                  ) : (
                    value
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      {signedIn ? (
        <Text fz="sm">
          {phrase('Changing these needs the “{{permission}}” permission.', { permission: phrase(permissionLabel('setting.update')) })}{' '}
          <Anchor component={Link} to="/admin/dashboard">
            {phrase('Back to the back office')}
          </Anchor>
        </Text>
      ) : (
        <Text fz="sm">
          {phrase('To change these, ')}
          <Anchor component={Link} to="/admin/login">
            {phrase('sign in to the back office')}
          </Anchor>
          .
        </Text>
      )}
    </>
  );
}
