import { formatMoney, type Paginator } from '@haat/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, del, get, post } from '../../lib/api';
import { imageUrl } from '../../lib/image';
import { formatNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { useSiteInfo } from '../../lib/site';
import { AA_COLORS } from '../colors';
import { DateRangeField } from '../DateFields';
import { TableScroll } from '../TableScroll';
import { TotalCards } from '../TotalCards';
import { toast } from '../toast/toast';
import { useResourceAccess } from './access';
import { formatCell, STATUS_LABELS } from './fields';
import { ImportDialog } from './ImportDialog';
import { Pagination } from './Pagination';
import { useReferenceOptions } from './reference';
import { SortHeader } from './SortHeader';
import { type Column, editPath, type ListFilterField, listPath, permissionFor, type ResourceDefinition, type ResourceEntry } from './types';

type Row = Record<string, unknown> & { id: number };

/** The list screen every resource gets: search, filters, sort, pages, bulk actions, delete, CSV. */
export function ResourceList({ entry, resource }: { entry: ResourceEntry; resource: ResourceDefinition }) {
  const [params, setParams] = useSearchParams();
  const routeParams = useParams();
  const navigate = useNavigate();
  const { can: allowed, words } = useResourceAccess();
  const phrase = usePhrase();
  const queryClient = useQueryClient();
  const site = useSiteInfo();
  const [selected, setSelected] = useState<number[]>([]);
  const [confirm, setConfirm] = useState<{ ids: number[]; label: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const [search, setSearch] = useState(params.get('q') ?? '');

  // The page lives in the path when the list route names it (/admin/products/:number_of_page).
  const pageParam = /:(\w+)/.exec(entry.routes.list)?.[1];
  const sort = params.get('sort') ?? resource.list.defaultSort ?? '';
  const page = Math.max(1, Number.parseInt((pageParam ? routeParams[pageParam] : params.get('page')) ?? '1', 10) || 1);
  const filters = new URLSearchParams(params);
  filters.delete('page');
  if (!filters.get('sort') && sort) filters.set('sort', sort);
  const filterString = filters.toString();
  const query = new URLSearchParams(filters);
  if (page > 1) query.set('page', String(page));
  if (resource.list.perPage) query.set('per_page', String(resource.list.perPage));
  const queryString = query.toString();

  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['resource', resource.api, queryString],
    queryFn: () => get<Paginator<Row> & Record<string, unknown>>(`${resource.api}?${queryString}`),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => {
      const answer = current.state.data;
      return answer && resource.list.refetchInterval ? resource.list.refetchInterval(answer) : false;
    },
  });

  /** Changes the search, filters, sort or page; anything but a page change goes back to page 1. */
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setSelected([]);
    if (pageParam) {
      const nextPage = Number(next.get('page') ?? 1);
      next.delete('page');
      const search = next.toString();
      navigate(`${listPath(entry, nextPage)}${search ? `?${search}` : ''}`, { replace: !('page' in changes) });
    } else setParams(next, { replace: !('page' in changes) });
  };
  const onSearch = useDebouncedCallback((value: string) => update({ q: value }), 300);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource', resource.api] });
  const bulk = useMutation({
    mutationFn: (input: { action: string; ids: number[] }) =>
      post<{ done: number[]; refused: { id: number; message: string }[]; message: string }>(`${resource.api}/bulk`, input),
    onSuccess: (answer) => {
      if (answer.refused.length) toast.warning(answer.message, answer.refused.map((item) => item.message).join(' '), { timeout: 8000 });
      else toast.success(answer.message);
      setSelected([]);
      void refresh();
    },
    onError: (failure) => toast.error(failure.message),
  });
  const remove = useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`${resource.api}/${id}`),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void refresh();
    },
    onError: (failure) => toast.error(failure instanceof ApiError ? failure.message : String(failure), '', { timeout: 8000 }),
  });

  const rows = data?.data ?? [];
  const filtered = [...params.keys()].some((key) => key === 'q' || key.startsWith('filter['));
  const bulkActions = (entry.readOnly ? [] : (resource.list.bulk ?? [])).filter((action) =>
    allowed(permissionFor(entry, action === 'delete' ? 'delete' : 'update')),
  );
  const canEdit = Boolean(entry.routes.edit) && !entry.readOnly && allowed(permissionFor(entry, 'update'));
  const canDelete = !entry.readOnly && !entry.appendOnly && allowed(permissionFor(entry, 'delete'));
  const rowActions = !entry.readOnly && !entry.appendOnly;
  const allSelected = rows.length > 0 && rows.every((row) => selected.includes(row.id));
  const exportAllowed = resource.list.export !== false && (!resource.list.export?.permission || allowed(resource.list.export.permission));
  const importOptions = resource.list.import;
  const importAllowed = Boolean(importOptions && allowed(importOptions.permission ?? permissionFor(entry, 'create')));
  const rowName = (row: Row) => String(row.name ?? row.title ?? row.value ?? row.id);
  const { i18n } = useTranslation();
  const totals = data?.totals as Record<string, number> | undefined;
  const figure = (kind: 'money' | 'count', value: number | undefined) =>
    value === undefined
      ? undefined
      : kind === 'money'
        ? formatMoney(value, site?.currency_symbol, i18n.language)
        : formatNumber(value, i18n.language);
  const dateRange = resource.list.dateRange;

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>{phrase(entry.title)}</Title>
          {resource.list.intro && <Text c="dimmed">{phrase(resource.list.intro)}</Text>}
        </div>
        <Group gap="xs">
          {resource.list.actions?.({ query: filterString, refresh: () => void refresh() })}
          {importAllowed && (
            <Button variant="default" onClick={() => setImporting(true)}>
              {words.importCsv}
            </Button>
          )}
          {exportAllowed && (
            <Button component="a" variant="default" href={`${resource.api}/export.csv?${filterString}`} download>
              {words.exportCsv}
            </Button>
          )}
          {entry.routes.add && !entry.readOnly && allowed(permissionFor(entry, 'create')) && (
            <Button component={Link} to={entry.routes.add}>
              {words.add(entry.singular)}
            </Button>
          )}
        </Group>
      </Group>

      {data && resource.list.summary?.(data)}

      {resource.list.totals && (
        <TotalCards
          cards={resource.list.totals.map((total) => ({ label: phrase(total.label), value: figure(total.kind, totals?.[total.key]) }))}
        />
      )}

      {(resource.list.search !== false || (resource.list.filters ?? []).length > 0 || dateRange) && (
        <Card withBorder padding="sm">
          <Group align="flex-end" gap="sm">
            {resource.list.search !== false && (
              <TextInput
                label={words.search}
                placeholder={resource.list.searchPlaceholder ? phrase(resource.list.searchPlaceholder) : words.searchPlaceholder}
                type="search"
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  onSearch(event.currentTarget.value);
                }}
                w={{ base: '100%', sm: 260 }}
              />
            )}
            {(resource.list.filters ?? []).map((filter) => (
              <FilterSelect
                key={filter.name}
                filter={filter}
                value={params.get(`filter[${filter.name}]`)}
                onChange={(value) => update({ [`filter[${filter.name}]`]: value })}
              />
            ))}
            {dateRange && (
              <DateRangeField
                label={phrase(dateRange.label)}
                value={[params.get(`filter[${dateRange.from}]`), params.get(`filter[${dateRange.to}]`)]}
                onChange={([from, to]) => {
                  // Half a range is still being picked; the list changes once both ends are chosen or both cleared.
                  if ((from && to) || (!from && !to)) update({ [`filter[${dateRange.from}]`]: from, [`filter[${dateRange.to}]`]: to });
                }}
              />
            )}
            {filtered && (
              <Button
                variant="subtle"
                onClick={() => {
                  setSearch('');
                  update(Object.fromEntries([...params.keys()].filter((key) => key !== 'sort').map((key) => [key, null])));
                }}
              >
                {words.clear}
              </Button>
            )}
          </Group>
        </Card>
      )}

      {selected.length > 0 && bulkActions.length > 0 && (
        <Group gap="xs" data-testid="bulk-actions">
          <Text fz="sm" fw={600}>
            {words.selected(selected.length)}
          </Text>
          {bulkActions.map((action) => (
            <Button
              key={action}
              size="xs"
              variant={action === 'delete' ? 'filled' : 'light'}
              color={action === 'delete' ? 'red.9' : undefined}
              loading={bulk.isPending && bulk.variables?.action === action}
              onClick={() =>
                action === 'delete'
                  ? setConfirm({ ids: selected, label: words.selected(selected.length) })
                  : bulk.mutate({ action, ids: selected })
              }
            >
              {action === 'publish' ? words.publish : action === 'unpublish' ? words.unpublish : words.delete}
            </Button>
          ))}
        </Group>
      )}

      {error && (
        <Alert color="red" role="alert">
          {phrase(error.message)}
        </Alert>
      )}

      <Card withBorder padding={0}>
        <TableScroll minWidth={600} stickyFirstColumn={bulkActions.length === 0}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-busy={isFetching}>
            <Table.Thead>
              <Table.Tr>
                {bulkActions.length > 0 && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={words.selectAll}
                      checked={allSelected}
                      indeterminate={selected.length > 0 && !allSelected}
                      onChange={() => setSelected(allSelected ? [] : rows.map((row) => row.id))}
                    />
                  </Table.Th>
                )}
                {resource.list.columns.map((column) => (
                  <SortHeader
                    key={column.key}
                    label={phrase(column.label)}
                    sortKey={column.sort}
                    align={column.align}
                    sort={sort}
                    onSort={(next) => update({ sort: next })}
                  />
                ))}
                {rowActions && (
                  <Table.Th>
                    <Text component="span" fz="sm" fw={700}>
                      {words.actions}
                    </Text>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isPending &&
                Array.from({ length: 5 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Table.Tr key={index}>
                    <Table.Td colSpan={resource.list.columns.length + 2}>
                      <Skeleton h={20} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {rows.map((row) => (
                <Table.Tr key={row.id} data-row-id={row.id}>
                  {bulkActions.length > 0 && (
                    <Table.Td>
                      <Checkbox
                        aria-label={phrase('Select {{name}}', { name: rowName(row) })}
                        checked={selected.includes(row.id)}
                        onChange={() =>
                          setSelected((current) =>
                            current.includes(row.id) ? current.filter((id) => id !== row.id) : [...current, row.id],
                          )
                        }
                      />
                    </Table.Td>
                  )}
                  {resource.list.columns.map((column) => (
                    <Table.Td key={column.key} ta={column.align}>
                      {column.link && canEdit ? (
                        <Anchor component={Link} to={editPath(entry, row.id)} fz="sm" fw={600}>
                          <Cell column={column} row={row} currencySymbol={site?.currency_symbol} />
                        </Anchor>
                      ) : (
                        <Cell column={column} row={row} currencySymbol={site?.currency_symbol} />
                      )}
                    </Table.Td>
                  ))}
                  {rowActions && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {canEdit && (
                          <Anchor component={Link} to={editPath(entry, row.id)} fz="sm" aria-label={`${words.edit} ${rowName(row)}`}>
                            {words.edit}
                          </Anchor>
                        )}
                        {canDelete && (
                          <UnstyledButton
                            c="red.9"
                            fz="sm"
                            onClick={() => setConfirm({ ids: [row.id], label: rowName(row) })}
                            aria-label={`${words.delete} ${rowName(row)}`}
                          >
                            {words.delete}
                          </UnstyledButton>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
              {!isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={resource.list.columns.length + 2}>
                    <Stack align="center" py="xl" gap="xs">
                      <Text fw={600}>{filtered ? words.nothingMatches : words.noneYet(entry.title)}</Text>
                      {!filtered && resource.list.empty && (
                        <Text c="dimmed" fz="sm" ta="center" maw={480}>
                          {phrase(resource.list.empty)}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Card>

      {data && (
        <Group justify="space-between">
          <Text fz="sm" c="dimmed">
            {data.total === 0 ? '' : words.showing(data.from ?? 0, data.to ?? 0, data.total)}
          </Text>
          <Pagination total={data.total} perPage={data.per_page} page={page} onChange={(next) => update({ page: String(next) })} />
        </Group>
      )}

      {importOptions && importAllowed && (
        <ImportDialog
          opened={importing}
          onClose={() => setImporting(false)}
          api={resource.api}
          name={entry.name}
          title={phrase('Import {{title}}', { title: phrase(entry.title).toLowerCase() })}
          options={importOptions}
          onImported={() => void refresh()}
        />
      )}

      <Modal opened={Boolean(confirm)} onClose={() => setConfirm(null)} title={words.deleteTitle(confirm?.label ?? '')} centered>
        <Stack>
          <Text>{words.deleteBody}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {words.cancel}
            </Button>
            <Button
              color="red.9"
              onClick={() => {
                if (!confirm) return;
                if (confirm.ids.length === 1 && confirm.label !== words.selected(confirm.ids.length))
                  remove.mutate(confirm.ids[0] as number);
                else bulk.mutate({ action: 'delete', ids: confirm.ids });
                setConfirm(null);
              }}
            >
              {words.delete}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** One cell: the column's own rendering, or by its kind. */
function Cell({ column, row, currencySymbol }: { column: Column; row: Row; currencySymbol?: string }) {
  const phrase = usePhrase();
  const { i18n } = useTranslation();
  const value = row[column.key];
  if (column.render) return <>{column.render(row)}</>;
  if (column.kind === 'image') {
    return value ? <Image src={imageUrl(String(value))} alt="" h={36} w={36} fit="cover" radius="sm" /> : <Text c="dimmed">—</Text>;
  }
  if (column.kind === 'status') {
    const labels = column.statusLabels ?? STATUS_LABELS;
    return (
      <Badge color={value === 1 ? AA_COLORS.success : 'gray.7'} variant="filled" miw="max-content">
        {phrase(value === 1 ? labels.on : labels.off)}
      </Badge>
    );
  }
  return <>{formatCell(column.kind, value, currencySymbol, i18n.language)}</>;
}

function FilterSelect({
  filter,
  value,
  onChange,
}: {
  filter: ListFilterField;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const { words } = useResourceAccess();
  const phrase = usePhrase();
  const reference = useReferenceOptions(filter.reference, search, value);
  return (
    <Select
      label={phrase(filter.label)}
      placeholder={words.all}
      clearable
      searchable={Boolean(filter.reference)}
      onSearchChange={setSearch}
      data={filter.options?.map((option) => ({ ...option, label: phrase(option.label) })) ?? reference.options}
      value={value}
      onChange={onChange}
      w={{ base: '100%', sm: 200 }}
    />
  );
}
