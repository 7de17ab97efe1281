import { COURIER_CREDENTIALS, COURIER_PROVIDERS, type CourierProviderCode } from '@haat/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, get, post, put } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';

type Values = Record<string, unknown>;
type Stored = Values & { connected: boolean };

export const courierCredentialsQuery = {
  queryKey: ['admin', 'courier', 'api'] as const,
  queryFn: () => get<{ data: Record<CourierProviderCode, Stored> }>('/api/admin/courier/api'),
};

/** Each provider's credentials, for an admin with courier.api.manage (secrets arrive masked). */
export default function CourierCredentials() {
  const { data, error, isPending, dataUpdatedAt } = useQuery(courierCredentialsQuery);
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  }
  if (isPending || !data) return <Skeleton h={360} radius="md" />;
  return (
    <Stack>
      {COURIER_PROVIDERS.map((provider) => (
        <ProviderForm
          key={`${provider.code}-${dataUpdatedAt}`}
          code={provider.code}
          name={provider.name}
          initial={data.data[provider.code]}
        />
      ))}
    </Stack>
  );
}

function ProviderForm({ code, name, initial }: { code: CourierProviderCode; name: string; initial: Stored }) {
  const spec = COURIER_CREDENTIALS[code];
  const { connected, ...values } = initial;
  const form = useZodForm(spec.schema, values as never);
  const queryClient = useQueryClient();
  const [test, setTest] = useState<{ ok: boolean; message: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const current = form.values as Values;
  const secrets = spec.secrets as readonly string[];
  const phrase = usePhrase();

  const submit = form.onSubmit(async (_parsed, input) => {
    const answer = await put<{ data: Stored; message: string }>(`/api/admin/courier/api/${code}`, input as Values);
    await queryClient.invalidateQueries({ queryKey: ['courier', 'api'] });
    await queryClient.invalidateQueries({ queryKey: courierCredentialsQuery.queryKey });
    toast.success(`${name}: ${answer.message}`);
  });

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    try {
      const answer = await post<{ ok: boolean; message: string }>(`/api/admin/courier/api/${code}/test`, current);
      setTest(answer);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) form.setErrors(error.fieldErrors());
      setTest({ ok: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setTesting(false);
    }
  };

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-label={phrase('{{name}} API', { name })}>
        <Stack>
          <Group justify="space-between">
            <Title order={2} fz="h3">
              {name}
            </Title>
            <Badge color={connected ? 'green.8' : 'gray.7'}>{connected ? phrase('Connected') : phrase('Not connected')}</Badge>
          </Group>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <Switch
            label={phrase('Book {{name}} parcels through its API', { name })}
            checked={current.enabled === true}
            onChange={(event) => form.setValue('enabled', event.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {spec.fields.map((field) => {
              const secret = secrets.includes(field.name);
              const props = {
                label: phrase(field.label),
                value: String(current[field.name] ?? ''),
                error: form.errors[field.name],
                onChange: (event: { currentTarget: { value: string } }) => form.setValue(field.name, event.currentTarget.value),
                autoComplete: 'off',
              };
              return (
                <div key={field.name} style={field.name === 'base_url' ? { gridColumn: '1 / -1' } : undefined}>
                  {secret ? (
                    <PasswordInput
                      {...props}
                      description={current[field.name] ? phrase('Saved: leave it as it is to keep it') : phrase('Not set')}
                    />
                  ) : (
                    <TextInput {...props} />
                  )}
                </div>
              );
            })}
          </SimpleGrid>
          <Text fz="sm" c="dimmed">
            {code === 'pathao'
              ? phrase('Webhook URL to give Pathao (status updates arrive at once, signed with the webhook secret):')
              : phrase('Webhook URL to give Steadfast, with the webhook token as its Bearer token (status updates arrive at once):')}{' '}
            <Text span ff="monospace" fz="sm" c="dark">
              {/* i18n-ignore: an address */}
              {`${window.location.origin}/api/courier/webhook/${code}`}
            </Text>
          </Text>
          {test && (
            <Alert
              color={test.ok ? 'green' : 'red'}
              role="status"
              title={test.ok ? phrase('Connection works') : phrase('Connection failed')}
            >
              {test.message}
            </Alert>
          )}
          <Group justify="space-between">
            <Text fz="xs" c="dimmed">
              {phrase('Keys are stored encrypted; every change is recorded in the audit log.')}
            </Text>
            <Group>
              <Button variant="default" onClick={runTest} loading={testing}>
                {phrase('Test connection')}
              </Button>
              <Button type="submit" loading={form.submitting}>
                {phrase('Save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
