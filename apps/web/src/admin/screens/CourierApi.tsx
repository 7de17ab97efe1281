import { type CourierConnection, hasPermission } from '@haat/contracts';
import { Anchor, Badge, Card, Container, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { loadChunk } from '../../lib/lazy';
import { sessionQueries } from '../../lib/session';

// Only a signed-in admin who may change the keys loads the forms' code.
const CourierCredentials = lazy(() => loadChunk('courier-credentials', () => import('../couriers/CourierCredentials')));

/**
 * `/admin/courier/api` is open without sign-in (seed §6): anyone sees which couriers are connected,
 * never their keys; a signed-in admin with courier.api.manage sets the keys here.
 */
export default function CourierApi() {
  const { t } = useTranslation();
  const session = useQuery({ ...sessionQueries.admin, retry: false });
  const admin = session.data?.admin;
  const canManage = Boolean(admin && hasPermission(admin.permissions, 'courier.api.manage'));
  const { data, error, isPending } = useQuery({
    queryKey: ['courier', 'api'],
    queryFn: () => get<{ couriers: CourierConnection[] }>('/api/courier/api'),
  });
  return (
    <main id="main">
      <Container size="md" py="xl">
        <Stack>
          <Title order={1}>{t('couriers.apiTitle')}</Title>
          <Text c="dimmed">{t('couriers.apiIntro')}</Text>
          {error && <Text c="red.8">{error.message}</Text>}
          <Card withBorder>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('couriers.courier')}</Table.Th>
                  <Table.Th>{t('couriers.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {isPending && (
                  <Table.Tr>
                    <Table.Td colSpan={2}>{t('common.loading')}</Table.Td>
                  </Table.Tr>
                )}
                {data?.couriers.map((courier) => (
                  <Table.Tr key={courier.code}>
                    <Table.Td>{courier.name}</Table.Td>
                    <Table.Td>
                      <Badge color={courier.connected ? 'green.8' : 'gray.7'}>
                        {courier.connected ? t('couriers.connected') : t('couriers.notConnected')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          {session.isPending ? null : canManage ? (
            <Suspense fallback={<Skeleton h={360} radius="md" />}>
              <CourierCredentials />
            </Suspense>
          ) : admin ? (
            <Text fz="sm">
              {t('couriers.needPermission')}{' '}
              <Anchor component={Link} to="/admin/dashboard">
                {t('couriers.backOffice')}
              </Anchor>
            </Text>
          ) : (
            <Text fz="sm">
              <Anchor component={Link} to="/admin/login">
                {t('common.signIn')}
              </Anchor>{' '}
              {t('couriers.signInToConnect')}
            </Text>
          )}
          {canManage && (
            <Text fz="sm">
              <Anchor component={Link} to="/admin/courier">
                {t('couriers.couriersList')}
              </Anchor>{' '}
              ·{' '}
              <Anchor component={Link} to="/admin/dashboard">
                {t('couriers.backOffice')}
              </Anchor>
            </Text>
          )}
        </Stack>
      </Container>
    </main>
  );
}
