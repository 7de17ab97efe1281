import type { Paginator, ResellerSmsCampaignView, ResellerSmsRecipientView } from '@haat/contracts';
import { Alert, Badge, Button, Group, Modal, Progress, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/resource/Pagination';
import { useMoney } from '../money/money';
import { useSmsText } from './i18n';
import { SMS_KEY } from './SmsCampaign';

const STATUS_COLOR = { sending: 'blue', stopped: 'gray', finished: 'green' } as const;
const RECIPIENT_COLOR = { pending: 'gray', claimed: 'blue', sent: 'green', failed: 'red', skipped: 'gray' } as const;

function Progressed({ row }: { row: ResellerSmsCampaignView }) {
  const { t } = useSmsText();
  const done = row.sent + row.failed;
  const percent = row.total ? Math.round((done / row.total) * 100) : 100;
  return (
    <Stack gap={4} miw={160}>
      <Progress
        value={percent}
        color={row.failed ? 'orange' : 'green'}
        aria-label={t('history.progressLabel', { done, total: row.total })}
      />
      <Text fz="xs">{t('history.sentFailed', { sent: row.sent, failed: row.failed })}</Text>
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
                <Badge color={RECIPIENT_COLOR[row.status]} variant="light" miw="max-content">
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
export default function SmsHistory() {
  const { t } = useSmsText();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const [open, setOpen] = useState<ResellerSmsCampaignView | null>(null);
  const { data, error, isPending } = useQuery({
    queryKey: [...SMS_KEY, 'history', page],
    queryFn: () => get<Paginator<ResellerSmsCampaignView>>(`/api/reseller/sms/campaigns?page=${page}`),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((row) => row.status === 'sending') ? 1000 : false),
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('history.title')}</Title>
          <Text c="dimmed">{t('history.intro')}</Text>
        </div>
        <Button component={Link} to="/dropshipper/sms/campaign">
          {t('history.newCampaign')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <DataTable
        minWidth={900}
        columns={8}
        loading={isPending}
        empty={data?.data.length === 0 ? t('history.empty') : null}
        head={
          <>
            <Table.Th>{t('history.date')}</Table.Th>
            <Table.Th>{t('history.message')}</Table.Th>
            <Table.Th ta="right">{t('history.recipients')}</Table.Th>
            <Table.Th ta="right">{t('history.parts')}</Table.Th>
            <Table.Th ta="right">{t('history.cost')}</Table.Th>
            <Table.Th>{t('history.progress')}</Table.Th>
            <Table.Th>{t('history.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('history.view')}</VisuallyHidden>
            </Table.Th>
          </>
        }
      >
        {data?.data.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
            <Table.Td maw={320}>
              <Text fz="sm" lineClamp={2}>
                {row.message}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{row.total}</Table.Td>
            <Table.Td ta="right">{row.parts}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {money(row.cost)}
            </Table.Td>
            <Table.Td>
              <Progressed row={row} />
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[row.status]} variant="light" miw="max-content">
                {t(`status.${row.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" onClick={() => setOpen(row)}>
                {t('history.view')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {data && <Pagination total={data.total} perPage={data.per_page} page={page} onChange={(next) => setParams({ page: String(next) })} />}
      {open && <Recipients campaign={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
