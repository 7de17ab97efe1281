import { type ResellerApiKeyView, type ResellerSessionView, resellerApiKeyInput, resellerPasswordChangeInput } from '@haat/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, del, get, post } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { queryClient } from '../../lib/query';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { Loaded, PageHeading, useText } from './kit';

const sessionsQuery = {
  queryKey: ['reseller', 'sessions'],
  queryFn: async () => (await get<{ data: ResellerSessionView[] }>('/api/reseller/security/sessions')).data,
};
const keysQuery = {
  queryKey: ['reseller', 'api-keys'],
  queryFn: async () => (await get<{ data: ResellerApiKeyView[] }>('/api/reseller/security/api-keys')).data,
};

/** `/dropshipper/security/edit`: password change, signed-in sessions, API keys. */
export default function Security() {
  const { t } = useText();
  return (
    <Stack maw={960}>
      <PageHeading title={t('securityTitle', 'Security')} />
      <PasswordCard />
      <SessionsCard />
      <ApiKeysCard />
    </Stack>
  );
}

function PasswordCard() {
  const { t } = useText();
  const form = useZodForm(resellerPasswordChangeInput, { current_password: '', password: '', password_confirmation: '' });
  const save = form.onSubmit(async (input) => {
    const answer = await post<{ message: string }>('/api/reseller/security/password', input);
    form.setValues({ current_password: '', password: '', password_confirmation: '' });
    await queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
    toast.success(answer.message);
  });
  return (
    <Card withBorder>
      <Title order={2} fz="h4" mb="sm">
        {t('changePassword', 'Change password')}
      </Title>
      <form onSubmit={save} noValidate>
        <Stack maw={420}>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <PasswordInput
            label={t('currentPassword', 'Current password')}
            autoComplete="current-password"
            required
            {...form.field('current_password')}
          />
          <PasswordInput label={t('newPassword', 'New password')} autoComplete="new-password" required {...form.field('password')} />
          <PasswordInput
            label={t('confirmPassword', 'Confirm the new password')}
            autoComplete="new-password"
            required
            {...form.field('password_confirmation')}
          />
          <Text fz="xs" c="dimmed">
            {t('passwordSignsOut', 'Changing your password signs you out on every other device.')}
          </Text>
          <Group>
            <Button type="submit" loading={form.submitting}>
              {t('changePassword', 'Change password')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SessionsCard() {
  const { t } = useText();
  const sessions = useQuery(sessionsQuery);
  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      toast.success((await action()).message);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
    await queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
  };
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {t('sessions', 'Where you are signed in')}
        </Title>
        <Button variant="light" color="red" onClick={() => void run(() => post('/api/reseller/security/sessions/end-others'))}>
          {t('signOutOthers', 'Sign out of all other sessions')}
        </Button>
      </Group>
      <Loaded query={sessions}>
        {(rows) => (
          <TableScroll minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('device', 'Device')}</Table.Th>
                  <Table.Th>{t('ipAddress', 'IP address')}</Table.Th>
                  <Table.Th>{t('signedIn', 'Signed in')}</Table.Th>
                  <Table.Th>{t('lastSeen', 'Last active')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Text fz="sm" lineClamp={2} maw={320}>
                        {row.user_agent ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{row.ip ?? '—'}</Table.Td>
                    <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                    <Table.Td>{formatDateTime(row.last_seen_at)}</Table.Td>
                    <Table.Td>
                      {row.current ? (
                        <Text fz="sm" fw={600} c="teal.9">
                          {t('thisDevice', 'This device')}
                        </Text>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() => void run(() => del(`/api/reseller/security/sessions/${row.id}`))}
                        >
                          {t('signOut', 'Sign out')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Loaded>
    </Card>
  );
}

function ApiKeysCard() {
  const { t } = useText();
  const keys = useQuery(keysQuery);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const form = useZodForm(resellerApiKeyInput, { name: '' });
  const create = form.onSubmit(async (input) => {
    const answer = await post<{ data: ResellerApiKeyView & { key: string }; message: string }>('/api/reseller/security/api-keys', input);
    setCreated({ name: answer.data.name, key: answer.data.key });
    form.setValues({ name: '' });
    await queryClient.invalidateQueries({ queryKey: keysQuery.queryKey });
  });
  const revoke = async (key: ResellerApiKeyView) => {
    if (!window.confirm(t('confirmRevoke', 'Revoke the key "{{name}}"? Anything using it stops working.', { name: key.name }))) return;
    try {
      const answer = await del<{ message: string }>(`/api/reseller/security/api-keys/${key.id}`);
      toast.success(answer.message);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
    await queryClient.invalidateQueries({ queryKey: keysQuery.queryKey });
  };
  return (
    <Card withBorder>
      <Title order={2} fz="h4" mb="xs">
        {t('apiKeys', 'API keys')}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {t(
          'apiKeysIntro',
          'Keys let your own website or app use the reseller API. Send one as "Authorization: Bearer <key>". Keep it secret.',
        )}
      </Text>
      {created && (
        <Alert
          color="green"
          title={t('keyCreated', 'Key "{{name}}" created: copy it now, it is shown only once', { name: created.name })}
          mb="sm"
          withCloseButton
          onClose={() => setCreated(null)}
        >
          <Group gap="xs" wrap="nowrap">
            <Code data-testid="new-api-key" style={{ wordBreak: 'break-all' }}>
              {created.key}
            </Code>
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button size="compact-sm" onClick={copy} variant="light">
                  {copied ? t('copied', 'Copied') : t('copy', 'Copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      <form onSubmit={create} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={620}>
          <TextInput label={t('keyName', 'Key name')} placeholder={t('keyNameExample', 'My website')} required {...form.field('name')} />
          <Group align="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('createKey', 'Create key')}
            </Button>
          </Group>
        </SimpleGrid>
        {form.formError && (
          <Text c="red.8" fz="sm" role="alert" mt="xs">
            {form.formError}
          </Text>
        )}
      </form>
      <Loaded query={keys}>
        {(rows) => (
          <Table mt="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('keyName', 'Key name')}</Table.Th>
                <Table.Th>{t('keyStart', 'Starts with')}</Table.Th>
                <Table.Th>{t('created', 'Created')}</Table.Th>
                <Table.Th>{t('lastUsed', 'Last used')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center">
                      {t('noKeys', 'No keys yet.')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.name}</Table.Td>
                  <Table.Td>
                    <Code>{key.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>{formatDateTime(key.created_at)}</Table.Td>
                  <Table.Td>{key.last_used_at ? formatDateTime(key.last_used_at) : t('never', 'Never')}</Table.Td>
                  <Table.Td>
                    {key.revoked_at ? (
                      <Badge color="gray" variant="light" c="dark.8">
                        {t('revoked', 'Revoked')}
                      </Badge>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => void revoke(key)}
                        aria-label={t('revokeKey', 'Revoke {{name}}', { name: key.name })}
                      >
                        {t('revoke', 'Revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Loaded>
    </Card>
  );
}
