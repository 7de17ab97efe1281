import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { get, post, put } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { FormErrorSummary } from '../FormErrorSummary';
import { toast } from '../toast/toast';
import { useZodForm } from '../useZodForm';
import { useResourceAccess } from './access';
import { FieldInput } from './fields';
import { initialValues } from './initial-values';
import { listPath, type ResourceDefinition, type ResourceEntry } from './types';

export { EMPTY, initialValues } from './initial-values';

type Row = Record<string, unknown>;

/** The errors below one field (`items.0.quantity` → `0.quantity` for `items`). */
export function nestedErrors(errors: Record<string, string>, name: string): Record<string, string> {
  const prefix = `${name}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );
}

/** The add and edit screens every resource gets, validated by the same contract as the API. */
export function ResourceForm({ entry, resource, mode }: { entry: ResourceEntry; resource: ResourceDefinition; mode: 'add' | 'edit' }) {
  const id = Object.values(useParams())[0];
  const record = useQuery({
    queryKey: ['resource', resource.api, 'one', id],
    queryFn: () => get<{ data: Row }>(`${resource.api}/${id}`),
    enabled: mode === 'edit',
  });
  const { words, historyPath } = useResourceAccess();
  const phrase = usePhrase();
  const title = mode === 'add' ? words.add(entry.singular) : words.editTitle(entry.singular);
  // The audit log names a resource's changes by its permission prefix (the API's default entity).
  const history = mode === 'edit' && id ? historyPath?.(entry.permission, id) : null;
  return (
    <Stack maw={880}>
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        <Group gap="xs">
          {history && (
            <Button component={Link} to={history} variant="subtle">
              {words.history}
            </Button>
          )}
          <Button component={Link} to={listPath(entry)} variant="subtle">
            {words.back(entry.title)}
          </Button>
        </Group>
      </Group>
      {mode === 'edit' && record.error && (
        <Alert color="red" role="alert">
          {phrase(record.error.message)}
        </Alert>
      )}
      {mode === 'edit' && record.isPending && <Skeleton h={320} radius="md" />}
      {(mode === 'add' || record.data) && (
        <FormBody
          key={id ?? 'new'}
          entry={entry}
          resource={resource}
          id={id}
          initial={initialValues(resource.form.fields, record.data?.data)}
        />
      )}
    </Stack>
  );
}

function FormBody({ entry, resource, id, initial }: { entry: ResourceEntry; resource: ResourceDefinition; id?: string; initial: Row }) {
  const { words } = useResourceAccess();
  const phrase = usePhrase();
  const form = useZodForm(resource.contract, initial);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submit = form.onSubmit(async (_, input) => {
    const answer = id
      ? await put<{ message: string }>(`${resource.api}/${id}`, input)
      : await post<{ message: string }>(resource.api, input);
    await queryClient.invalidateQueries({ queryKey: ['resource', resource.api] });
    toast.success(answer.message);
    navigate(listPath(entry));
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {resource.form.fields.map((field) => (
              <div
                key={field.name}
                data-field={field.name}
                data-label={phrase(field.label)}
                style={field.half ? undefined : { gridColumn: '1 / -1' }}
              >
                <FieldInput
                  field={field}
                  value={(form.values as Row)[field.name]}
                  error={form.errors[field.name]}
                  errors={nestedErrors(form.errors, field.name)}
                  onChange={(value) => form.setValue(field.name, value)}
                  values={form.values as Row}
                />
              </div>
            ))}
          </SimpleGrid>
          <FormErrorSummary form={form} />
          <Group justify="flex-end">
            <Button component={Link} to={listPath(entry)} variant="default">
              {words.cancel}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {words.save(id ? 'edit' : 'add', entry.singular)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
