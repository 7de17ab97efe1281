import { CONTACT_MESSAGE_STATUS_LABELS, type ContactMessageStatus, contactMessageInput, contactReplyInput } from '@haat/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { get, post } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { usePhrase } from '../../../lib/phrases';
import { AA_COLORS } from '../../../ui/colors';
import { toast } from '../../../ui/toast/toast';
import { useZodForm } from '../../../ui/useZodForm';
import contactMessageDeclaration, { CONTACT_STATUS_COLOURS } from '../../resources/content/contact-message';
import { listPath, type ResourceFormScreenProps } from '../../resources/types';
import { DeclaredForm } from './DeclaredForm';

const API = '/api/admin/contact-messages';

interface Reply {
  id: number;
  channel: 'sms' | 'email';
  text: string;
  created_at: string;
  delivery: 'logged' | 'sent' | 'failed' | null;
  recipient: string | null;
}

interface Message {
  id: number;
  name: string;
  phone: string;
  email: string;
  message: string;
  status: ContactMessageStatus;
  created_at: string;
  replies: Reply[];
}

const DELIVERY: Record<string, string> = {
  sent: 'sent',
  logged: 'written to the log (no gateway set up)',
  failed: 'not sent',
};

/** `/admin/contact/message/{id}`: read the message (it is marked read), reply by SMS or e-mail, archive. */
function MessageView({ back }: { back: string }) {
  const phrase = usePhrase();
  const { id } = useParams();
  const queryClient = useQueryClient();
  const message = useQuery({ queryKey: ['resource', API, 'one', id], queryFn: () => get<{ data: Message }>(`${API}/${id}`) });
  const marked = useRef(false);
  const data = message.data?.data;

  useEffect(() => {
    if (data?.status !== 'new' || marked.current) return;
    marked.current = true;
    void post(`${API}/${data.id}/read`).then(() => queryClient.invalidateQueries({ queryKey: ['resource', API] }));
  }, [data, queryClient]);

  const archive = useMutation({
    mutationFn: (action: 'archive' | 'restore') => post<{ message: string }>(`${API}/${id}/${action}`),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: ['resource', API] });
    },
    onError: (failure) => toast.error(failure.message),
  });

  if (message.error) {
    return (
      <Stack>
        <Title order={1}>{phrase('Contact message')}</Title>
        <Alert color="red" role="alert">
          {message.error.message}
        </Alert>
      </Stack>
    );
  }
  if (!data) return <Skeleton h={320} radius="md" />;
  return (
    <Stack maw={880}>
      <Group justify="space-between">
        <Title order={1}>{phrase('Message from {{name}}', { name: data.name })}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            loading={archive.isPending}
            onClick={() => archive.mutate(data.status === 'archived' ? 'restore' : 'archive')}
          >
            {data.status === 'archived' ? phrase('Back to the inbox') : phrase('Archive')}
          </Button>
          <Button component={Link} to={back} variant="subtle">
            {phrase('Back to messages')}
          </Button>
        </Group>
      </Group>
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Group gap="sm">
            <Badge variant="filled" color={CONTACT_STATUS_COLOURS[data.status]}>
              {phrase(CONTACT_MESSAGE_STATUS_LABELS[data.status])}
            </Badge>
            <Text fz="sm" c={AA_COLORS.muted}>
              {phrase('Received {{date}}', { date: formatDateTime(data.created_at) })}
            </Text>
          </Group>
          <Group gap="lg">
            {data.phone && (
              <Text fz="sm">
                {phrase('Phone:')} <Anchor href={`tel:${data.phone}`}>{data.phone}</Anchor>
              </Text>
            )}
            {data.email && (
              <Text fz="sm">
                {phrase('E-mail:')} <Anchor href={`mailto:${data.email}`}>{data.email}</Anchor>
              </Text>
            )}
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{data.message}</Text>
        </Stack>
      </Card>
      <ReplyForm message={data} />
      {data.replies.length > 0 && (
        <Card withBorder padding="lg">
          <Title order={2} fz="h4" mb="sm">
            {phrase('Replies')}
          </Title>
          <Stack gap="sm">
            {data.replies.map((reply) => (
              <Stack key={reply.id} gap={2}>
                <Text fz="xs" c={AA_COLORS.muted}>
                  {formatDateTime(reply.created_at)} ·{' '}
                  {phrase(reply.channel === 'sms' ? 'SMS to {{recipient}}' : 'E-mail to {{recipient}}', { recipient: reply.recipient })} ·{' '}
                  {reply.delivery && DELIVERY[reply.delivery] ? phrase(DELIVERY[reply.delivery] ?? '') : '—'}
                </Text>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {reply.text}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function ReplyForm({ message }: { message: Message }) {
  const phrase = usePhrase();
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<'sms' | 'email'>(message.phone ? 'sms' : 'email');
  const form = useZodForm(contactReplyInput, { channel, message: '' });
  const submit = form.onSubmit(async (_, values) => {
    const answer = await post<{ message: string; delivery: string }>(`${API}/${message.id}/reply`, { ...values, channel });
    if (answer.delivery === 'sent') toast.success(answer.message);
    else toast.warning('Reply saved', answer.message, { timeout: 8000 });
    form.setValues({ channel, message: '' });
    await queryClient.invalidateQueries({ queryKey: ['resource', API] });
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} fz="h4">
            {phrase('Reply')}
          </Title>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <div>
            <Text component="span" id="reply-channel" fz="sm" fw={500}>
              {phrase('Send by')}
            </Text>
            <SegmentedControl
              aria-labelledby="reply-channel"
              display="flex"
              w="fit-content"
              value={channel}
              onChange={(value) => setChannel(value as 'sms' | 'email')}
              data={[
                {
                  value: 'sms',
                  label: message.phone ? phrase('SMS to {{recipient}}', { recipient: message.phone }) : phrase('SMS (no phone)'),
                  disabled: !message.phone,
                },
                {
                  value: 'email',
                  label: message.email ? phrase('E-mail to {{recipient}}', { recipient: message.email }) : phrase('E-mail (no e-mail)'),
                  disabled: !message.email,
                },
              ]}
            />
            {form.errors.channel && (
              <Text fz="xs" c="red.8" role="alert">
                {form.errors.channel}
              </Text>
            )}
          </div>
          <Textarea label={phrase('Your reply')} required autosize minRows={3} {...form.field('message')} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {phrase('Send reply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Contact messages' bespoke screens: a message opens to be read and answered; "add" logs one taken by phone. */
export default function ContactMessageScreen({ entry, mode }: ResourceFormScreenProps) {
  const phrase = usePhrase();
  if (mode === 'edit') return <MessageView back={listPath(entry)} />;
  return (
    <DeclaredForm
      title={phrase('Log a message')}
      api={API}
      contract={contactMessageInput}
      fields={contactMessageDeclaration.form.fields}
      back={{ to: listPath(entry), label: phrase('Back to messages') }}
      submitLabel={phrase('Save message')}
    />
  );
}
