import {
  formatMoney,
  type Paginator,
  parsePhoneList,
  SMS_AUDIENCE_LABELS,
  SMS_CAMPAIGN_STATUS_LABELS,
  SMS_PART_RATE_PAISA,
  type SmsAudience,
  type SmsAudienceOption,
  type SmsCampaignView,
  smsCampaignInput,
  smsEstimate,
} from '@haat/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Modal,
  Progress,
  Radio,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { useSiteInfo } from '../../../lib/site';
import { AA_COLORS } from '../../../ui/colors';
import { Pagination } from '../../../ui/resource/Pagination';
import { TableScroll } from '../../../ui/TableScroll';
import { toast } from '../../../ui/toast/toast';
import { useZodForm } from '../../../ui/useZodForm';

const API = '/api/admin/sms-campaigns';
const HISTORY_PAGE = 10;

type Values = { name: string; audience: SmsAudience | null; city_id: number | null; numbers: string; message: string };
const EMPTY: Values = { name: '', audience: null, city_id: null, numbers: '', message: '' };

const STATUS_COLORS: Record<SmsCampaignView['status'], string> = {
  sending: 'indigo.9',
  stopped: AA_COLORS.warning,
  finished: AA_COLORS.success,
};

/**
 * `/admin/sms/campaign`: write a message, choose who gets it, see the parts and the cost before
 * sending; campaigns send in the background while this screen shows their progress, and can be
 * stopped. The history lists every campaign with its counts.
 */
export default function SmsCampaign() {
  const phrase = usePhrase();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['resource', API, page],
    queryFn: () => get<Paginator<SmsCampaignView>>(`${API}?per_page=${HISTORY_PAGE}&page=${page}`),
    placeholderData: keepPreviousData,
    // The screen follows a campaign while it sends.
    refetchInterval: (query) => (query.state.data?.data.some((campaign) => campaign.status === 'sending') ? 1000 : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource', API] });
  const sending = (history.data?.data ?? []).filter((campaign) => campaign.status === 'sending');

  return (
    <Stack maw={1200}>
      <Title order={1}>{phrase('SMS campaign')}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Compose
            onSent={() => {
              setPage(1);
              void refresh();
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack>
            {sending.map((campaign) => (
              <Running key={campaign.id} campaign={campaign} onStopped={() => void refresh()} />
            ))}
            {sending.length === 0 && (
              <Card withBorder padding="lg">
                <Title order={2} fz="h4" mb={4}>
                  {phrase('Sending now')}
                </Title>
                <Text fz="sm" c={AA_COLORS.muted}>
                  {phrase('Nothing is being sent. A campaign you send shows its progress here; you may leave the screen meanwhile.')}
                </Text>
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <History data={history.data} error={history.error} page={page} onPage={setPage} />
    </Stack>
  );
}

function Compose({ onSent }: { onSent: () => void }) {
  const phrase = usePhrase();
  const number = useNumber();
  const { i18n } = useTranslation();
  const symbol = useSiteInfo()?.currency_symbol;
  const form = useZodForm(smsCampaignInput, EMPTY as never);
  const values = form.values as unknown as Values;
  const [confirming, setConfirming] = useState(false);
  const audiences = useQuery({
    queryKey: ['resource', API, 'audiences', values.city_id],
    queryFn: () =>
      get<{ audiences: SmsAudienceOption[]; city_recipients: number | null }>(
        `${API}/audiences${values.audience === 'city' && values.city_id ? `?city_id=${values.city_id}` : ''}`,
      ),
  });
  const cityAvailable = audiences.data?.audiences.some((option) => option.value === 'city' && option.available) ?? false;
  const cities = useQuery({
    queryKey: ['reference', '/api/admin/cities', 'sms'],
    queryFn: () => get<Paginator<{ id: number; name: string }>>('/api/admin/cities?per_page=100&sort=name'),
    enabled: cityAvailable,
  });
  const pasted = parsePhoneList(values.numbers);
  const recipients =
    values.audience === 'numbers'
      ? pasted.valid.length
      : values.audience === 'city'
        ? (audiences.data?.city_recipients ?? 0)
        : (audiences.data?.audiences.find((option) => option.value === values.audience)?.recipients ?? 0);
  const estimate = smsEstimate(values.message.trim(), recipients);
  const money = (paisa: number) => formatMoney(paisa, symbol, i18n.language);
  const parts = phrase(estimate.parts === 1 ? '{{n}} part' : '{{n}} parts', { n: number(estimate.parts) });

  const send = useMutation({
    mutationFn: () => post<{ data: SmsCampaignView; message: string }>(API, values),
    onSuccess: (answer) => {
      toast.success(answer.message);
      form.setValues({ ...EMPTY } as never);
      onSent();
    },
    // Sent after the confirmation, outside the form's submit: its refusal shows the same way.
    onError: (failure) => form.showError(failure),
  });
  const submit = form.onSubmit(async () => setConfirming(true));

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} fz="h3">
            {phrase('New campaign')}
          </Title>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          {audiences.isPending ? (
            <Skeleton h={120} />
          ) : (
            <Radio.Group
              label={phrase('Send to')}
              required
              error={form.errors.audience}
              value={values.audience ?? ''}
              onChange={(next) => form.setValue('audience', next)}
            >
              <Stack gap={6} mt={6}>
                {(audiences.data?.audiences ?? []).map((option) => (
                  <Radio
                    key={option.value}
                    value={option.value}
                    disabled={!option.available}
                    label={
                      option.recipients !== null
                        ? phrase('{{audience}} ({{n}} numbers)', {
                            audience: phrase(SMS_AUDIENCE_LABELS[option.value] ?? option.label),
                            n: number(option.recipients),
                          })
                        : phrase(SMS_AUDIENCE_LABELS[option.value] ?? option.label)
                    }
                    description={option.note && phrase(option.note)}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {values.audience === 'city' && (
            <Select
              label={phrase('City')}
              required
              searchable
              error={form.errors.city_id}
              data={(cities.data?.data ?? []).map((city) => ({ value: String(city.id), label: city.name }))}
              value={values.city_id ? String(values.city_id) : null}
              onChange={(next) => form.setValue('city_id', next ? Number(next) : null)}
            />
          )}
          {values.audience === 'numbers' && (
            <Textarea
              label={phrase('Mobile numbers')}
              description={phrase('One per line, or separated by commas; 01712345678 and +8801712345678 are the same number')}
              required
              autosize
              minRows={4}
              maxRows={12}
              error={form.errors.numbers}
              value={values.numbers}
              onChange={(event) => form.setValue('numbers', event.currentTarget.value)}
            />
          )}
          {values.audience === 'numbers' && values.numbers.trim() && (
            <Text fz="sm" role="status">
              {phrase('{{n}} numbers', { n: number(pasted.valid.length) })}
              {pasted.invalid.length > 0 && (
                <Text component="span" c="red.9">
                  {' · '}
                  {phrase('{{n}} not valid:', { n: number(pasted.invalid.length) })} {pasted.invalid.slice(0, 3).join(', ')}
                  {pasted.invalid.length > 3 ? '…' : ''}
                </Text>
              )}
            </Text>
          )}
          <TextInput
            label={phrase('Campaign name')}
            description={phrase('For the history; made from the audience and the message when left empty')}
            error={form.errors.name}
            value={values.name}
            onChange={(event) => form.setValue('name', event.currentTarget.value)}
          />
          <Textarea
            label={phrase('Message')}
            required
            autosize
            minRows={4}
            error={form.errors.message}
            value={values.message}
            onChange={(event) => form.setValue('message', event.currentTarget.value)}
          />
          <Group gap="xs" role="status" aria-live="polite" data-testid="sms-length">
            <Text fz="sm">
              {phrase('{{n}} characters', { n: number(estimate.characters) })} · {parts}
            </Text>
            <Badge variant="filled" color={estimate.unicode ? 'indigo.9' : 'gray.7'}>
              {estimate.unicode
                ? phrase('Unicode (Bengali): {{whole}} a part, {{split}} when split', { whole: number(70), split: number(67) })
                : phrase('GSM: {{whole}} a part, {{split}} when split', { whole: number(160), split: number(153) })}
            </Badge>
          </Group>
          <Card withBorder padding="sm" bg="gray.0">
            <Text fz="sm" fw={600}>
              {phrase('Estimated cost: {{amount}}', { amount: money(estimate.cost) })}
            </Text>
            <Text fz="xs" c={AA_COLORS.muted}>
              {phrase('{{numbers}} × {{parts}} × {{rate}} a part.', {
                numbers: phrase('{{n}} numbers', { n: number(recipients) }),
                parts,
                rate: money(SMS_PART_RATE_PAISA),
              })}{' '}
              {phrase('Your gateway’s own price may differ; with no gateway set up, messages go to the SMS log instead.')}
            </Text>
          </Card>
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              {phrase('Send campaign')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={phrase('Send this campaign?')} centered>
        <Stack>
          <Text>
            {phrase(
              '{{numbers}} get this message ({{parts}} each), for about {{amount}}. Sending starts at once and runs in the background.',
              { numbers: phrase('{{n}} numbers', { n: number(recipients) }), parts, amount: money(estimate.cost) },
            )}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {phrase('Cancel')}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                send.mutate();
              }}
            >
              {phrase('Send now')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function CampaignProgress({ campaign }: { campaign: SmsCampaignView }) {
  const phrase = usePhrase();
  const number = useNumber();
  const total = Math.max(campaign.total, 1);
  return (
    <Stack gap={4}>
      {/* Each section is a progressbar of its own: each is named (a name on the bar's frame is not allowed). */}
      <Progress.Root size="lg">
        <Progress.Section
          value={(campaign.sent / total) * 100}
          color={AA_COLORS.success}
          aria-label={phrase('Sent: {{done}} of {{n}}', { done: number(campaign.sent), n: number(campaign.total) })}
        />
        <Progress.Section
          value={(campaign.failed / total) * 100}
          color="red.9"
          aria-label={phrase('Not sent: {{done}} of {{n}}', { done: number(campaign.failed), n: number(campaign.total) })}
        />
      </Progress.Root>
      <Text fz="xs" data-testid="sms-progress">
        {phrase('{{sent}} sent · {{failed}} failed · {{n}} in all', {
          sent: number(campaign.sent),
          failed: number(campaign.failed),
          n: number(campaign.total),
        })}
      </Text>
    </Stack>
  );
}

function Running({ campaign, onStopped }: { campaign: SmsCampaignView; onStopped: () => void }) {
  const phrase = usePhrase();
  const stop = useMutation({
    mutationFn: () => post<{ message: string }>(`${API}/${campaign.id}/stop`),
    onSuccess: (answer) => {
      toast.success(answer.message);
      onStopped();
    },
    onError: (failure) => toast.error(failure.message),
  });
  return (
    <Card withBorder padding="lg" aria-live="polite">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {phrase('Sending: {{name}}', { name: campaign.name })}
        </Title>
        <CampaignProgress campaign={campaign} />
        <Group justify="flex-end">
          <Button color="red.9" c={AA_COLORS.danger} variant="light" onClick={() => stop.mutate()} loading={stop.isPending}>
            {phrase('Stop sending')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function History({
  data,
  error,
  page,
  onPage,
}: {
  data?: Paginator<SmsCampaignView>;
  error: Error | null;
  page: number;
  onPage: (page: number) => void;
}) {
  const phrase = usePhrase();
  const number = useNumber();
  const { i18n } = useTranslation();
  const symbol = useSiteInfo()?.currency_symbol;
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h3">
          {phrase('History')}
        </Title>
        <Button component="a" variant="default" href={`${API}/export.csv`} download>
          {phrase('Export CSV')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {!data && !error && <Skeleton h={160} />}
      {data && data.data.length === 0 && <Text c={AA_COLORS.muted}>{phrase('No campaigns sent yet.')}</Text>}
      {data && data.data.length > 0 && (
        <TableScroll minWidth={760}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Sent on')}</Table.Th>
                <Table.Th>{phrase('Campaign')}</Table.Th>
                <Table.Th>{phrase('Sent to')}</Table.Th>
                <Table.Th>{phrase('Progress')}</Table.Th>
                <Table.Th>{phrase('Estimated cost')}</Table.Th>
                <Table.Th>{phrase('Status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((campaign) => (
                <Table.Tr key={campaign.id} data-row-id={campaign.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text fz="sm">{formatDateTime(campaign.created_at)}</Text>
                    {campaign.admin_name && (
                      <Text fz="xs" c={AA_COLORS.muted}>
                        {phrase('by {{name}}', { name: campaign.admin_name })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td maw={360}>
                    <Text fz="sm" fw={600}>
                      {campaign.name}
                    </Text>
                    <Text fz="xs" c={AA_COLORS.muted} lineClamp={2}>
                      {campaign.message}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{phrase(campaign.audience_label)}</Text>
                  </Table.Td>
                  <Table.Td miw={180}>
                    <CampaignProgress campaign={campaign} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text fz="sm">{formatMoney(campaign.estimated_cost, symbol, i18n.language)}</Text>
                    <Text fz="xs" c={AA_COLORS.muted}>
                      {phrase(campaign.parts === 1 ? '{{n}} part each' : '{{n}} parts each', { n: number(campaign.parts) })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="filled" color={STATUS_COLORS[campaign.status]} miw="max-content">
                      {phrase(SMS_CAMPAIGN_STATUS_LABELS[campaign.status])}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {data && (
        <Group justify="space-between" mt="sm">
          <Text fz="sm" c={AA_COLORS.muted}>
            {data.total
              ? phrase('Showing {{from}}–{{to}} of {{n}}', { from: number(data.from), to: number(data.to), n: number(data.total) })
              : ''}
          </Text>
          <Pagination total={data.total} perPage={data.per_page} page={page} onChange={onPage} />
        </Group>
      )}
    </Card>
  );
}
