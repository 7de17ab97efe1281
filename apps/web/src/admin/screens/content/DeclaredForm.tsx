import { Alert, Button, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { get, post, put } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import { FieldInput } from '../../../ui/resource/fields';
import { EMPTY, initialValues, nestedErrors } from '../../../ui/resource/ResourceForm';
import { toast } from '../../../ui/toast/toast';
import { useZodForm } from '../../../ui/useZodForm';
import type { Field } from '../../resources/types';

type Row = Record<string, unknown>;

export interface DeclaredFormProps {
  /** The h1. */
  title: string;
  /** The collection's API; the record is `{api}/{id}`. */
  api: string;
  /** Set for an edit form. */
  id?: string;
  contract: z.ZodType<Row, Row>;
  /** The declaration's fields, or fields that follow the values (a template's kind). */
  fields: Field[] | ((values: Row) => Field[]);
  back: { to: string; label: string };
  submitLabel: string;
  /** Beside the form on wide screens (a preview). */
  aside?: (values: Row) => ReactNode;
  /** A new record's first values (a complaint opened from an order carries its number and phone). */
  initial?: Row;
}

/** A declared field's words in the reader's language (the declaration keeps its English). */
function inLanguage(field: Field, phrase: (text: string) => string): Field {
  return {
    ...field,
    label: phrase(field.label),
    description: field.description && phrase(field.description),
    options: field.options?.map((option) => ({ ...option, label: phrase(option.label) })),
    statusLabels: field.statusLabels && { on: phrase(field.statusLabels.on), off: phrase(field.statusLabels.off) },
  };
}

/**
 * The generated add/edit form of a declaration, for screens whose route has more than the row's
 * id in it (a page's sections by slug) or that add a panel beside the fields (a template's preview).
 * The same fields, contract and errors as ResourceForm.
 */
export function DeclaredForm(props: DeclaredFormProps) {
  const { id, api } = props;
  const record = useQuery({
    queryKey: ['resource', api, 'one', id],
    queryFn: () => get<{ data: Row }>(`${api}/${id}`),
    enabled: Boolean(id),
  });
  return (
    <Stack maw={props.aside ? 1200 : 880}>
      <Group justify="space-between">
        <Title order={1}>{props.title}</Title>
        <Button component={Link} to={props.back.to} variant="subtle">
          {props.back.label}
        </Button>
      </Group>
      {id && record.error && (
        <Alert color="red" role="alert">
          {record.error.message}
        </Alert>
      )}
      {id && record.isPending && <Skeleton h={320} radius="md" />}
      {(!id || record.data) && <FormBody key={id ?? 'new'} {...props} record={record.data?.data} />}
    </Stack>
  );
}

function FormBody({
  api,
  id,
  contract,
  fields,
  back,
  submitLabel,
  aside,
  record,
  initial: startWith,
}: DeclaredFormProps & { record?: Row }) {
  const phrase = usePhrase();
  const fieldsFor = (values: Row) => (typeof fields === 'function' ? fields(values) : fields);
  const initial = (() => {
    const start: Row = record ?? startWith ?? {};
    return initialValues(fieldsFor(start), start);
  })();
  const form = useZodForm(contract, initial);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const values = form.values as Row;
  const submit = form.onSubmit(async (_, input) => {
    const answer = id ? await put<{ message: string }>(`${api}/${id}`, input) : await post<{ message: string }>(api, input);
    await queryClient.invalidateQueries({ queryKey: ['resource', api] });
    toast.success(answer.message);
    navigate(back.to);
  });
  const body = (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fieldsFor(values).map((field) => (
              <div key={field.name} style={field.half ? undefined : { gridColumn: '1 / -1' }}>
                <FieldInput
                  field={inLanguage(field, phrase)}
                  value={values[field.name] ?? field.initial ?? EMPTY[field.kind]}
                  error={form.errors[field.name]}
                  errors={nestedErrors(form.errors, field.name)}
                  onChange={(value) => form.setValue(field.name, value)}
                />
              </div>
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button component={Link} to={back.to} variant="default">
              {phrase('Cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
  if (!aside) return body;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>{body}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>{aside(values)}</Grid.Col>
    </Grid>
  );
}
