import type { ComplaintNoteView } from '@haat/contracts';
import { Button, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { get, post } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { useApiSubmit } from '../../ui/useApiSubmit';
import complaint from '../resources/complaints/complaint';
import { listPath, type ResourceFormScreenProps } from '../resources/types';
import { DeclaredForm } from '../screens/content/DeclaredForm';
import { useCan } from '../useAdmin';

/**
 * `/admin/complaint/add` and `/admin/complaint/edit/{id}` (decision 061): the declared fields, and on
 * an open case its thread of notes beside them. Opened from an order or a phone, the add form starts
 * with them (`?order=HB-100245&phone=…&name=…`).
 */
export default function ComplaintForm({ entry, mode }: ResourceFormScreenProps) {
  const phrase = usePhrase();
  const id = Object.values(useParams())[0];
  const [search] = useSearchParams();
  const thing = phrase(entry.singular);
  const initial =
    mode === 'add'
      ? {
          order_number: search.get('order') ?? '',
          phone: search.get('phone') ?? '',
          customer_name: search.get('name') ?? '',
          kind: search.get('kind') === 'return' ? 'return' : 'complaint',
        }
      : undefined;
  return (
    <DeclaredForm
      title={mode === 'add' ? phrase('Add {{thing}}', { thing }) : phrase('Edit {{thing}}', { thing })}
      api={complaint.api}
      id={mode === 'edit' ? id : undefined}
      contract={complaint.contract}
      fields={complaint.form.fields}
      initial={initial}
      back={{ to: listPath(entry), label: phrase('Back to {{list}}', { list: phrase(entry.title) }) }}
      submitLabel={mode === 'edit' ? phrase('Save changes') : phrase('Add {{thing}}', { thing })}
      aside={mode === 'edit' && id ? () => <ComplaintNotes id={id} /> : undefined}
    />
  );
}

/** A case's thread: every note with who wrote it and when, and a box to add one. */
function ComplaintNotes({ id }: { id: string }) {
  const phrase = usePhrase();
  const can = useCan();
  const notes = useQuery({
    queryKey: ['complaint-notes', id],
    queryFn: () => get<{ data: ComplaintNoteView[] }>(`${complaint.api}/${id}/notes`),
  });
  const [body, setBody] = useState('');
  const { submit, working, error, alert } = useApiSubmit(
    () => post<{ message: string }>(`${complaint.api}/${id}/notes`, { body }),
    () => setBody(''),
  );
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {phrase('Notes')}
        </Title>
        {notes.data?.data.length === 0 && <Text c="dimmed">{phrase('No notes yet.')}</Text>}
        {notes.data?.data.map((note) => (
          <div key={note.id}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {note.body}
            </Text>
            <Text size="xs" c="dimmed">
              {note.admin_name ?? phrase('System')} · {formatDateTime(note.at)}
            </Text>
          </div>
        ))}
        {can('complaint.update') && (
          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              {alert}
              <Textarea
                label={phrase('Add a note')}
                description={phrase('A call made, what the customer said, what was done')}
                value={body}
                onChange={(event) => setBody(event.currentTarget.value)}
                error={error('body')}
                autosize
                minRows={2}
              />
              <Button type="submit" loading={working} variant="light">
                {phrase('Add note')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
