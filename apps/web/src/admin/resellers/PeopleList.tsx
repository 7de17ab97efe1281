import type { Paginator } from '@haat/contracts';
import { Alert, Badge, Button, Card, Group, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/dates';
import { Pagination } from '../../ui/resource/Pagination';
import { SortHeader } from '../../ui/resource/SortHeader';
import { MoneyCell } from './MoneyCell';

interface Person {
  id: number;
  name: string;
  phone: string;
  email: string;
  has_account: boolean;
  status: 'active' | 'blocked';
  orders_count: number;
  delivered_total: number;
  last_order_at: string | null;
  created_at: string;
}

/** `/admin/customer/list` and `/admin/user/list`: shoppers with their orders, searchable, sortable, exportable. */
export function PeopleList({ api, title, intro }: { api: string; title: string; intro: string }) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const sort = params.get('sort') ?? '-created_at';
  const status = params.get('filter[status]');
  const filters = new URLSearchParams();
  if (params.get('q')) filters.set('q', params.get('q') ?? '');
  if (status) filters.set('filter[status]', status);
  filters.set('sort', sort);
  const query = new URLSearchParams(filters);
  query.set('page', String(page));
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['admin', api, query.toString()],
    queryFn: () => get<Paginator<Person>>(`${api}?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    setParams(
      (current) => {
        if ((current.get('q') ?? '') === q) return current;
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </div>
        <Button component="a" variant="default" href={`${api}/export.csv?${filters.toString()}`} download>
          Export CSV
        </Button>
      </Group>
      <Card withBorder padding="sm">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Search"
            type="search"
            placeholder="Name, phone or email"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 280 }}
          />
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={[
              { value: 'active', label: 'Active' },
              { value: 'blocked', label: 'Blocked' },
            ]}
            value={status}
            onChange={(value) => update({ 'filter[status]': value })}
            w={160}
          />
        </Group>
      </Card>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={860}>
          <Table striped verticalSpacing="xs" aria-busy={isFetching}>
            <Table.Thead>
              <Table.Tr>
                <SortHeader label="Name" sortKey="name" sort={sort} onSort={(next) => update({ sort: next })} />
                <Table.Th>Phone</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Account</Table.Th>
                <Table.Th ta="right">Orders</Table.Th>
                <Table.Th ta="right">Delivered</Table.Th>
                <Table.Th>Last order</Table.Th>
                <SortHeader label="Since" sortKey="created_at" sort={sort} onSort={(next) => update({ sort: next })} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isPending && (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Skeleton h={24} />
                  </Table.Td>
                </Table.Tr>
              )}
              {data?.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Text c="dimmed" ta="center" py="md">
                      Nobody matches.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data?.data.map((person) => (
                <Table.Tr key={person.id}>
                  <Table.Td fw={600}>
                    {person.name}
                    {person.status === 'blocked' && (
                      <Badge ml="xs" color="red" variant="light" size="sm">
                        Blocked
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{person.phone || '—'}</Table.Td>
                  <Table.Td>{person.email || '—'}</Table.Td>
                  <Table.Td>{person.has_account ? 'Signed up' : 'Guest'}</Table.Td>
                  <Table.Td ta="right">{person.orders_count}</Table.Td>
                  <Table.Td ta="right">
                    <MoneyCell paisa={person.delivered_total} />
                  </Table.Td>
                  <Table.Td>{person.last_order_at ? formatDateTime(person.last_order_at) : '—'}</Table.Td>
                  <Table.Td>{formatDate(person.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {data && <Pagination total={data.total} perPage={data.per_page} page={page} onChange={(next) => update({ page: String(next) })} />}
    </Stack>
  );
}
