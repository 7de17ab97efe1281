import type { CourierConnection } from '@haat/contracts';
import { Anchor, Badge, Card, Container, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get } from '../../lib/api';

/** `/admin/courier/api` is open without sign-in (seed §6): which couriers are connected, never their keys. */
export default function CourierApi() {
  const { data, error, isPending } = useQuery({
    queryKey: ['courier', 'api'],
    queryFn: () => get<{ couriers: CourierConnection[] }>('/api/courier/api'),
  });
  return (
    <main id="main">
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1}>Courier API</Title>
          <Text c="dimmed">
            Parcels are booked with a connected courier when an order is shipped; otherwise staff enter the courier by hand.
          </Text>
          {error && <Text c="red.8">{error.message}</Text>}
          <Card withBorder>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Courier</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {isPending && (
                  <Table.Tr>
                    <Table.Td colSpan={2}>Loading…</Table.Td>
                  </Table.Tr>
                )}
                {data?.couriers.map((courier) => (
                  <Table.Tr key={courier.code}>
                    <Table.Td>{courier.name}</Table.Td>
                    <Table.Td>
                      <Badge color={courier.connected ? 'green.8' : 'gray.7'}>{courier.connected ? 'Connected' : 'Not connected'}</Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Text fz="sm">
            <Anchor component={Link} to="/admin/login">
              Sign in
            </Anchor>{' '}
            with the courier permission to connect a courier.
          </Text>
        </Stack>
      </Container>
    </main>
  );
}
