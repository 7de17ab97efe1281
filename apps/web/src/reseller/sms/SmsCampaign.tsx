import {
  type Paginator,
  type ResellerSmsCampaignView,
  type ResellerSmsSummary,
  resellerSmsCampaignInput,
  resellerSmsEstimate,
} from '@haat/contracts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { get, post } from '../../lib/api';
import { useNumber } from '../../lib/numbers';
import { DataTable } from '../../ui/DataTable';
import { useMoney } from '../../ui/portal/money/money';
import { Pagination } from '../../ui/resource/Pagination';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { useSmsText } from './i18n';

interface CustomerRow {
  id: number;
  name: string;
  phone: string;
}

export const SMS_KEY = ['reseller', 'sms'];

function Figure({ label, value, warn }: { label: string; value: string; warn?: boolean }) {
  return (
    <div>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" c={warn ? 'red.8' : undefined}>
        {value}
      </Text>
    </div>
  );
}

/** `/dropshipper/sms/campaign`: write a message, choose customers, see count, parts and cost, send. */
export default function SmsCampaign() {
  const { t } = useSmsText();
  const number = useNumber();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm<typeof resellerSmsCampaignInput, { message: string; audience: 'all' | 'selected'; customer_ids: number[] }>(
    resellerSmsCampaignInput,
    { message: '', audience: 'all', customer_ids: [] },
  );
  const { message, audience, customer_ids: chosen } = form.values;
  const errors = form.errors;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const summary = useQuery({
    queryKey: [...SMS_KEY, 'summary'],
    queryFn: () => get<{ data: ResellerSmsSummary }>('/api/reseller/sms/summary'),
  });
  const customers = useQuery({
    queryKey: ['reseller', 'customers', 'sms', search, page],
    queryFn: () =>
      get<Paginator<CustomerRow>>(`/api/reseller/customers?${new URLSearchParams({ q: search, page: String(page), per_page: '10' })}`),
    enabled: audience === 'selected',
    placeholderData: keepPreviousData,
  });

  const facts = summary.data?.data;
  const recipients = audience === 'all' ? (facts?.customers ?? 0) : chosen.length;
  const estimate = resellerSmsEstimate(message.trim(), recipients, facts?.rate ?? 0);
  const overQuota = facts ? estimate.sms > facts.remaining : false;
  const overBalance = facts ? estimate.cost > facts.available_balance : false;

  const toggle = (id: number, on: boolean) =>
    form.setValue('customer_ids', on ? [...chosen.filter((each) => each !== id), id] : chosen.filter((each) => each !== id));

  const submit = form.onSubmit(async (_parsed, values) => {
    const answer = await post<{ data: ResellerSmsCampaignView; message: string }>('/api/reseller/sms/campaigns', {
      message: values.message,
      audience: values.audience,
      customer_ids: values.audience === 'selected' ? values.customer_ids : [],
    });
    await queryClient.invalidateQueries({ queryKey: SMS_KEY });
    await queryClient.invalidateQueries({ queryKey: ['reseller', 'money'] });
    toast.success(t('campaign.sent'), answer.message);
    navigate('/dropshipper/sms/history');
  });

  return (
    <Stack maw={900}>
      <div>
        <Title order={1}>{t('campaign.title')}</Title>
        <Text c="dimmed">{t('campaign.intro')}</Text>
      </div>
      {summary.error && (
        <Alert color="red" role="alert">
          {summary.error.message}
        </Alert>
      )}
      {facts?.gateway === 'log' && <Alert color="yellow">{t('campaign.logOnly')}</Alert>}
      <Card withBorder>
        <form onSubmit={submit} noValidate>
          <Stack>
            {form.formError && (
              <Alert color="red" role="alert">
                {form.formError}
              </Alert>
            )}
            <Textarea
              label={t('campaign.message')}
              description={t('campaign.messageHelp')}
              required
              autosize
              minRows={4}
              maxLength={1000}
              {...form.field('message')}
            />
            <Radio.Group
              label={t('campaign.recipients')}
              value={audience}
              onChange={(value) => form.setValue('audience', value as 'all' | 'selected')}
              error={errors.audience}
            >
              <Group mt="xs">
                <Radio value="all" label={t('campaign.all', { count: facts?.customers ?? 0, n: number(facts?.customers ?? 0) })} />
                <Radio value="selected" label={t('campaign.selected')} />
              </Group>
            </Radio.Group>
            {audience === 'selected' && (
              <Stack gap="xs">
                <TextInput
                  label={t('campaign.search')}
                  value={search}
                  onChange={(event) => {
                    setSearch(event.currentTarget.value);
                    setPage(1);
                  }}
                  w={{ base: '100%', sm: 360 }}
                />
                <Text fz="sm" fw={600} aria-live="polite">
                  {t('campaign.chosen', { count: chosen.length, n: number(chosen.length) })}
                </Text>
                {errors.customer_ids && (
                  <Text c="red.8" fz="sm" role="alert">
                    {errors.customer_ids}
                  </Text>
                )}
                <DataTable
                  minWidth={480}
                  columns={3}
                  loading={customers.isPending}
                  empty={customers.data?.data.length === 0 ? t('campaign.noCustomers') : null}
                  head={
                    <>
                      <Table.Th w={80}>{t('campaign.choose')}</Table.Th>
                      <Table.Th>{t('campaign.name')}</Table.Th>
                      <Table.Th>{t('campaign.phone')}</Table.Th>
                    </>
                  }
                >
                  {customers.data?.data.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`${t('campaign.choose')} ${row.name}`}
                          checked={chosen.includes(row.id)}
                          onChange={(event) => toggle(row.id, event.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td>{row.phone}</Table.Td>
                    </Table.Tr>
                  ))}
                </DataTable>
                {customers.data && (
                  <Pagination total={customers.data.total} perPage={customers.data.per_page} page={page} onChange={setPage} />
                )}
              </Stack>
            )}
            <Card withBorder bg="gray.0">
              <Title order={2} fz="h4" mb="sm">
                {t('campaign.estimate')}
              </Title>
              {facts ? (
                <SimpleGrid cols={{ base: 2, sm: 4 }} aria-live="polite">
                  <Figure label={t('campaign.recipientsCount')} value={number(recipients)} />
                  <Figure
                    label={t('campaign.characters')}
                    value={`${number(estimate.characters)} · ${estimate.unicode ? t('campaign.unicode') : t('campaign.plain')}`}
                  />
                  <Figure label={t('campaign.parts')} value={number(estimate.parts)} />
                  <Figure label={t('campaign.totalSms')} value={number(estimate.sms)} warn={overQuota} />
                  <Figure label={t('campaign.rate')} value={money(facts.rate)} />
                  <Figure label={t('campaign.cost')} value={money(estimate.cost)} warn={overBalance} />
                  <Figure label={t('campaign.quotaLeft')} value={`${number(facts.remaining)} / ${number(facts.quota)}`} />
                  <Figure label={t('campaign.balance')} value={money(facts.available_balance)} />
                </SimpleGrid>
              ) : (
                <Skeleton h={96} />
              )}
              {overQuota && (
                <Text c="red.8" fz="sm" mt="sm">
                  {t('campaign.overQuota')}
                </Text>
              )}
              {overBalance && (
                <Text c="red.8" fz="sm" mt="sm">
                  {t('campaign.overBalance')}
                </Text>
              )}
            </Card>
            <Group>
              <Button type="submit" loading={form.submitting} disabled={!message.trim() || recipients === 0}>
                {t('campaign.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
