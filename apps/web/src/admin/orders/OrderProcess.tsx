import './stacked-table.css';
import { ORDER_MOVES, ORDER_TYPES, type OrderCounts, type OrderType, type Paginator } from '@haat/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { DateRangeField } from '../../ui/DateFields';
import { NotFound } from '../../ui/NotFound';
import { Pagination } from '../../ui/resource/Pagination';
import { CourierBulkActions } from '../couriers/webhooks/CourierBulkActions';
import { PhoneRiskCell, usePhoneRisks } from '../risk/PhoneRiskBadge';
import { useCan } from '../useAdmin';
import { AssigneeSelect, useAssigneeView } from './assignment/AssigneeFilter';
import { ReassignDialog } from './assignment/ReassignDialog';
import { MoveOrdersDialog } from './MoveOrdersDialog';
import { isStatusCode, orderKeys, printUrl, STATUS_CODES, useOrderWords } from './order-ui';
import { PrintMenu } from './print/PrintMenu';

type Row = {
  id: number;
  number: string;
  type: OrderType;
  status: number;
  customer_name: string;
  phone: string;
  address: string;
  city_name: string | null;
  sub_city_name: string | null;
  item_count: number;
  total: number;
  source: string | null;
  placed_at: string;
  assigned_admin_name: string | null;
};

const PER_PAGE = 20;

/** The list's orderings; newest first (by the time of placing) unless another is chosen. */
const SORTS = ['-placed_at', 'placed_at', '-total', 'total'] as const;
type Sort = (typeof SORTS)[number];
const isSort = (value: string | null): value is Sort => (SORTS as readonly (string | null)[]).includes(value);

/**
 * `/admin/order/process/{status_code}/{type?}`: the orders in one status (PRODUCT.md §3), of one
 * type or all, with a tab per status showing its count, search by number, phone or name, a date
 * range, and many orders chosen together to move or to print.
 */
export default function OrderProcess() {
  const params = useParams();
  const statusParam = Number(params.status);
  const typeParam = params.type;
  if (!isStatusCode(statusParam) || (typeParam !== undefined && !ORDER_TYPES.includes(typeParam as OrderType))) {
    return <NotFound home="/admin/order/process/1" inShell />;
  }
  return <OrderList key={`${statusParam}/${typeParam ?? ''}`} status={statusParam} type={(typeParam as OrderType) ?? null} />;
}

function OrderList({ status, type }: { status: keyof typeof ORDER_MOVES; type: OrderType | null }) {
  const { t, phrase, status: statusLabel, type: typeLabel, source: sourceLabel, number, money } = useOrderWords();
  const navigate = useNavigate();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [moving, setMoving] = useState(false);
  const [reassigning, setReassigning] = useState(false);
  const phone = useMediaQuery('(max-width: 600px)') ?? false;

  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const from = params.get('from');
  const to = params.get('to');
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort: Sort = isSort(sortParam) ? sortParam : '-placed_at';
  const sortLabels: Record<Sort, string> = {
    '-placed_at': phrase('Newest first'),
    placed_at: phrase('Oldest first'),
    '-total': phrase('Highest total first'),
    total: phrase('Lowest total first'),
  };

  // Whose orders: a staff member who takes orders starts on their own queue (order assignment).
  const assignee = useAssigneeView(params.get('assignee'));
  const filters = new URLSearchParams();
  if (type) filters.set('type', type);
  if (assignee.filter) filters.set('filter[assignee]', assignee.filter);
  if (q) filters.set('q', q);
  if (from) filters.set('filter[placed_from]', from);
  if (to) filters.set('filter[placed_to]', to);
  const countQuery = filters.toString();
  const listFilters = new URLSearchParams(filters);
  listFilters.delete('type');
  if (type) listFilters.set('filter[type]', type);
  listFilters.set('filter[status]', String(status));
  listFilters.set('sort', sort);
  listFilters.set('per_page', String(PER_PAGE));
  listFilters.set('page', String(page));
  const listQuery = listFilters.toString();

  const list = useQuery({
    queryKey: orderKeys.list(listQuery),
    queryFn: () => get<Paginator<Row>>(`/api/admin/orders?${listQuery}`),
    placeholderData: keepPreviousData,
    enabled: assignee.ready,
  });
  const counts = useQuery({
    queryKey: orderKeys.counts(countQuery),
    queryFn: () => get<OrderCounts>(`/api/admin/orders/counts?${countQuery}`),
    placeholderData: keepPreviousData,
    enabled: assignee.ready,
  });

  // A new page or filter starts a new choice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string stands for every filter
  useEffect(() => setSelected(new Set()), [listQuery]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: !('page' in changes) });
  };
  const onSearch = useDebouncedCallback((value: string) => update({ q: value.trim() }), 300);
  const pathOf = (code: number, nextType: OrderType | null) =>
    `/admin/order/process/${code}${nextType ? `/${nextType}` : ''}${params.toString() ? `?${withoutPage(params)}` : ''}`;

  const rows = list.data?.data ?? [];
  // The page's phone badges: one request for every phone of the page (decision 055).
  const risks = usePhoneRisks(rows.map((row) => row.phone));
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const someOnPage = rows.some((row) => selected.has(row.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const ids = [...selected];
  const title = t('orders.listTitle', { status: statusLabel(status) });
  const countOf = (code: number) => counts.data?.data.find((row) => row.status === code)?.count;
  const canMove = can('order.status.update') && ORDER_MOVES[status].length > 0;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{type ? `${title} · ${typeLabel(type)}` : title}</Title>
        {can('order.create') && (
          <Button component={Link} to="/admin/add/order" variant="light">
            {phrase('Add order')}
          </Button>
        )}
      </Group>

      <Tabs value={String(status)} onChange={(value) => value && navigate(pathOf(Number(value), type))} keepMounted={false}>
        <Tabs.List aria-label={t('orders.statusTabs')}>
          {STATUS_CODES.map((code) => (
            <Tabs.Tab
              key={code}
              value={String(code)}
              rightSection={
                <Badge size="sm" variant={code === status ? 'filled' : 'light'} color="navy">
                  {countOf(code) === undefined ? '…' : number(countOf(code) ?? 0)}
                </Badge>
              }
            >
              {statusLabel(code)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Card withBorder padding="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t('orders.orderType')}
            data={[{ value: 'all', label: typeLabel('all') }, ...ORDER_TYPES.map((value) => ({ value, label: typeLabel(value) }))]}
            value={type ?? 'all'}
            onChange={(value) => navigate(pathOf(status, value && value !== 'all' ? (value as OrderType) : null))}
            allowDeselect={false}
            w={180}
          />
          <TextInput
            label={t('orders.search')}
            type="search"
            placeholder={t('orders.searchPlaceholder')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              onSearch(event.currentTarget.value);
            }}
            w={260}
          />
          <DateRangeField
            label={t('orders.placedBetween')}
            value={[from, to]}
            onChange={([start, end]) => update({ from: start, to: end })}
          />
          <AssigneeSelect value={assignee.value} onChange={(value) => update({ assignee: value })} assignees={assignee.assignees} />
          <Select
            label={phrase('Sort')}
            data={SORTS.map((value) => ({ value, label: sortLabels[value] }))}
            value={sort}
            onChange={(value) => update({ sort: value === '-placed_at' ? null : value })}
            allowDeselect={false}
            w={190}
          />
        </Group>
      </Card>

      {selected.size > 0 && (
        <Card withBorder padding="xs" bg="gray.0">
          <Group gap="sm" wrap="wrap">
            <Text fw={600} fz="sm" aria-live="polite">
              {phrase('Selected: {{n}}', { n: number(selected.size) })}
            </Text>
            {canMove && (
              <Button size="xs" onClick={() => setMoving(true)}>
                {t('orders.changeStatus')}
              </Button>
            )}
            {can('order.assign') && (
              <Button size="xs" variant="light" onClick={() => setReassigning(true)}>
                {phrase('Reassign')}
              </Button>
            )}
            <Button size="xs" variant="light" component="a" href={printUrl(ids, 'invoice')} target="_blank" rel="noopener">
              {t('orders.printInvoices')}
            </Button>
            <Button size="xs" variant="light" component="a" href={printUrl(ids, 'label')} target="_blank" rel="noopener">
              {t('orders.printLabels')}
            </Button>
            <PrintMenu ids={ids} size="xs" />
            <CourierBulkActions ids={ids} onBooked={() => setSelected(new Set())} />
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
              {t('orders.clearSelection')}
            </Button>
          </Group>
        </Card>
      )}

      {list.error && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}

      <Card withBorder padding={0}>
        {/* A card per order on a phone (stacked-table.css); a sideways scroll only between phone and desktop widths. */}
        <Table.ScrollContainer minWidth={phone ? 0 : 820} p={phone ? 'xs' : 0}>
          <Table
            striped={!phone}
            highlightOnHover
            verticalSpacing="xs"
            aria-busy={list.isFetching}
            aria-label={title}
            className="stacked-table"
            data-testid="order-list"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('orders.selectPage')}
                    checked={allOnPage}
                    indeterminate={someOnPage && !allOnPage}
                    onChange={() =>
                      setSelected((current) => {
                        const next = new Set(current);
                        for (const row of rows) {
                          if (allOnPage) next.delete(row.id);
                          else next.add(row.id);
                        }
                        return next;
                      })
                    }
                  />
                </Table.Th>
                <Table.Th>{t('orders.number')}</Table.Th>
                <Table.Th>{t('orders.placed')}</Table.Th>
                <Table.Th>{t('orders.customer')}</Table.Th>
                <Table.Th>{t('orders.place')}</Table.Th>
                <Table.Th ta="right">{t('orders.items')}</Table.Th>
                <Table.Th ta="right">{t('orders.total')}</Table.Th>
                <Table.Th>{t('orders.source')}</Table.Th>
                <Table.Th>{phrase('Assigned to')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('orders.view')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending &&
                Array.from({ length: 5 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Table.Tr key={index}>
                    <Table.Td colSpan={10}>
                      <Skeleton h={20} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {rows.map((row) => (
                <Table.Tr key={row.id} bg={selected.has(row.id) ? 'blue.0' : undefined}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('orders.selectOrder', { number: row.number })}
                      checked={selected.has(row.id)}
                      onChange={() => toggle(row.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/view/order/${row.id}`} fw={600} fz="sm">
                      {row.number}
                    </Anchor>
                    <Text fz="xs" c="dimmed">
                      {typeLabel(row.type)}
                    </Text>
                  </Table.Td>
                  <Table.Td fz="sm" data-label={t('orders.placed')} data-testid="order-placed" data-placed={row.placed_at}>
                    {formatDateTime(row.placed_at)}
                  </Table.Td>
                  <Table.Td data-label={t('orders.customer')}>
                    <div className="stacked-value">
                      <Text fz="sm">{row.customer_name}</Text>
                      <Text fz="xs" c="dimmed">
                        {row.phone}
                      </Text>
                      <PhoneRiskCell risks={risks} phone={row.phone} />
                    </div>
                  </Table.Td>
                  <Table.Td fz="sm" data-label={t('orders.place')}>
                    {[row.sub_city_name, row.city_name].filter(Boolean).join(', ')}
                  </Table.Td>
                  <Table.Td ta="right" fz="sm" data-label={t('orders.items')}>
                    {number(row.item_count)}
                  </Table.Td>
                  <Table.Td ta="right" fz="sm" fw={600} data-label={t('orders.total')}>
                    {money(row.total)}
                  </Table.Td>
                  <Table.Td fz="sm" data-label={t('orders.source')}>
                    {sourceLabel(row.source)}
                  </Table.Td>
                  <Table.Td fz="sm" data-label={phrase('Assigned to')} data-testid="order-assignee">
                    {row.assigned_admin_name ?? '—'}
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="subtle" component={Link} to={`/admin/view/order/${row.id}`}>
                      {t('orders.view')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!list.isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={10}>
                    <Text ta="center" py="lg" fw={600}>
                      {t('orders.noOrders')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>

      {list.data && (
        <Group justify="space-between">
          <Text fz="sm" c="dimmed">
            {list.data.total === 0 || list.data.from === null
              ? ''
              : phrase('Showing {{from}}–{{to}} of {{total}}', {
                  from: number(list.data.from),
                  to: number(list.data.to ?? list.data.from),
                  total: number(list.data.total),
                })}
          </Text>
          <Pagination
            total={list.data.total}
            perPage={list.data.per_page}
            page={page}
            onChange={(next) => update({ page: String(next) })}
          />
        </Group>
      )}

      <ReassignDialog opened={reassigning} onClose={() => setReassigning(false)} ids={ids} onDone={() => setSelected(new Set())} />
      <MoveOrdersDialog
        opened={moving}
        onClose={() => setMoving(false)}
        ids={ids}
        from={status}
        onDone={(result) => {
          const moved = new Set(result.moved);
          setSelected((current) => new Set([...current].filter((id) => !moved.has(id))));
        }}
      />
    </Stack>
  );
}

function withoutPage(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  return next.toString();
}
