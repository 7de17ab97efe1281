import {
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_CHANNELS,
  type Paginator,
  type ResellerBalance,
  WITHDRAWAL_STATUS_LABELS,
  type WithdrawalStatus,
  type WithdrawalView,
  withdrawalPayInput,
  withdrawalRejectInput,
} from '@haat/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { get, post } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { phrase as phraseNow, usePhrase } from '../../lib/phrases';
import { DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/resource/Pagination';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { useCan } from '../useAdmin';
import { useMoney } from './MoneyCell';

const STATUS_COLOR: Record<WithdrawalStatus, string> = { pending: 'yellow', paid: 'green', rejected: 'red' };

/** Whose withdraw requests a list shows: the resellers' (the default) or the merchants' (decision 037). */
export interface Payee {
  api: string;
  pay: 'reseller.payment.pay' | 'merchant.withdrawal.pay';
  /** Declared in English, shown through `phrase`. */
  person: string;
  search: string;
  /** The payee's name, phone and company or shop, and where their record is. */
  who(row: WithdrawalView): { name: string; phone: string; extra: string; link: string };
  /** Where a paid request's invoice is, when the payee has invoices. */
  invoice?: (id: number) => string;
  exportCsv: boolean;
}

export const RESELLER_PAYEE: Payee = {
  api: '/api/admin/reseller-withdrawals',
  pay: 'reseller.payment.pay',
  person: 'Reseller',
  search: 'Reseller, phone, shop, WD number or transaction id',
  who: (row) => ({
    name: row.reseller_name,
    phone: row.reseller_phone,
    extra: row.shop_name,
    link: `/admin/edit/reseller/${row.reseller_id}`,
  }),
  invoice: (id) => `/admin/reseller/payment/invoice/${id}`,
  exportCsv: true,
};

export const channelLabel = (method: string | null) =>
  method ? phraseNow(PAYMENT_CHANNEL_LABELS[method as keyof typeof PAYMENT_CHANNEL_LABELS] ?? method) : '—';

/** The shop's way of paying that matches where the reseller asked to be paid. */
const channelFor = (provider: string) => ((PAYMENT_CHANNELS as readonly string[]).includes(provider) ? provider : 'bank');

/** Paying takes how and the transaction id; rejecting, the reason: each checked by its own contract. */
type DecisionValues = { method: string | null; transaction_id: string; note: string; reason: string; override: boolean };

function Decision({ row, mode, onClose, payee }: { row: WithdrawalView; mode: 'pay' | 'reject'; onClose: () => void; payee: Payee }) {
  const money = useMoney();
  const phrase = usePhrase();
  const queryClient = useQueryClient();
  const form = useZodForm<typeof withdrawalPayInput | typeof withdrawalRejectInput, DecisionValues>(
    mode === 'pay' ? withdrawalPayInput : withdrawalRejectInput,
    { method: channelFor(row.payout_provider), transaction_id: '', note: '', reason: '', override: false },
  );
  const balance = useQuery({
    queryKey: ['admin', payee.api, row.id],
    queryFn: () => get<{ data: WithdrawalView; balance: ResellerBalance }>(`${payee.api}/${row.id}`),
  });
  // The server refuses to pay a request the reseller's balance no longer covers (its message, on `override`):
  // the admin may then pay it anyway, with a reason.
  const [refusal, setRefusal] = useState<string | null>(null);
  const refused = form.errors.override;
  useEffect(() => {
    if (refused) setRefusal(refused);
  }, [refused]);
  const submit = form.onSubmit(async (_parsed, { method, transaction_id, note, reason, override }) => {
    const answer = await post<{ message: string }>(
      `${payee.api}/${row.id}/${mode}`,
      mode === 'pay' ? { method, transaction_id, note, ...(override ? { override, reason } : {}) } : { reason },
    );
    toast.success(answer.message);
    await queryClient.invalidateQueries({ queryKey: ['admin', payee.api] });
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Card withBorder padding="sm" bg="gray.0">
          <Text fw={700}>
            {phrase('{{number}}: {{amount}} to {{name}}', { number: row.number, amount: money(row.amount), name: payee.who(row).name })}
          </Text>
          <Text fz="sm">
            {row.payout_label}
            {row.payout_account_name ? ` · ${row.payout_account_name}` : ''}
          </Text>
          {row.note && (
            <Text fz="sm" c="dimmed">
              “{row.note}”
            </Text>
          )}
          {balance.data && (
            <Text fz="sm" c="dimmed">
              {phrase('Income {{income}}, paid {{paid}}, pending {{pending}}.', {
                income: money(balance.data.balance.income),
                paid: money(balance.data.balance.paid_withdrawals),
                pending: money(balance.data.balance.pending_withdrawals),
              })}
            </Text>
          )}
        </Card>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        {mode === 'pay' ? (
          <>
            <Select
              label={phrase('Paid by')}
              required
              allowDeselect={false}
              data={PAYMENT_CHANNELS.map((value) => ({ value, label: phrase(PAYMENT_CHANNEL_LABELS[value]) }))}
              value={form.values.method}
              error={form.errors.method}
              onChange={(value) => form.setValue('method', value)}
            />
            <TextInput
              label={phrase('Transaction id')}
              required
              description={phrase('The id of the bKash, Nagad or Rocket transfer, the bank reference, or a cash receipt number')}
              {...form.field('transaction_id')}
            />
            <Textarea label={phrase('Note (optional)')} {...form.field('note')} />
            {refusal && (
              <>
                <Alert color="orange" role="alert" title={phrase('The balance does not cover this request')}>
                  {refusal}
                </Alert>
                <Checkbox
                  label={phrase('Pay it anyway, although the balance does not cover it')}
                  checked={form.values.override}
                  onChange={(event) => form.setValue('override', event.currentTarget.checked)}
                />
                {form.values.override && (
                  <Textarea
                    label={phrase('Why it is paid anyway')}
                    required
                    description={phrase('Kept on the request and in the audit log.')}
                    {...form.field('reason')}
                  />
                )}
              </>
            )}
          </>
        ) : (
          <Textarea
            label={phrase('Reason')}
            required
            description={phrase('They see it; the amount goes back to their balance.')}
            {...form.field('reason')}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {phrase('Cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} color={mode === 'reject' ? 'red' : undefined}>
            {mode === 'pay' ? phrase('Mark paid') : phrase('Reject request')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface WithdrawalListProps {
  /** In the page's language (the caller's phrase). */
  title: string;
  intro: string;
  /** A fixed status (the unpaid and paid lists); without it the screen offers a status choice. */
  status?: WithdrawalStatus;
  /** The invoice list shows the invoice link first. */
  invoices?: boolean;
  /** Whose requests: the resellers' unless told. */
  payee?: Payee;
}

/**
 * Reseller withdraw requests as the back office sees them: `/admin/withdraw/request/by/resellers`
 * (pending first, pay or reject), the unpaid and paid lists and the invoice list.
 */
export function WithdrawalList({ title, intro, status: fixed, invoices = false, payee = RESELLER_PAYEE }: WithdrawalListProps) {
  const can = useCan();
  const money = useMoney();
  const phrase = usePhrase();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const chosen = params.get('status') ?? 'pending';
  const status = fixed ?? (chosen === 'all' ? null : chosen);
  const [q, setQ] = useState(params.get('q') ?? '');
  const [deciding, setDeciding] = useState<{ row: WithdrawalView; mode: 'pay' | 'reject' } | null>(null);
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (params.get('q')) query.set('q', params.get('q') ?? '');
  const listQuery = new URLSearchParams(query);
  listQuery.set('page', String(page));
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['admin', payee.api, listQuery.toString()],
    queryFn: () => get<Paginator<WithdrawalView>>(`${payee.api}?${listQuery.toString()}`),
    placeholderData: keepPreviousData,
  });
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  // Search as one types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((params.get('q') ?? '') !== q.trim()) update({ q: q.trim() || null });
    }, 300);
    return () => clearTimeout(timer);
  });
  const canPay = can(payee.pay);
  const columns = 8;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </div>
        {payee.exportCsv && (
          <Button component="a" variant="default" href={`${payee.api}/export.csv?${query.toString()}`} download>
            {phrase('Export CSV')}
          </Button>
        )}
      </Group>
      <Card withBorder padding="sm">
        <Group align="flex-end" gap="sm">
          <TextInput
            label={phrase('Search')}
            type="search"
            placeholder={phrase(payee.search)}
            value={q}
            onChange={(event) => setQ(event.currentTarget.value)}
            w={{ base: '100%', sm: 340 }}
          />
          {!fixed && (
            <SegmentedControl
              aria-label={phrase('Status')}
              value={chosen}
              onChange={(value) => update({ status: value })}
              data={[
                { value: 'pending', label: phrase('Pending') },
                { value: 'paid', label: phrase('Paid') },
                { value: 'rejected', label: phrase('Rejected') },
                { value: 'all', label: phrase('All') },
              ]}
            />
          )}
        </Group>
      </Card>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <DataTable
        minWidth={900}
        columns={columns}
        busy={isFetching}
        loading={isPending}
        empty={
          data?.data.length === 0 ? (status === 'pending' ? phrase('No withdraw request is waiting.') : phrase('Nothing here yet.')) : null
        }
        head={
          <>
            <Table.Th>{invoices ? phrase('Invoice') : phrase('Request')}</Table.Th>
            <Table.Th>{phrase(payee.person)}</Table.Th>
            <Table.Th ta="right">{phrase('Amount')}</Table.Th>
            <Table.Th>{phrase('Pay to')}</Table.Th>
            <Table.Th>{phrase('Requested')}</Table.Th>
            <Table.Th>{phrase('Status')}</Table.Th>
            <Table.Th>{phrase('Details')}</Table.Th>
            <Table.Th>{phrase('Actions')}</Table.Th>
          </>
        }
      >
        {data?.data.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              {row.status === 'paid' && payee.invoice ? (
                <Anchor component={Link} to={payee.invoice(row.id)}>
                  {row.number}
                </Anchor>
              ) : (
                row.number
              )}
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={payee.who(row).link}>
                {payee.who(row).name}
              </Anchor>
              <Text fz="xs" c="dimmed">
                {payee.who(row).phone}
                {payee.who(row).extra ? ` · ${payee.who(row).extra}` : ''}
              </Text>
            </Table.Td>
            <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {money(row.amount)}
            </Table.Td>
            <Table.Td>
              {row.payout_label}
              {row.payout_account_name && (
                <Text fz="xs" c="dimmed">
                  {row.payout_account_name}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.requested_at)}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[row.status]} variant="light" miw="max-content">
                {phrase(WITHDRAWAL_STATUS_LABELS[row.status])}
              </Badge>
            </Table.Td>
            <Table.Td fz="sm">
              {row.status === 'paid' && `${channelLabel(row.paid_method)} · ${row.transaction_id}`}
              {row.status === 'rejected' && row.reject_reason}
              {row.status === 'pending' && (row.note || '—')}
              {row.decided_by && (
                <Text fz="xs" c="dimmed">
                  {row.decided_by}, {row.decided_at ? formatDateTime(row.decided_at) : ''}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {row.status === 'pending' && canPay && (
                  <>
                    <Button
                      size="compact-sm"
                      onClick={() => setDeciding({ row, mode: 'pay' })}
                      aria-label={phrase('Pay {{number}}', { number: row.number })}
                    >
                      {phrase('Pay')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      onClick={() => setDeciding({ row, mode: 'reject' })}
                      aria-label={phrase('Reject {{number}}', { number: row.number })}
                    >
                      {phrase('Reject')}
                    </Button>
                  </>
                )}
                {row.status === 'paid' && payee.invoice && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    component={Link}
                    to={payee.invoice(row.id)}
                    aria-label={phrase('Invoice {{number}}', { number: row.number })}
                  >
                    {phrase('Invoice')}
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {data && <Pagination total={data.total} perPage={data.per_page} page={page} onChange={(next) => update({ page: String(next) })} />}
      <Modal
        opened={deciding !== null}
        onClose={() => setDeciding(null)}
        title={deciding?.mode === 'pay' ? phrase('Pay the withdraw request') : phrase('Reject the withdraw request')}
        size="lg"
      >
        {deciding && <Decision row={deciding.row} mode={deciding.mode} payee={payee} onClose={() => setDeciding(null)} />}
      </Modal>
    </Stack>
  );
}
