import {
  type AuditActorFacet,
  type AuditChange,
  type AuditEntryView,
  type Paginator,
  SETTING_GROUP_CONTRACTS,
  type SettingGroupKey,
} from '@haat/contracts';
import { Alert, Badge, Button, Card, Group, List, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { dateLocaleReady } from '../../lib/i18n';
import { phrase, usePhrase } from '../../lib/phrases';
import { Pagination } from '../../ui/resource/Pagination';
import { TableScroll } from '../../ui/TableScroll';

const PER_PAGE = 25;

/** Field names read as their labels for settings; other entities show the field name. */
function fieldLabel(entry: AuditEntryView, field: string): string {
  if (entry.entity === 'setting' && entry.entity_id && Object.hasOwn(SETTING_GROUP_CONTRACTS, entry.entity_id)) {
    const contract = SETTING_GROUP_CONTRACTS[entry.entity_id as SettingGroupKey];
    const label = contract.fields.find((each) => each.name === field)?.label;
    return label ? phrase(label) : field;
  }
  return field.replace(/_/g, ' ');
}

/** Settings changes in the order of the screen's fields; others as recorded. */
function orderedChanges(entry: AuditEntryView): [string, AuditChange][] {
  const changes = Object.entries(entry.changes);
  if (entry.entity !== 'setting' || !entry.entity_id || !Object.hasOwn(SETTING_GROUP_CONTRACTS, entry.entity_id)) return changes;
  const order = SETTING_GROUP_CONTRACTS[entry.entity_id as SettingGroupKey].fields.map((field) => field.name as string);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return changes.sort(([a], [b]) => rank(a) - rank(b));
}

function what(entry: AuditEntryView): string {
  if (entry.entity === 'setting' && entry.entity_id && Object.hasOwn(SETTING_GROUP_CONTRACTS, entry.entity_id)) {
    const title = phrase(SETTING_GROUP_CONTRACTS[entry.entity_id as SettingGroupKey].title);
    return entry.action === 'update' ? phrase('{{title}} changed', { title }) : `${title}: ${phrase(entry.action)}`;
  }
  // Entities and actions are the API's own words (order #12: update); the action reads in the admin's language.
  return `${entry.entity.replace(/[._]/g, ' ')}${entry.entity_id ? ` #${entry.entity_id}` : ''}: ${phrase(entry.action)}`;
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return phrase('(empty)');
  if (typeof value === 'boolean') return value ? phrase('on') : phrase('off');
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

function Change({ entry, field, change }: { entry: AuditEntryView; field: string; change: AuditChange }) {
  const phrase = usePhrase();
  return (
    <List.Item>
      <Text span fw={600} fz="sm">
        {fieldLabel(entry, field)}
      </Text>
      {change === 'changed' ? (
        <Text span fz="sm">
          {' '}
          {phrase('changed (secret, not shown)')}
        </Text>
      ) : (
        <Text span fz="sm">
          {': '}
          <Text span c="dimmed" fz="sm">
            {shown(change.before)}
          </Text>
          {' → '}
          {shown(change.after)}
        </Text>
      )}
    </List.Item>
  );
}

/** `/admin/audit/log`: who changed what, and when, newest first. */
export default function AuditLog() {
  const [params, setParams] = useSearchParams();
  const phrase = usePhrase();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const entity = params.get('filter[entity]');
  const entityId = params.get('filter[entity_id]');
  const actor = params.get('filter[actor]');
  const from = params.get('filter[from]');
  const to = params.get('filter[to]');
  const filters = new URLSearchParams();
  for (const [key, value] of Object.entries({
    'filter[entity]': entity,
    'filter[entity_id]': entityId,
    'filter[actor]': actor,
    'filter[from]': from,
    'filter[to]': to,
  })) {
    if (value) filters.set(key, value);
  }
  const filtered = Boolean(entity || entityId || actor || from || to);
  const query = new URLSearchParams(filters);
  query.set('per_page', String(PER_PAGE));
  if (page > 1) query.set('page', String(page));

  const facets = useQuery({
    queryKey: ['admin', 'audit-log', 'facets'],
    queryFn: () => get<{ entities: string[]; actors: AuditActorFacet[] }>('/api/admin/audit-log/facets'),
  });
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['admin', 'audit-log', query.toString()],
    // Times read in the admin's language (month names, digits).
    queryFn: async () =>
      (await Promise.all([get<Paginator<AuditEntryView>>(`/api/admin/audit-log?${query.toString()}`), dateLocaleReady()]))[0],
    placeholderData: keepPreviousData,
  });
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: !('page' in changes) });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>
            {entity && entityId
              ? phrase('History of {{thing}} #{{id}}', { thing: entity.replace(/[._]/g, ' '), id: entityId })
              : phrase('Audit log')}
          </Title>
          <Text c="dimmed">{phrase('Who changed what, and when. Secrets show only that they changed.')}</Text>
        </div>
        <Button component="a" variant="default" href={`/api/admin/audit-log/export.csv?${filters.toString()}`} download>
          {phrase('Export CSV')}
        </Button>
      </Group>
      <Card withBorder padding="sm">
        <Group align="flex-end" gap="sm">
          <Select
            label={phrase('What')}
            placeholder={phrase('Everything')}
            clearable
            data={(facets.data?.entities ?? []).map((value) => ({ value, label: value }))}
            value={entity}
            onChange={(value) => update({ 'filter[entity]': value })}
            w={{ base: '100%', sm: 220 }}
          />
          <Select
            label={phrase('Who')}
            placeholder={phrase('Anyone')}
            clearable
            searchable
            data={(facets.data?.actors ?? []).map((each) => ({
              value: each.key,
              label: each.kind === 'system' ? phrase(each.name) : `${each.name} (${phrase(each.kind)})`,
            }))}
            value={actor}
            onChange={(value) => update({ 'filter[actor]': value })}
            w={{ base: '100%', sm: 260 }}
          />
          <TextInput
            label={phrase('From')}
            type="date"
            value={from ?? ''}
            onChange={(event) => update({ 'filter[from]': event.currentTarget.value || null })}
            w={{ base: '100%', sm: 170 }}
          />
          <TextInput
            label={phrase('To')}
            type="date"
            value={to ?? ''}
            onChange={(event) => update({ 'filter[to]': event.currentTarget.value || null })}
            w={{ base: '100%', sm: 170 }}
          />
          {entityId && (
            <Button variant="default" onClick={() => update({ 'filter[entity_id]': null })}>
              {entity ? phrase('All {{things}}', { things: entity.replace(/[._]/g, ' ') }) : phrase('All records')}
            </Button>
          )}
        </Group>
      </Card>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <Card withBorder padding={0}>
        <TableScroll minWidth={720}>
          <Table striped verticalSpacing="sm" aria-busy={isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={200}>{phrase('When')}</Table.Th>
                <Table.Th w={180}>{phrase('Who')}</Table.Th>
                <Table.Th>{phrase('What changed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isPending &&
                [0, 1, 2].map((index) => (
                  <Table.Tr key={index}>
                    <Table.Td colSpan={3}>
                      <Skeleton h={20} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {data?.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text c="dimmed" ta="center" py="md">
                      {filtered ? phrase('Nothing has been recorded for these filters.') : phrase('Nothing has been recorded yet.')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data?.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td valign="top">
                    <Text fz="sm">{formatDateTime(entry.created_at)}</Text>
                    {entry.ip && (
                      <Text fz="xs" c="dimmed">
                        {phrase('from {{ip}}', { ip: entry.ip })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td valign="top">
                    {entry.actor_kind === 'system' ? (
                      <Badge color="gray.7">{phrase('System')}</Badge>
                    ) : (
                      <>
                        <Text fz="sm">{entry.actor_name ?? (entry.actor_id ? `#${entry.actor_id}` : phrase('Guest shopper'))}</Text>
                        {entry.actor_kind !== 'admin' && (
                          <Text fz="xs" c="dimmed">
                            {phrase(entry.actor_kind)}
                          </Text>
                        )}
                      </>
                    )}
                  </Table.Td>
                  <Table.Td valign="top">
                    <Text fw={600} fz="sm">
                      {what(entry)}
                    </Text>
                    <List size="sm" spacing={2} mt={4}>
                      {orderedChanges(entry).map(([field, change]) => (
                        <Change key={field} entry={entry} field={field} change={change} />
                      ))}
                    </List>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Card>
      {data && (
        <Pagination
          total={data.total}
          perPage={data.per_page}
          page={data.current_page}
          onChange={(next) => update({ page: String(next) })}
        />
      )}
    </Stack>
  );
}
