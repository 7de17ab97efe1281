import {
  FABRIC_UNIT_LABELS,
  type FabricIssueView,
  type FabricLedgerEntry,
  type FabricPurchasePage,
  type FabricUnit,
  type FabricView,
  fabricIssueInput,
  formatMoney,
  type Paginator,
} from '@haat/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { get, post } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/dates';
import { useNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { useSiteInfo } from '../../lib/site';
import { AA_COLORS } from '../../ui/colors';
import { Pagination } from '../../ui/resource/Pagination';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { useCan } from '../useAdmin';
import { choiceLabel, type FabricChoices, today } from './choices';

const TABS = ['purchases', 'stock', 'issues'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { purchases: 'Purchases', stock: 'Fabric stock', issues: 'Issued to factories' };

type Update = (changes: Record<string, string | null>) => void;

function useFormats() {
  const { i18n } = useTranslation();
  const site = useSiteInfo();
  const number = useNumber();
  return { money: (paisa: number) => formatMoney(paisa, site?.currency_symbol, i18n.language), number };
}

/**
 * `/admin/purchase/manage/fabrics`: fabric purchases with their totals, paid and due; the fabric
 * stock with each fabric's ledger; and the fabric issued to factories, with the form to issue more.
 */
export default function FabricManage() {
  const phrase = usePhrase();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'purchases';
  const update: Update = (changes) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const can = useCan();

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{phrase('Fabric purchases')}</Title>
        <Group gap="xs">
          {can('fabric.view') && (
            <Button component={Link} to="/admin/fabrics/list" variant="default">
              {phrase('Fabrics')}
            </Button>
          )}
          {can('fabric.purchase.create') && (
            <Button component={Link} to="/admin/addPurchase/fabrics">
              {phrase('Add fabric purchase')}
            </Button>
          )}
        </Group>
      </Group>
      <Tabs value={tab} onChange={(value) => value && setParams({ tab: value }, { replace: true })} keepMounted={false}>
        <Tabs.List aria-label={phrase('Fabric purchases')}>
          {TABS.map((each) => (
            <Tabs.Tab key={each} value={each}>
              {phrase(TAB_LABELS[each])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="purchases" pt="md">
          <PurchasesTab params={params} update={update} />
        </Tabs.Panel>
        <Tabs.Panel value="stock" pt="md">
          <StockTab params={params} update={update} />
        </Tabs.Panel>
        <Tabs.Panel value="issues" pt="md">
          <IssuesTab params={params} update={update} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function PurchasesTab({ params, update }: { params: URLSearchParams; update: Update }) {
  const phrase = usePhrase();
  const { money, number } = useFormats();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const onSearch = useDebouncedCallback((value: string) => update({ q: value }), 300);
  const choices = useQuery({
    queryKey: ['fabric-choices', 'list'],
    queryFn: () => get<FabricChoices>('/api/admin/fabric-purchases/choices'),
    retry: false,
  });
  const filters = new URLSearchParams();
  for (const key of ['q', 'supplier_id', 'fabric_id', 'from', 'to', 'due']) {
    const value = params.get(key);
    if (value) filters.set(key, value);
  }
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['fabric', 'purchases', filters.toString(), page],
    queryFn: () => get<FabricPurchasePage>(`/api/admin/fabric-purchases?${filters}&page=${page}&per_page=20`),
    placeholderData: keepPreviousData,
  });
  const rows = data?.data ?? [];
  return (
    <Stack>
      <Card withBorder padding="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label={phrase('Search')}
            type="search"
            placeholder={phrase('Number, supplier, fabric or reference')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              onSearch(event.currentTarget.value);
            }}
            w={240}
          />
          <Select
            label={phrase('Fabric supplier')}
            placeholder={phrase('All')}
            clearable
            searchable
            data={(choices.data?.suppliers ?? []).map((each) => ({ value: String(each.id), label: each.name }))}
            value={params.get('supplier_id')}
            onChange={(value) => update({ supplier_id: value })}
            w={200}
          />
          <Select
            label={phrase('Fabric')}
            placeholder={phrase('All')}
            clearable
            searchable
            data={(choices.data?.fabrics ?? []).map((each) => ({ value: String(each.id), label: choiceLabel(each) }))}
            value={params.get('fabric_id')}
            onChange={(value) => update({ fabric_id: value })}
            w={200}
          />
          <TextInput
            label={phrase('From')}
            type="date"
            value={params.get('from') ?? ''}
            onChange={(event) => update({ from: event.currentTarget.value })}
          />
          <TextInput
            label={phrase('To')}
            type="date"
            value={params.get('to') ?? ''}
            onChange={(event) => update({ to: event.currentTarget.value })}
          />
          <Switch
            label={phrase('Only with due')}
            checked={params.get('due') === '1'}
            onChange={(event) => update({ due: event.currentTarget.checked ? '1' : null })}
            mb={8}
          />
          <Button component="a" href={`/api/admin/fabric-purchases/export.csv?${filters}`} variant="default" download>
            {phrase('Export CSV')}
          </Button>
        </Group>
      </Card>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }} aria-live="polite">
        {[
          { label: 'Purchases', value: data && number(data.totals.purchases) },
          { label: 'Total', value: data && money(data.totals.total) },
          { label: 'Paid', value: data && money(data.totals.paid) },
          { label: 'Due', value: data && money(data.totals.due) },
        ].map((card) => (
          <Card key={card.label} withBorder padding="md">
            <Text fz="sm" c="dimmed">
              {phrase(card.label)}
            </Text>
            {card.value === undefined ? (
              <Skeleton h={28} mt={4} />
            ) : (
              <Text fz={22} fw={700}>
                {card.value}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder padding={0}>
        <TableScroll minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-busy={isFetching} aria-label={phrase('Fabric purchases')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Number')}</Table.Th>
                <Table.Th>{phrase('Date')}</Table.Th>
                <Table.Th>{phrase('Supplier')}</Table.Th>
                <Table.Th>{phrase('Fabric')}</Table.Th>
                <Table.Th ta="right">{phrase('Quantity')}</Table.Th>
                <Table.Th ta="right">{phrase('Unit price')}</Table.Th>
                <Table.Th ta="right">{phrase('Total')}</Table.Th>
                <Table.Th ta="right">{phrase('Paid')}</Table.Th>
                <Table.Th ta="right">{phrase('Due')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isPending && (
                <Table.Tr>
                  <Table.Td colSpan={9}>
                    <Skeleton h={20} />
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {row.number}
                    </Text>
                    {row.reference && (
                      <Text fz="xs" c="dimmed">
                        {row.reference}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDate(row.purchased_on)}</Table.Td>
                  <Table.Td>{row.supplier_name}</Table.Td>
                  <Table.Td>
                    {row.fabric_name}
                    {row.colour && (
                      <Text fz="xs" c="dimmed">
                        {row.colour}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {number(row.quantity)} {phrase(FABRIC_UNIT_LABELS[row.unit])}
                  </Table.Td>
                  <Table.Td ta="right">{money(row.unit_price)}</Table.Td>
                  <Table.Td ta="right">{money(row.total)}</Table.Td>
                  <Table.Td ta="right">{money(row.paid)}</Table.Td>
                  <Table.Td ta="right">
                    <Text fz="sm" fw={600} c={row.due > 0 ? 'red.9' : undefined}>
                      {money(row.due)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={9}>
                    <Text ta="center" py="lg" fw={600}>
                      {phrase('No fabric purchases for these filters.')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Card>
      {data && <Pagination total={data.total} perPage={data.per_page} page={page} onChange={(next) => update({ page: String(next) })} />}
    </Stack>
  );
}

function StockTab({ params, update }: { params: URLSearchParams; update: Update }) {
  const phrase = usePhrase();
  const { money, number } = useFormats();
  const selected = Number(params.get('fabric') ?? 0) || null;
  const stock = useQuery({
    queryKey: ['fabric', 'stock'],
    queryFn: () => get<Paginator<FabricView>>('/api/admin/fabrics?per_page=100&sort=name'),
  });
  const fabrics = stock.data?.data ?? [];
  const totalValue = fabrics.reduce((sum, each) => sum + each.stock_value, 0);
  return (
    <Stack>
      {stock.error && (
        <Alert color="red" role="alert">
          {stock.error.message}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, md: 3 }}>
        <Card withBorder padding="md">
          <Text fz="sm" c="dimmed">
            {phrase('Fabrics')}
          </Text>
          <Text fz={22} fw={700}>
            {stock.data ? number(stock.data.total) : '—'}
          </Text>
        </Card>
        <Card withBorder padding="md">
          <Text fz="sm" c="dimmed">
            {phrase('Stock value (at cost)')}
          </Text>
          <Text fz={22} fw={700}>
            {money(totalValue)}
          </Text>
        </Card>
        <Card withBorder padding="md">
          <Text fz="sm" c="dimmed">
            {phrase('Low on stock')}
          </Text>
          <Text fz={22} fw={700} c={AA_COLORS.warning}>
            {number(fabrics.filter((each) => each.low && each.status === 1).length)}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder padding={0}>
        <TableScroll minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={phrase('Fabric stock')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Fabric')}</Table.Th>
                <Table.Th>{phrase('Unit')}</Table.Th>
                <Table.Th ta="right">{phrase('In stock')}</Table.Th>
                <Table.Th ta="right">{phrase('Average price')}</Table.Th>
                <Table.Th ta="right">{phrase('Stock value')}</Table.Th>
                <Table.Th>{phrase('Ledger')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stock.isPending && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Skeleton h={20} />
                  </Table.Td>
                </Table.Tr>
              )}
              {fabrics.map((row) => (
                <Table.Tr key={row.id} bg={row.id === selected ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {row.name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {[row.colour, row.fabric_type].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{phrase(FABRIC_UNIT_LABELS[row.unit])}</Table.Td>
                  <Table.Td ta="right">
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      <Text fz="sm" fw={600}>
                        {number(row.stock)}
                      </Text>
                      {row.low && (
                        <Badge color="orange" variant="light" size="sm">
                          {phrase('Low')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{money(row.average_unit_price)}</Table.Td>
                  <Table.Td ta="right">{money(row.stock_value)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => update({ fabric: String(row.id) })}
                      aria-pressed={row.id === selected}
                    >
                      {phrase('Show ledger of {{name}}', { name: row.name })}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!stock.isPending && fabrics.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text ta="center" py="lg" fw={600}>
                      {phrase('No fabrics yet.')}{' '}
                      <Anchor component={Link} to="/admin/fabrics/add">
                        {phrase('Add a fabric')}
                      </Anchor>
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Card>
      {selected && <Ledger fabricId={selected} />}
    </Stack>
  );
}

type LedgerAnswer = Paginator<FabricLedgerEntry> & {
  fabric: { id: number; name: string; colour: string; unit: FabricUnit; unit_label: string; stock: number };
};

function Ledger({ fabricId }: { fabricId: number }) {
  const phrase = usePhrase();
  const { number } = useFormats();
  const [page, setPage] = useState(1);
  const { data, error, isFetching } = useQuery({
    queryKey: ['fabric', 'ledger', fabricId, page],
    queryFn: () => get<LedgerAnswer>(`/api/admin/fabrics/${fabricId}/ledger?page=${page}&per_page=20`),
    placeholderData: keepPreviousData,
  });
  const unit = data ? phrase(FABRIC_UNIT_LABELS[data.fabric.unit]) : '';
  return (
    <Card withBorder padding="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2} fz="h3">
            {data
              ? phrase('Ledger of {{name}}', { name: [data.fabric.name, data.fabric.colour].filter(Boolean).join(', ') })
              : phrase('Ledger')}
          </Title>
          {data && (
            <Text fw={600}>
              {phrase('In stock')}: {number(data.fabric.stock)} {unit}
            </Text>
          )}
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        <TableScroll minWidth={640}>
          <Table striped verticalSpacing="xs" aria-busy={isFetching} aria-label={phrase('Ledger')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('When')}</Table.Th>
                <Table.Th>{phrase('What')}</Table.Th>
                <Table.Th>{phrase('Reference')}</Table.Th>
                <Table.Th ta="right">{phrase('Change')}</Table.Th>
                <Table.Th ta="right">{phrase('Stock after')}</Table.Th>
                <Table.Th>{phrase('By')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.data ?? []).map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{formatDateTime(row.at)}</Table.Td>
                  <Table.Td>
                    {phrase(row.kind_label)}
                    {(row.party || row.note) && (
                      <Text fz="xs" c="dimmed">
                        {[row.party, row.note].filter(Boolean).join(' · ')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{row.reference || '—'}</Table.Td>
                  <Table.Td ta="right">
                    <Text fz="sm" fw={600} c={row.quantity < 0 ? 'red.9' : 'green.9'}>
                      {row.quantity > 0 ? '+' : '−'}
                      {number(Math.abs(row.quantity))}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{number(row.balance)}</Table.Td>
                  <Table.Td>{row.admin_name ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
              {data && data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text ta="center" py="md">
                      {phrase('Nothing has moved yet.')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
        {data && <Pagination total={data.total} perPage={data.per_page} page={page} onChange={setPage} />}
      </Stack>
    </Card>
  );
}

type IssueValues = { factory_id: number | null; fabric_id: number | null; issued_on: string; quantity: number | null; note: string };

function IssuesTab({ params, update }: { params: URLSearchParams; update: Update }) {
  const phrase = usePhrase();
  const { number } = useFormats();
  const can = useCan();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const issues = useQuery({
    queryKey: ['fabric', 'issues', page],
    queryFn: () => get<Paginator<FabricIssueView>>(`/api/admin/fabric-issues?page=${page}&per_page=20`),
    placeholderData: keepPreviousData,
  });
  const rows = issues.data?.data ?? [];
  return (
    <Stack>
      {can('fabric.issue') && <IssueForm />}
      {issues.error && (
        <Alert color="red" role="alert">
          {issues.error.message}
        </Alert>
      )}
      <Card withBorder padding={0}>
        <TableScroll minWidth={640}>
          <Table striped verticalSpacing="xs" aria-busy={issues.isFetching} aria-label={phrase('Issued to factories')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Number')}</Table.Th>
                <Table.Th>{phrase('Date')}</Table.Th>
                <Table.Th>{phrase('Factory')}</Table.Th>
                <Table.Th>{phrase('Fabric')}</Table.Th>
                <Table.Th ta="right">{phrase('Quantity')}</Table.Th>
                <Table.Th>{phrase('By')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.number}</Table.Td>
                  <Table.Td>{formatDate(row.issued_on)}</Table.Td>
                  <Table.Td>{row.factory_name}</Table.Td>
                  <Table.Td>
                    {row.fabric_name}
                    {row.note && (
                      <Text fz="xs" c="dimmed">
                        {row.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {number(row.quantity)} {phrase(FABRIC_UNIT_LABELS[row.unit])}
                  </Table.Td>
                  <Table.Td>{row.admin_name ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
              {!issues.isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text ta="center" py="lg" fw={600}>
                      {phrase('No fabric issued to a factory yet.')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Card>
      {issues.data && (
        <Pagination
          total={issues.data.total}
          perPage={issues.data.per_page}
          page={page}
          onChange={(next) => update({ tab: 'issues', page: String(next) })}
        />
      )}
    </Stack>
  );
}

/** Fabric out of the stock to a factory: more than in stock is refused by the server, beside the quantity. */
function IssueForm() {
  const phrase = usePhrase();
  const { number } = useFormats();
  const queryClient = useQueryClient();
  const choices = useQuery({
    queryKey: ['fabric', 'choices', 'issue'],
    queryFn: () => get<FabricChoices>('/api/admin/fabric-issues/choices'),
  });
  const empty: IssueValues = { factory_id: null, fabric_id: null, issued_on: today(), quantity: null, note: '' };
  const form = useZodForm<typeof fabricIssueInput, IssueValues>(fabricIssueInput, empty);
  const { values } = form;
  const fabric = choices.data?.fabrics.find((each) => each.id === values.fabric_id);
  const submit = form.onSubmit(async () => {
    const answer = await post<{ data: FabricIssueView; message: string }>('/api/admin/fabric-issues', values);
    toast.success(
      phrase('{{quantity}} {{unit}} of {{fabric}} issued to {{factory}}.', {
        quantity: number(answer.data.quantity),
        unit: phrase(FABRIC_UNIT_LABELS[answer.data.unit]),
        fabric: answer.data.fabric_name,
        factory: answer.data.factory_name,
      }),
    );
    form.setValues({ quantity: null, note: '' });
    await queryClient.invalidateQueries({ queryKey: ['fabric'] });
  });
  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} noValidate ref={form.attach}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {phrase('Issue fabric to a factory')}
        </Title>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        {choices.data && choices.data.factories.length === 0 && (
          <Alert color="orange">
            {phrase('No active factory yet.')}{' '}
            <Anchor component={Link} to="/admin/factory/add">
              {phrase('Add a factory')}
            </Anchor>
          </Alert>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Select
              label={phrase('Factory')}
              required
              searchable
              data={(choices.data?.factories ?? []).map((each) => ({ value: String(each.id), label: choiceLabel(each) }))}
              value={values.factory_id ? String(values.factory_id) : null}
              onChange={(next) => form.setValue('factory_id', next ? Number(next) : null)}
              error={form.errors.factory_id}
              name="factory_id"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Select
              label={phrase('Fabric')}
              required
              searchable
              data={(choices.data?.fabrics ?? []).map((each) => ({
                value: String(each.id),
                label: `${choiceLabel(each)} (${number(each.stock)} ${phrase(FABRIC_UNIT_LABELS[each.unit])})`,
              }))}
              value={values.fabric_id ? String(values.fabric_id) : null}
              onChange={(next) => form.setValue('fabric_id', next ? Number(next) : null)}
              error={form.errors.fabric_id}
              name="fabric_id"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <NumberInput
              label={fabric ? phrase('Quantity ({{unit}})', { unit: phrase(FABRIC_UNIT_LABELS[fabric.unit]) }) : phrase('Quantity')}
              description={fabric ? phrase('{{n}} in stock', { n: number(fabric.stock) }) : undefined}
              required
              min={0}
              decimalScale={fabric?.unit === 'piece' ? 0 : 2}
              inputMode="decimal"
              value={values.quantity ?? ''}
              onChange={(next) => form.setValue('quantity', next === '' ? null : Number(next))}
              error={form.errors.quantity}
              name="quantity"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <TextInput label={phrase('Date')} type="date" required {...form.field('issued_on')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 2 }}>
            <Textarea label={phrase('Note')} autosize minRows={1} {...form.field('note')} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {phrase('Issue fabric')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
