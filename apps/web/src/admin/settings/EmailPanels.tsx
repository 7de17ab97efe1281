import { type EmailLogEntry, emailTestInput, type Paginator } from '@haat/contracts';
import { Alert, Badge, Button, Card, Group, Modal, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, get, post } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { queryClient } from '../../lib/query';
import { AA_COLORS } from '../../ui/colors';
import { Pagination } from '../../ui/resource/Pagination';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { useCan } from '../useAdmin';

const LOG_KEY = ['admin', 'email-log'] as const;
const PER_PAGE = 10;

const STATUS: Record<EmailLogEntry['status'], { label: string; color: string }> = {
  sent: { label: 'Sent', color: 'green.8' },
  failed: { label: 'Failed', color: 'red.8' },
  logged: { label: 'Logged', color: 'gray.7' },
};

/** "Send test e-mail": one e-mail through the saved mail server, or to the e-mail log when there is none. */
function EmailTestPanel() {
  const phrase = usePhrase();
  const form = useZodForm(emailTestInput, { email: '' });
  const send = form.onSubmit(async (input) => {
    try {
      const answer = await post<{ message: string; result: { status: string } }>('/api/admin/settings/email/test', input);
      if (answer.result.status === 'sent') toast.success(answer.message);
      else toast.info(answer.message);
    } catch (error) {
      // A server's refusal names no field: it shows above the form and as a toast.
      if (error instanceof ApiError && Object.keys(error.errors).length === 0) toast.error(phrase('Test e-mail not sent'), error.message);
      throw error;
    } finally {
      void queryClient.invalidateQueries({ queryKey: LOG_KEY });
    }
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={send} noValidate aria-label={phrase('Send test e-mail')}>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {phrase('Send test e-mail')}
          </Title>
          <Text fz="sm" c={AA_COLORS.muted}>
            {phrase('Uses the saved settings: save your changes first.')}
          </Text>
          {form.formError && (
            <Text c="red.8" fz="sm" role="alert">
              {form.formError}
            </Text>
          )}
          <Group align="flex-start">
            {/* i18n-ignore: an example address */}
            <TextInput label={phrase('E-mail address')} placeholder="you@example.com" type="email" w={280} {...form.field('email')} />
            <Button type="submit" mt={25} loading={form.submitting}>
              {phrase('Send test e-mail')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** One e-mail of the log with its text. */
function EmailView({ id, onClose }: { id: number; onClose: () => void }) {
  const phrase = usePhrase();
  const { data } = useQuery({
    queryKey: [...LOG_KEY, 'one', id],
    queryFn: () => get<{ data: EmailLogEntry & { body: string; message_id: string | null } }>(`/api/admin/email-log/${id}`),
  });
  const mail = data?.data;
  return (
    <Modal opened onClose={onClose} title={mail?.subject ?? phrase('E-mail')} size="lg">
      {mail ? (
        <Stack gap="xs">
          <Text fz="sm">
            {phrase('Sent to')} <strong>{mail.recipient}</strong> · {formatDateTime(mail.created_at)} ·{' '}
            <Badge color={STATUS[mail.status].color}>{phrase(STATUS[mail.status].label)}</Badge>
          </Text>
          {mail.error && (
            <Alert color="red" role="alert">
              {mail.error}
            </Alert>
          )}
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {mail.body}
          </Text>
        </Stack>
      ) : (
        <Skeleton h={80} />
      )}
    </Modal>
  );
}

/** The e-mail log: every e-mail the shop sent, could not send, or only logged for want of a mail server. */
function EmailLogPanel() {
  const phrase = usePhrase();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: [...LOG_KEY, page],
    queryFn: () => get<Paginator<EmailLogEntry>>(`/api/admin/email-log?per_page=${PER_PAGE}&page=${page}`),
    placeholderData: keepPreviousData,
  });
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4">
            {phrase('E-mail log')}
          </Title>
          <Text fz="sm" c={AA_COLORS.muted}>
            {phrase('Every e-mail to customers, newest first. Without a mail server, e-mails are only kept here.')}
          </Text>
        </div>
        {error && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        <TableScroll minWidth={640}>
          <Table striped verticalSpacing="xs" aria-busy={isFetching} aria-label={phrase('E-mail log')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>{phrase('When')}</Table.Th>
                <Table.Th>{phrase('Sent to')}</Table.Th>
                <Table.Th>{phrase('Subject')}</Table.Th>
                <Table.Th w={120}>{phrase('Status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isPending && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Skeleton h={20} />
                  </Table.Td>
                </Table.Tr>
              )}
              {data?.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c={AA_COLORS.muted} ta="center" py="sm">
                      {phrase('No e-mails yet.')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data?.data.map((mail) => (
                <Table.Tr key={mail.id}>
                  <Table.Td fz="sm">{formatDateTime(mail.created_at)}</Table.Td>
                  <Table.Td fz="sm">{mail.recipient}</Table.Td>
                  <Table.Td fz="sm">
                    <Button variant="subtle" size="compact-sm" px={4} onClick={() => setOpen(mail.id)}>
                      {mail.subject || phrase('(no subject)')}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS[mail.status].color} title={mail.error ?? undefined}>
                      {phrase(STATUS[mail.status].label)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        {data && <Pagination total={data.total} perPage={data.per_page} page={data.current_page} onChange={setPage} />}
      </Stack>
      {open !== null && <EmailView id={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}

/** Under the E-mail (SMTP) settings: the test send (for those who may change settings) and the e-mail log. */
export function EmailPanels() {
  const can = useCan();
  return (
    <>
      {can('setting.update') && <EmailTestPanel />}
      <EmailLogPanel />
    </>
  );
}
