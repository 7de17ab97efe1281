import type { Paginator, ResellerSmsCampaignView, ResellerSmsRecipientView } from '@haat/contracts';
import { Alert, Badge, Button, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useNumber } from '../../lib/numbers';
import { DataTable } from '../../ui/DataTable';
import { useMoney } from '../../ui/portal/money/money';
import { type DeclaredResource, LIST_ONLY } from '../../ui/resource/declared-routes';
import { Pagination } from '../../ui/resource/Pagination';
import { useSmsText } from './i18n';
import { SMS_KEY } from './SmsCampaign';

const STATUS_COLOR = { sending: 'blue', stopped: 'gray', finished: 'green' } as const;
const RECIPIENT_COLOR = { pending: 'gray', claimed: 'blue', sent: 'green', failed: 'red', skipped: 'gray' } as const;

function Progressed({ row }: { row: ResellerSmsCampaignView }) {
  const { t } = useSmsText();
  const number = useNumber();
  const done = row.sent + row.failed;
  const percent = row.total ? Math.round((done / row.total) * 100) : 100;
  return (
    <Stack gap={4} miw={160}>
      <Progress
        value={percent}
        color={row.failed ? 'orange' : 'green'}
        aria-label={t('history.progressLabel', { done: number(done), total: number(row.total) })}
      />
      <Text fz="xs">{t('history.sentFailed', { sent: number(row.sent), failed: number(row.failed) })}</Text>
    </Stack>
  );
}

function Recipients({ campaign, onClose }: { campaign: ResellerSmsCampaignView; onClose: () => void }) {
  const { t } = useSmsText();
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useQuery({
    queryKey: [...SMS_KEY, 'campaign', campaign.id, page],
    queryFn: () =>
      get<{ data: ResellerSmsCampaignView; recipients: Paginator<ResellerSmsRecipientView> }>(
        `/api/reseller/sms/campaigns/${campaign.id}?page=${page}&per_page=50`,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.status === 'sending' ? 1000 : false),
  });
  return (
    <Modal opened onClose={onClose} size="lg" title={t('history.recipientsTitle', { date: formatDateTime(campaign.created_at) })}>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        <Text fz="sm">{campaign.message}</Text>
        {data && <Progressed row={data.data} />}
        <DataTable
          minWidth={480}
          columns={4}
          loading={isPending}
          empty={null}
          head={
            <>
              <Table.Th>{t('campaign.name')}</Table.Th>
              <Table.Th>{t('campaign.phone')}</Table.Th>
              <Table.Th>{t('history.status')}</Table.Th>
              <Table.Th>{t('history.error')}</Table.Th>
            </>
          }
        >
          {data?.recipients.data.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.phone}</Table.Td>
              <Table.Td>
                <Badge color={RECIPIENT_COLOR[row.status]} variant="light" c="dark.8" miw="max-content">
                  {t(`recipientStatus.${row.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td fz="sm">{row.error ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
        {data && <Pagination total={data.recipients.total} perPage={data.recipients.per_page} page={page} onChange={setPage} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('history.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** `/dropshipper/sms/history`: every campaign with its cost and delivery, live while one is sending. */
export default function useSmsHistoryResource(): DeclaredResource {
  const { t } = useSmsText();
  const money = useMoney();
  const campaign = (row: Record<string, unknown>) => row as unknown as ResellerSmsCampaignView;
  return {
    title: t('history.title'),
    singular: t('history.title'),
    readOnly: true,
    resource: {
      api: '/api/reseller/sms/campaigns',
      ...LIST_ONLY,
      list: {
        intro: t('history.intro'),
        search: false,
        export: false,
        empty: t('history.empty'),
        actions: () => (
          <Button component={Link} to="/dropshipper/sms/campaign">
            {t('history.newCampaign')}
          </Button>
        ),
        // Live while a campaign is sending.
        refetchInterval: (answer) => (answer.data.some((row) => row.status === 'sending') ? 1000 : false),
        columns: [
          { key: 'created_at', label: t('history.date'), render: (row) => formatDateTime(campaign(row).created_at) },
          {
            key: 'message',
            label: t('history.message'),
            render: (row) => (
              <Text fz="sm" lineClamp={2} maw={320}>
                {campaign(row).message}
              </Text>
            ),
          },
          { key: 'total', label: t('history.recipients'), align: 'right' },
          { key: 'parts', label: t('history.parts'), align: 'right' },
          {
            key: 'cost',
            label: t('history.cost'),
            align: 'right',
            render: (row) => (
              <Text component="span" fw={600}>
                {money(campaign(row).cost)}
              </Text>
            ),
          },
          { key: 'progress', label: t('history.progress'), render: (row) => <Progressed row={campaign(row)} /> },
          {
            key: 'status',
            label: t('history.status'),
            render: (row) => (
              <Badge color={STATUS_COLOR[campaign(row).status]} variant="light" c="dark.8" miw="max-content">
                {t(`status.${campaign(row).status}`)}
              </Badge>
            ),
          },
          { key: 'view', label: t('history.view'), render: (row) => <RecipientsButton campaign={campaign(row)} /> },
        ],
      },
    },
  };
}

/** "View": the campaign's recipients and how each message went. */
function RecipientsButton({ campaign }: { campaign: ResellerSmsCampaignView }) {
  const { t } = useSmsText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)}>
        {t('history.view')}
      </Button>
      {open && <Recipients campaign={campaign} onClose={() => setOpen(false)} />}
    </>
  );
}
