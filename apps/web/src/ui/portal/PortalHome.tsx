import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhrase } from '../../lib/phrases';
import { usePortalPerson } from './PortalShell';
import type { Portal } from './portal';

/** The signed-in person's account at a glance, with whatever the portal adds below */
export function PortalHome({ portal, heading, children }: { portal: Portal; heading: string; children?: ReactNode }) {
  const person = usePortalPerson(portal);
  const phrase = usePhrase();
  if (!person) return null;
  return (
    <Stack>
      <Title order={1}>{heading}</Title>
      <Text c="dimmed">{phrase('Welcome, {{name}}.', { name: person.name })}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} fz="h4" mb="sm">
            {phrase('Your account')}
          </Title>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{phrase('Name')}</Table.Th>
                <Table.Td>{person.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{phrase('Phone')}</Table.Th>
                <Table.Td>{person.phone}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{phrase('Email')}</Table.Th>
                <Table.Td>{person.email ?? '—'}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>
        {children}
      </SimpleGrid>
    </Stack>
  );
}
