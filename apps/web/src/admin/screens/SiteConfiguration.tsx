import { Anchor, Badge, Card, Container, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { siteQueries } from '../../lib/site';

/** `/admin/site/configuration` is open without sign-in (seed §6): the shop's switches, read-only here. */
export default function SiteConfiguration() {
  const { data, error } = useQuery(siteQueries.configuration);
  const rows: [string, string | boolean][] = data
    ? [
        ['Storefront open', data.storefront_enabled],
        ['Taking orders', data.orders_enabled],
        ['Reseller sign-up open', data.reseller_signup_enabled],
        ['Maintenance message', data.maintenance_message || '—'],
        ['Production host', data.production_host ?? 'any host'],
      ]
    : [];
  return (
    <main id="main">
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1}>Site configuration</Title>
          {error && <Text c="red.8">{error.message}</Text>}
          <Card withBorder>
            <Table>
              <Table.Tbody>
                {rows.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row">{label}</Table.Th>
                    <Table.Td>
                      {typeof value === 'boolean' ? <Badge color={value ? 'green.8' : 'gray.7'}>{value ? 'Yes' : 'No'}</Badge> : value}
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
            to the back office to change these.
          </Text>
        </Stack>
      </Container>
    </main>
  );
}
