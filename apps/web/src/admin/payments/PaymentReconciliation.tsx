import type { GatewayCodeName, Paginator, ReconciliationItemView, ReconciliationResultView, ReconciliationRunView } from '@haat/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  FileInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, get, post } from '../../lib/api';
import { formatDate, formatDateTime, shopDay } from '../../lib/dates';
import { DateRangeField } from '../../ui/DateFields';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { useOrderWords } from '../orders/order-ui';
import { useCan } from '../useAdmin';
import { FlagBadge, gatewayName, gatewayOptions, PAYMENT_STATE_LABELS } from './payment-ui';

const keys = {
  all: ['payment-reconciliations'] as const,
  runs: ['payment-reconciliations', 'runs'] as const,
  items: ['payment-reconciliations', 'items', 'open'] as const,
};

const BASE = '/api/admin/payments/reconciliations';

type Answer<T = unknown> = { message?: string; data?: T };

/** The lines of a settlement report that could not be read, from a refusal's answer (`report`). */
function linesOf(body: unknown): { row: number; errors: Record<string, string[]> }[] {
  const report = (body as { report?: unknown } | undefined)?.report;
  return Array.isArray(report) ? (report as { row: number; errors: Record<string, string[]> }[]) : [];
}

/**
 * `/admin/payment/reconciliation` (decision 062): compare our payment records with a gateway's — by asking the gateway
 * about each of our attempts in a range of days, or by reading its settlement report — see each run's counts, and
 * resolve what was flagged (missing at the gateway, missing here, amount or state differs) with a note.
 */
export default function PaymentReconciliation() {
  const { phrase } = useOrderWords();
  const can = useCan();
  return (
    <Stack>
      <Title order={1} fz="h3">
        {phrase('Payment reconciliation')}
      </Title>
      <Text fz="sm" c="dimmed">
        {phrase('The shop checks each day by itself; run a check for other days here, or compare a settlement report from the gateway.')}
      </Text>
      {can('payment.reconcile') && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <RunCheck />
          <UploadReport />
        </SimpleGrid>
      )}
      <OpenItems />
      <Runs />
    </Stack>
  );
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}

/** The answer to a run: the server's sentence (its counts, and what the gateway could not answer about). */
function useRunDone() {
  const { phrase, number } = useOrderWords();
  const refresh = useRefresh();
  return async (answer: Answer<ReconciliationResultView>) => {
    const run = answer.data?.run;
    const counts = run
      ? phrase('Checked {{checked}}, matched {{matched}}, flagged {{flagged}}', {
          checked: number(run.checked),
          matched: number(run.matched),
          flagged: number(run.flagged),
        })
      : phrase('Reconciliation done');
    const said = answer.message ?? answer.data?.message;
    toast.success(said ? phrase(said) : counts);
    await refresh();
  };
}

function RunCheck() {
  const { phrase } = useOrderWords();
  const [gateway, setGateway] = useState<GatewayCodeName | null>('bkash');
  const [range, setRange] = useState<[string | null, string | null]>([shopDay(-7), shopDay(0)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const done = useRunDone();
  const run = useMutation({
    mutationFn: () => post<Answer<ReconciliationResultView>>(BASE, { gateway, from: range[0], to: range[1] ?? range[0] }),
    onMutate: () => {
      setErrors({});
      setMessage(null);
    },
    onSuccess: done,
    onError: (failure) => {
      if (!(failure instanceof ApiError)) throw failure;
      setErrors(failure.fieldErrors());
      setMessage(failure.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate();
  };
  const rangeError = errors.from ?? errors.to;
  return (
    <Card withBorder component="form" onSubmit={submit} aria-label={phrase('Check with the gateway')}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {phrase('Check with the gateway')}
        </Title>
        {message && (
          <Alert color="red" role="alert">
            {phrase(message)}
          </Alert>
        )}
        <Select
          label={phrase('Gateway')}
          required
          allowDeselect={false}
          data={gatewayOptions(phrase)}
          value={gateway}
          onChange={(value) => setGateway(value as GatewayCodeName | null)}
          error={errors.gateway ? phrase(errors.gateway) : undefined}
        />
        <DateRangeField label={phrase('Days')} value={range} onChange={setRange} maxDate={shopDay(0)} />
        {rangeError && (
          <Text fz="sm" c="red.8" role="alert">
            {phrase(rangeError)}
          </Text>
        )}
        <div>
          <Button type="submit" loading={run.isPending} disabled={!gateway || !range[0]}>
            {phrase('Run the check')}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

function UploadReport() {
  const { phrase } = useOrderWords();
  const [gateway, setGateway] = useState<GatewayCodeName | null>('bkash');
  const [file, setFile] = useState<File | null>(null);
  const [lines, setLines] = useState<{ row: number; errors: Record<string, string[]> }[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const done = useRunDone();
  const upload = useMutation({
    mutationFn: () => {
      // The settlement file goes as it is (multipart), the gateway in the address.
      const form = new FormData();
      if (file) form.append('file', file);
      return post<Answer<ReconciliationResultView>>(`${BASE}/report?gateway=${gateway ?? ''}`, form);
    },
    onMutate: () => {
      setErrors({});
      setMessage(null);
    },
    onSuccess: async (answer) => {
      setFile(null);
      await done(answer);
    },
    onError: (failure) => {
      if (!(failure instanceof ApiError)) throw failure;
      setErrors(failure.fieldErrors());
      setMessage(failure.message);
      setLines(linesOf(failure.body));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLines([]);
    upload.mutate();
  };
  return (
    <Card withBorder component="form" onSubmit={submit} aria-label={phrase('Compare a settlement report')}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {phrase('Compare a settlement report')}
        </Title>
        {message && (
          <Alert color="red" role="alert">
            {phrase(message)}
            {lines.length > 0 && (
              <Stack gap={2} mt="xs" data-testid="report-problems">
                {lines.slice(0, 10).map((line) => (
                  <Text fz="sm" key={line.row}>
                    {phrase('Line {{row}}', { row: String(line.row) })}:{' '}
                    {Object.values(line.errors)
                      .flat()
                      .map((text) => phrase(text))
                      .join('; ')}
                  </Text>
                ))}
              </Stack>
            )}
          </Alert>
        )}
        <Select
          label={phrase('Gateway')}
          required
          allowDeselect={false}
          data={gatewayOptions(phrase)}
          value={gateway}
          onChange={(value) => setGateway(value as GatewayCodeName | null)}
          error={errors.gateway ? phrase(errors.gateway) : undefined}
        />
        <FileInput
          label={phrase('Settlement report (CSV)')}
          description={phrase('Columns: transaction id, invoice, amount')}
          required
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          clearable
          error={errors.file ? phrase(errors.file) : undefined}
        />
        <div>
          <Button type="submit" loading={upload.isPending} disabled={!gateway || !file}>
            {phrase('Upload and compare')}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

/** An amount and a state on one side ("৳1,250 · Paid"), or a dash when that side has no record. */
function Side({ amount, state, testId }: { amount: number | null; state: string | null; testId: string }) {
  const { phrase, money } = useOrderWords();
  if (amount === null && !state) return <Text fz="sm">—</Text>;
  return (
    <Text fz="sm" data-testid={testId}>
      {amount !== null ? money(amount) : '—'}
      {state ? ` · ${phrase(PAYMENT_STATE_LABELS[state as keyof typeof PAYMENT_STATE_LABELS] ?? state)}` : ''}
    </Text>
  );
}

function OpenItems() {
  const { phrase } = useOrderWords();
  const can = useCan();
  const [resolving, setResolving] = useState<ReconciliationItemView | null>(null);
  const { data, error, isPending } = useQuery({
    queryKey: keys.items,
    queryFn: () => get<Paginator<ReconciliationItemView>>(`${BASE}/items?open=1&per_page=100`).then((answer) => answer.data),
  });
  return (
    <Card withBorder>
      <Title order={2} fz="lg" mb="sm">
        {phrase('Open items')}
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {phrase(error.message)}
        </Alert>
      )}
      {isPending && <Text fz="sm">{phrase('Loading…')}</Text>}
      {data && data.length === 0 && <Text fz="sm">{phrase('Nothing is waiting: our records agree with the gateways.')}</Text>}
      {data && data.length > 0 && (
        <TableScroll minWidth={760}>
          <Table verticalSpacing="xs" aria-label={phrase('Open items')} data-testid="reconciliation-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Found')}</Table.Th>
                <Table.Th>{phrase('Gateway')}</Table.Th>
                <Table.Th>{phrase('Order')}</Table.Th>
                <Table.Th>{phrase('Reference')}</Table.Th>
                <Table.Th>{phrase('Our record')}</Table.Th>
                <Table.Th>{phrase('The gateway says')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{phrase('Actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((item) => (
                <Table.Tr key={item.id} data-testid="reconciliation-item">
                  <Table.Td>
                    <FlagBadge flag={item.flag} />
                  </Table.Td>
                  <Table.Td fz="sm">{phrase(gatewayName(item.gateway))}</Table.Td>
                  <Table.Td fz="sm">
                    {item.order_id && item.order_number ? (
                      <Anchor component={Link} to={`/admin/view/order/${item.order_id}`} fz="sm">
                        {item.order_number}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td fz="sm">
                    <Code>{item.reference}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Side amount={item.our_amount} state={item.our_state} testId="item-ours" />
                  </Table.Td>
                  <Table.Td>
                    <Side amount={item.their_amount} state={item.their_state} testId="item-theirs" />
                  </Table.Td>
                  <Table.Td>
                    {can('payment.reconcile') && (
                      <Button size="xs" variant="light" onClick={() => setResolving(item)}>
                        {phrase('Resolve')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <ResolveDialog item={resolving} onClose={() => setResolving(null)} />
    </Card>
  );
}

function ResolveDialog({ item, onClose }: { item: ReconciliationItemView | null; onClose: () => void }) {
  const { phrase } = useOrderWords();
  const refresh = useRefresh();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const resolve = useMutation({
    mutationFn: (id: number) => post<Answer>(`${BASE}/items/${id}/resolve`, { note }),
    onMutate: () => setError(null),
    onSuccess: async (answer) => {
      toast.success(phrase(answer.message ?? 'Resolved'));
      setNote('');
      onClose();
      await refresh();
    },
    onError: (failure) => {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.fieldErrors().note ?? failure.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (item) resolve.mutate(item.id);
  };
  return (
    <Modal opened={item !== null} onClose={onClose} title={phrase('Resolve a flagged payment')}>
      {item && (
        <Stack component="form" onSubmit={submit} aria-label={phrase('Resolve a flagged payment')} gap="sm">
          <Group gap="xs">
            <FlagBadge flag={item.flag} />
            <Text fz="sm">
              {phrase(gatewayName(item.gateway))} · {item.reference}
            </Text>
          </Group>
          <Textarea
            label={phrase('What was found or done')}
            required
            autosize
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={error ? phrase(error) : undefined}
            maxLength={500}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {phrase('Cancel')}
            </Button>
            <Button type="submit" loading={resolve.isPending}>
              {phrase('Resolve')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Runs() {
  const { phrase, number } = useOrderWords();
  const { data, error, isPending } = useQuery({
    queryKey: keys.runs,
    queryFn: () => get<Paginator<ReconciliationRunView>>(`${BASE}?per_page=30`).then((answer) => answer.data),
  });
  return (
    <Card withBorder>
      <Title order={2} fz="lg" mb="sm">
        {phrase('Checks run')}
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {phrase(error.message)}
        </Alert>
      )}
      {isPending && <Text fz="sm">{phrase('Loading…')}</Text>}
      {data && data.length === 0 && <Text fz="sm">{phrase('No check has been run yet.')}</Text>}
      {data && data.length > 0 && (
        <TableScroll minWidth={720}>
          <Table verticalSpacing="xs" aria-label={phrase('Checks run')} data-testid="reconciliation-runs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('When')}</Table.Th>
                <Table.Th>{phrase('Gateway')}</Table.Th>
                <Table.Th>{phrase('Days')}</Table.Th>
                <Table.Th>{phrase('How')}</Table.Th>
                <Table.Th ta="right">{phrase('Checked')}</Table.Th>
                <Table.Th ta="right">{phrase('Matched')}</Table.Th>
                <Table.Th ta="right">{phrase('Flagged')}</Table.Th>
                <Table.Th>{phrase('By')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((run) => (
                <Table.Tr key={run.id} data-testid="reconciliation-run">
                  <Table.Td fz="sm">{formatDateTime(run.at)}</Table.Td>
                  <Table.Td fz="sm">{phrase(gatewayName(run.gateway))}</Table.Td>
                  <Table.Td fz="sm">
                    {run.from === run.to ? formatDate(run.from) : `${formatDate(run.from)} – ${formatDate(run.to)}`}
                  </Table.Td>
                  <Table.Td fz="sm">{phrase(run.source === 'report' ? 'Settlement report' : 'Asked the gateway')}</Table.Td>
                  <Table.Td fz="sm" ta="right">
                    {number(run.checked)}
                  </Table.Td>
                  <Table.Td fz="sm" ta="right">
                    {number(run.matched)}
                  </Table.Td>
                  <Table.Td fz="sm" ta="right" fw={run.flagged > 0 ? 700 : undefined} c={run.flagged > 0 ? 'red.8' : undefined}>
                    {number(run.flagged)}
                  </Table.Td>
                  <Table.Td fz="sm">{run.admin_name ?? phrase('The daily job')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Card>
  );
}
