import type { OrderPaymentsView, PaymentCallView, PaymentRefundedView, PaymentRefundView, PaymentView } from '@haat/contracts';
import { Alert, Anchor, Button, Card, Code, Collapse, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, get, post } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { MoneyInput } from '../../ui/resource/fields';
import { toast } from '../../ui/toast/toast';
import { orderKeys, paymentStatusLabel, useOrderWords } from '../orders/order-ui';
import { useCan } from '../useAdmin';
import { gatewayName, PaymentStateBadge, PURPOSE_LABELS, RefundStateBadge } from './payment-ui';

/** The order's online payments sit under the order's own query key: whatever refreshes the order refreshes them. */
export const orderPaymentKeys = {
  of: (orderId: number) => [...orderKeys.one(orderId), 'payments'] as const,
  calls: (paymentId: number) => ['payment-calls', paymentId] as const,
};

/** An answer to a staff action: its sentence, sometimes the row it wrote. */
type Answer<T = unknown> = { message?: string; data?: T };

/** Statuses an order may be refunded online from (decision 054: returned or cancelled). */
const REFUNDABLE_STATUSES = new Set([6, 7]);

/**
 * On an order's view (decision 062): what was paid online and what the courier still collects, each attempt at a
 * gateway with its log of calls (secrets masked by the server), and the staff's actions — check an attempt with the
 * gateway, copy or text the pay link while the order awaits payment, refund online a returned or cancelled order.
 * Shows nothing for an order that never had anything to do with online payment.
 */
export function OrderOnlinePayment({ orderId, status }: { orderId: number; status: number }) {
  const { phrase, money } = useOrderWords();
  const can = useCan();
  const client = useQueryClient();
  const { data, error } = useQuery({
    queryKey: orderPaymentKeys.of(orderId),
    queryFn: () => get<{ data: OrderPaymentsView }>(`/api/admin/orders/${orderId}/payments`).then((answer) => answer.data),
  });
  /** After any action: the order (its status, amounts and timeline), its payments and what it owes the customer. */
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: orderKeys.one(orderId) }),
      client.invalidateQueries({ queryKey: ['order-refunds', orderId] }),
    ]);
  const sms = useMutation({
    mutationFn: () => post<Answer>(`/api/admin/orders/${orderId}/payments/link-sms`),
    onSuccess: async (answer) => {
      toast.success(phrase(answer.message ?? 'The pay link was sent by SMS'));
      await refresh();
    },
    onError: (failure) => toast.error(phrase(failure.message)),
  });

  if (error) {
    return (
      <Card withBorder>
        <Title order={2} fz="lg" mb="sm">
          {phrase('Online payment')}
        </Title>
        <Alert color="red" role="alert">
          {phrase(error.message)}
        </Alert>
      </Card>
    );
  }
  if (!data || (data.payments.length === 0 && !data.pay_link && data.payment_status !== 'awaiting')) return null;

  const field = (label: string, value: React.ReactNode, testId: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  const awaiting = data.payment_status === 'awaiting' && data.pay_link !== null;
  const link = data.pay_link ? new URL(data.pay_link, window.location.origin).toString() : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(phrase('Pay link copied'));
    } catch {
      // A page served without HTTPS has no clipboard: the link stays selectable in its box.
      toast.warning(phrase('Copy the link from the box: this browser did not allow copying'));
    }
  };

  return (
    <Card withBorder data-testid="order-online-payment">
      <Title order={2} fz="lg" mb="sm">
        {phrase('Online payment')}
      </Title>
      <Stack gap={4}>
        {field(phrase('Paid'), <strong>{money(data.paid)}</strong>, 'online-paid')}
        {field(phrase('Still to collect'), <strong>{money(data.to_collect)}</strong>, 'online-to-collect')}
        {field(phrase('Payment status'), paymentStatusLabel(data.payment_status, phrase), 'online-status')}
        {data.pay_by && field(phrase('Pay by'), formatDateTime(data.pay_by), 'online-pay-by')}
        {data.refundable > 0 && field(phrase('May be refunded online'), money(data.refundable), 'online-refundable')}
      </Stack>

      {awaiting && (
        <Stack gap="xs" mt="sm">
          <TextInput label={phrase('Pay link')} value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={copy}>
              {phrase('Copy pay link')}
            </Button>
            {can('order.update') && (
              <Button size="xs" variant="default" loading={sms.isPending} onClick={() => sms.mutate()}>
                {phrase('Send pay link by SMS')}
              </Button>
            )}
          </Group>
        </Stack>
      )}

      {data.payments.length > 0 && (
        <Stack gap="sm" mt="md">
          <Title order={3} fz="md">
            {phrase('Attempts')}
          </Title>
          {data.payments.map((payment) => (
            <PaymentAttempt
              key={payment.id}
              payment={payment}
              refundable={REFUNDABLE_STATUSES.has(status) ? Math.min(data.refundable, payment.paid_amount - payment.refunded_amount) : 0}
              refunds={data.refunds.filter((refund) => refund.payment_id === payment.id)}
              onChanged={refresh}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function PaymentAttempt({
  payment,
  refundable,
  refunds,
  onChanged,
}: {
  payment: PaymentView;
  /** What this attempt may still give back online (0: no refund button). */
  refundable: number;
  refunds: PaymentRefundView[];
  onChanged: () => Promise<unknown>;
}) {
  const { phrase, money } = useOrderWords();
  const can = useCan();
  const [logOpen, setLogOpen] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const check = useMutation({
    mutationFn: () => post<Answer>(`/api/admin/payments/${payment.id}/check`),
    onSuccess: async (answer) => {
      toast.success(phrase(answer.message ?? 'Checked with the gateway'));
      await onChanged();
    },
    onError: (failure) => toast.error(phrase(failure.message)),
  });
  const logId = `payment-log-${payment.id}`;

  return (
    <Paper
      withBorder
      p="sm"
      data-testid="payment-attempt"
      aria-label={phrase('Payment {{invoice}}', { invoice: payment.invoice })}
      component="section"
    >
      <Group justify="space-between" gap="xs" align="flex-start">
        <Stack gap={0}>
          <Text fw={600} fz="sm" data-testid="payment-gateway">
            {phrase(gatewayName(payment.gateway))}
          </Text>
          <Text fz="xs" c="dimmed">
            {phrase(PURPOSE_LABELS[payment.purpose] ?? payment.purpose)} · {payment.invoice}
          </Text>
        </Stack>
        <PaymentStateBadge state={payment.state} />
      </Group>
      <Stack gap={2} mt="xs">
        <Text fz="sm" data-testid="payment-amount">
          {phrase('Amount')}: <strong>{money(payment.amount)}</strong>
          {payment.fee > 0 && ` · ${phrase('Gateway fee')}: ${money(payment.fee)}`}
          {payment.refunded_amount > 0 && ` · ${phrase('Refunded')}: ${money(payment.refunded_amount)}`}
        </Text>
        {payment.trx_id && (
          <Text fz="sm" data-testid="payment-trx">
            {phrase('Transaction')}: <Code>{payment.trx_id}</Code>
          </Text>
        )}
        <Text fz="xs" c="dimmed">
          {phrase('Started')} {formatDateTime(payment.created_at)}
          {payment.paid_at && ` · ${phrase('Paid')} ${formatDateTime(payment.paid_at)}`}
        </Text>
        {payment.message && (
          <Text fz="sm" c={payment.state === 'failed' ? 'red.8' : undefined} data-testid="payment-message">
            {phrase(payment.message)}
          </Text>
        )}
      </Stack>

      {refunds.length > 0 && (
        <Stack gap={4} mt="xs" data-testid="payment-refunds">
          {refunds.map((refund) => (
            <Group key={refund.id} gap="xs" wrap="wrap">
              <RefundStateBadge state={refund.state} />
              <Text fz="xs">
                {money(refund.amount)} · {refund.reason}
                {refund.refund_id && ` · ${refund.refund_id}`}
                {refund.message && ` · ${phrase(refund.message)}`}
                {` · ${formatDateTime(refund.at)}`}
                {refund.admin_name && ` · ${refund.admin_name}`}
              </Text>
            </Group>
          ))}
        </Stack>
      )}

      <Group gap="xs" mt="sm">
        {can('payment.view') && (
          <Button size="xs" variant="default" onClick={() => setLogOpen((open) => !open)} aria-expanded={logOpen} aria-controls={logId}>
            {phrase('Gateway log')}
          </Button>
        )}
        {can('payment.view') && payment.state === 'initiated' && (
          <Button size="xs" variant="light" loading={check.isPending} onClick={() => check.mutate()}>
            {phrase('Check with gateway')}
          </Button>
        )}
        {can('payment.refund') && refundable > 0 && (
          <Button size="xs" variant={refunding ? 'filled' : 'light'} color="orange.9" onClick={() => setRefunding((open) => !open)}>
            {phrase('Refund online')}
          </Button>
        )}
      </Group>

      {refunding && refundable > 0 && (
        <RefundOnlineForm
          paymentId={payment.id}
          refundable={refundable}
          onDone={async () => {
            setRefunding(false);
            await onChanged();
          }}
          onRefused={onChanged}
        />
      )}

      {can('payment.view') && (
        <Collapse expanded={logOpen} id={logId}>
          {logOpen && <GatewayLog paymentId={payment.id} />}
        </Collapse>
      )}
    </Paper>
  );
}

/** Every call made to the gateway for one attempt: what was asked and answered, with the secret fields masked. */
function GatewayLog({ paymentId }: { paymentId: number }) {
  const phrase = usePhrase();
  const { data, error, isPending } = useQuery({
    queryKey: orderPaymentKeys.calls(paymentId),
    queryFn: () => get<{ data: PaymentCallView[] }>(`/api/admin/payments/${paymentId}/calls`).then((answer) => answer.data),
  });
  if (isPending) return <Text fz="sm">{phrase('Loading…')}</Text>;
  if (error) {
    return (
      <Alert color="red" role="alert" mt="xs">
        {phrase(error.message)}
      </Alert>
    );
  }
  if (data.length === 0) {
    return (
      <Text fz="sm" mt="xs">
        {phrase('No call to the gateway was made for this payment.')}
      </Text>
    );
  }
  return (
    <Stack
      gap={6}
      mt="xs"
      data-testid="gateway-log"
      component="ol"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={phrase('Gateway log')}
    >
      {data.map((call) => (
        <CallDetail key={call.id} call={call} />
      ))}
    </Stack>
  );
}

/** One call: what it was, how the gateway answered and how long it took; the request and answer on demand. */
function CallDetail({ call }: { call: PaymentCallView }) {
  const phrase = usePhrase();
  const [open, setOpen] = useState(false);
  const id = `payment-call-${call.id}`;
  const failed = call.status === null || call.status >= 400;
  return (
    <li data-testid="gateway-call" style={{ borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 6 }}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fz="xs" fw={700}>
          {call.operation}
        </Text>
        <Text fz="xs" c={failed ? 'red.8' : undefined} data-testid="gateway-call-status">
          {call.status === null ? phrase('No answer') : `HTTP ${call.status}`} · {phrase('{{ms}} ms', { ms: String(call.ms) })}
        </Text>
      </Group>
      <Text fz="xs" c="dimmed">
        {formatDateTime(call.at)}
      </Text>
      <Anchor component="button" type="button" fz="xs" onClick={() => setOpen((shown) => !shown)} aria-expanded={open} aria-controls={id}>
        {phrase(open ? 'Hide request and answer' : 'Show request and answer')}
      </Anchor>
      <Collapse expanded={open} id={id}>
        {open && (
          <Stack gap={4} mt={4}>
            <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {call.method} {call.url}
            </Text>
            <Text fz="xs" fw={600}>
              {phrase('Request')}
            </Text>
            <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="gateway-request">
              {asJson(call.request)}
            </Code>
            <Text fz="xs" fw={600}>
              {phrase('Answer')}
            </Text>
            <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="gateway-response">
              {asJson(call.response)}
            </Code>
          </Stack>
        )}
      </Collapse>
    </li>
  );
}

const asJson = (value: unknown): string => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/**
 * A refund through the gateway: the amount (at most what may be refunded) and why. A gateway that refuses says so in
 * its own words, shown here; nothing is booked then.
 */
function RefundOnlineForm({
  paymentId,
  refundable,
  onDone,
  onRefused,
}: {
  paymentId: number;
  refundable: number;
  onDone: () => Promise<void>;
  onRefused: () => Promise<unknown>;
}) {
  const { phrase, money } = useOrderWords();
  const [amount, setAmount] = useState<number | null>(refundable);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: () => post<Answer<PaymentRefundedView>>(`/api/admin/payments/${paymentId}/refunds`, { amount, reason }),
    onMutate: () => {
      setErrors({});
      setRefusal(null);
    },
    onSuccess: async (answer) => {
      toast.success(phrase(answer.message ?? 'Refunded online'));
      await onDone();
    },
    onError: async (failure) => {
      if (!(failure instanceof ApiError)) throw failure;
      // The gateway's refusal (422, or 502 when it did not answer) is its own sentence, shown once above the form;
      // our own checks name their field.
      const fields = failure.fieldErrors();
      if (fields.amount === failure.message) delete fields.amount;
      setErrors(fields);
      setRefusal(failure.message);
      // A refusal by the gateway is recorded (the attempt's refunds show it): refresh what the card shows.
      await onRefused();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount !== null && amount > refundable) {
      setErrors({ amount: phrase('At most {{amount}} can be refunded online', { amount: money(refundable) }) });
      return;
    }
    refund.mutate();
  };
  return (
    <Stack component="form" onSubmit={submit} aria-label={phrase('Refund online')} gap="xs" mt="sm">
      {refusal && (
        <Alert color="red" role="alert" title={phrase('The refund was not made')} data-testid="refund-refusal">
          {phrase(refusal)}
        </Alert>
      )}
      <MoneyInput
        label={phrase('Amount')}
        description={phrase('At most {{amount}}', { amount: money(refundable) })}
        required
        value={amount}
        onChange={setAmount}
        max={refundable / 100}
        error={errors.amount ? phrase(errors.amount) : undefined}
      />
      <TextInput
        label={phrase('Reason')}
        required
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={errors.reason ? phrase(errors.reason) : undefined}
        maxLength={255}
      />
      <div>
        <Button type="submit" size="xs" color="orange.9" loading={refund.isPending}>
          {phrase('Refund through the gateway')}
        </Button>
      </div>
    </Stack>
  );
}
