import {
  type GatewayCodeName,
  type ReconciliationItemView,
  type ReconciliationResultView,
  reconciliationItemDescriptor,
  reconciliationRunDescriptor,
} from '@haat/contracts';
import { Alert, Anchor, Button, FileInput, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, post } from '../../lib/api';
import { formatDateTime, shopDay } from '../../lib/dates';
import { DateRangeField } from '../../ui/DateFields';
import { toast } from '../../ui/toast/toast';
import { useOrderWords } from '../orders/order-ui';
import { RESOURCES } from '../resources/registry';
import { listPath } from '../resources/types';
import { useCan } from '../useAdmin';
import { FlagBadge, gatewayName, gatewayOptions, PAYMENT_STATE_LABELS } from './payment-ui';

/**
 * The reconciliation's actions (decision 062) beside its two declared lists: "Run now" (ask a gateway about the
 * days) and "Upload settlement CSV" on the runs list, "Resolve" (with a note) on each flagged payment. Each is the
 * module's own POST route; the lists are asked again after it.
 */

const RUNS = reconciliationRunDescriptor.path;
const ITEMS = reconciliationItemDescriptor.path;
const itemsList = RESOURCES.find((entry) => entry.name === reconciliationItemDescriptor.name);
/** The flagged payments nobody has resolved yet (and, with a run, that run's), in their declared list. */
export const unresolvedPath = (run?: number) =>
  `${itemsList ? listPath(itemsList) : ''}?${run ? `filter[run]=${run}&` : ''}filter[resolved]=false`;

type Answer<T = unknown> = { message?: string; data?: T };

/** Both lists again: a run adds a row to the runs and items to the flagged list; resolving changes both. */
function useRefreshLists() {
  const client = useQueryClient();
  return () => Promise.all([RUNS, ITEMS].map((api) => client.invalidateQueries({ queryKey: ['resource', api] }))).then(() => undefined);
}

/** The answer to a run: the server's sentence (its counts, and what the gateway could not answer about). */
function useRunDone(onDone: () => void) {
  const { phrase, number } = useOrderWords();
  const refresh = useRefreshLists();
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
    onDone();
    await refresh();
  };
}

/** The runs list's toolbar: run a check, compare a settlement report, see what is unresolved. */
export function ReconciliationActions() {
  const { phrase } = useOrderWords();
  const can = useCan();
  const [open, setOpen] = useState<'run' | 'upload' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Anchor component={Link} to={unresolvedPath()} fz="sm">
        {phrase('Unresolved flagged payments')}
      </Anchor>
      {can('payment.reconcile') && (
        <>
          <Button variant="light" onClick={() => setOpen('upload')}>
            {phrase('Upload settlement CSV')}
          </Button>
          <Button onClick={() => setOpen('run')}>{phrase('Run now')}</Button>
        </>
      )}
      <Modal
        opened={open === 'run'}
        onClose={close}
        title={phrase('Check with the gateway')}
        closeButtonProps={{ 'aria-label': phrase('Close') }}
      >
        <RunCheck onDone={close} />
      </Modal>
      <Modal
        opened={open === 'upload'}
        onClose={close}
        title={phrase('Compare a settlement report')}
        closeButtonProps={{ 'aria-label': phrase('Close') }}
      >
        <UploadReport onDone={close} />
      </Modal>
    </>
  );
}

/** The gateway a check or a report is for: the run form's and the upload form's field. */
function GatewaySelect({
  value,
  onChange,
  error,
}: {
  value: GatewayCodeName | null;
  onChange: (gateway: GatewayCodeName | null) => void;
  error?: string;
}) {
  const { phrase } = useOrderWords();
  return (
    <Select
      label={phrase('Gateway')}
      required
      allowDeselect={false}
      data={gatewayOptions(phrase)}
      value={value}
      onChange={(picked) => onChange(picked as GatewayCodeName | null)}
      error={error ? phrase(error) : undefined}
    />
  );
}

function RunCheck({ onDone }: { onDone: () => void }) {
  const { phrase } = useOrderWords();
  const [gateway, setGateway] = useState<GatewayCodeName | null>('bkash');
  const [range, setRange] = useState<[string | null, string | null]>([shopDay(-7), shopDay(0)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const done = useRunDone(onDone);
  const run = useMutation({
    mutationFn: () => post<Answer<ReconciliationResultView>>(RUNS, { gateway, from: range[0], to: range[1] ?? range[0] }),
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
    <Stack component="form" onSubmit={submit} aria-label={phrase('Check with the gateway')} gap="sm">
      <Text fz="sm" c="dimmed">
        {phrase('The shop checks each day by itself; run a check for other days here, or compare a settlement report from the gateway.')}
      </Text>
      {message && (
        <Alert color="red" role="alert">
          {phrase(message)}
        </Alert>
      )}
      <GatewaySelect value={gateway} onChange={setGateway} error={errors.gateway} />
      <DateRangeField label={phrase('Days')} value={range} onChange={setRange} maxDate={shopDay(0)} />
      {rangeError && (
        <Text fz="sm" c="red.8" role="alert">
          {phrase(rangeError)}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {phrase('Cancel')}
        </Button>
        <Button type="submit" loading={run.isPending} disabled={!gateway || !range[0]}>
          {phrase('Run the check')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The lines of a settlement report that could not be read, from a refusal's answer (`report`). */
function linesOf(body: unknown): { row: number; errors: Record<string, string[]> }[] {
  const report = (body as { report?: unknown } | undefined)?.report;
  return Array.isArray(report) ? (report as { row: number; errors: Record<string, string[]> }[]) : [];
}

function UploadReport({ onDone }: { onDone: () => void }) {
  const { phrase } = useOrderWords();
  const [gateway, setGateway] = useState<GatewayCodeName | null>('bkash');
  const [file, setFile] = useState<File | null>(null);
  const [lines, setLines] = useState<{ row: number; errors: Record<string, string[]> }[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const done = useRunDone(onDone);
  const upload = useMutation({
    mutationFn: () => {
      // The settlement file goes as it is (multipart), the gateway in the address.
      const form = new FormData();
      if (file) form.append('file', file);
      return post<Answer<ReconciliationResultView>>(`${RUNS}/report?gateway=${gateway ?? ''}`, form);
    },
    onMutate: () => {
      setErrors({});
      setMessage(null);
    },
    onSuccess: done,
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
    <Stack component="form" onSubmit={submit} aria-label={phrase('Compare a settlement report')} gap="sm">
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
      <GatewaySelect value={gateway} onChange={setGateway} error={errors.gateway} />
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
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {phrase('Cancel')}
        </Button>
        <Button type="submit" loading={upload.isPending} disabled={!gateway || !file}>
          {phrase('Upload and compare')}
        </Button>
      </Group>
    </Stack>
  );
}

/** An amount and a state on one side ("৳1,250 · Paid"), or a dash when that side has no record. */
export function Side({ amount, state, testId }: { amount: number | null; state: string | null; testId: string }) {
  const { phrase, money } = useOrderWords();
  if (amount === null && !state) return <Text fz="sm">—</Text>;
  return (
    <Text fz="sm" data-testid={testId}>
      {amount !== null ? money(amount) : '—'}
      {state ? ` · ${phrase(PAYMENT_STATE_LABELS[state as keyof typeof PAYMENT_STATE_LABELS] ?? state)}` : ''}
    </Text>
  );
}

/** A flagged payment's last column: who resolved it and their note, or "Resolve" (a note, then the lists again). */
export function ResolveCell({ item }: { item: ReconciliationItemView }) {
  const { phrase } = useOrderWords();
  const can = useCan();
  const [opened, setOpened] = useState(false);
  if (item.resolved_at) {
    return (
      <Stack gap={0} maw={260} data-testid="item-resolution">
        <Text fz="xs" c="dimmed">
          {phrase('Resolved by {{name}}, {{when}}', { name: item.resolved_by ?? '—', when: formatDateTime(item.resolved_at) })}
        </Text>
        <Text fz="sm">{item.note}</Text>
      </Stack>
    );
  }
  if (!can('payment.reconcile')) return <Text fz="sm">—</Text>;
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpened(true)}>
        {phrase('Resolve')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={phrase('Resolve a flagged payment')}
        closeButtonProps={{ 'aria-label': phrase('Close') }}
      >
        <ResolveForm item={item} onClose={() => setOpened(false)} />
      </Modal>
    </>
  );
}

function ResolveForm({ item, onClose }: { item: ReconciliationItemView; onClose: () => void }) {
  const { phrase } = useOrderWords();
  const refresh = useRefreshLists();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const resolve = useMutation({
    mutationFn: () => post<Answer>(`${ITEMS}/${item.id}/resolve`, { note }),
    onMutate: () => setError(null),
    onSuccess: async (answer) => {
      toast.success(phrase(answer.message ?? 'Resolved'));
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
    resolve.mutate();
  };
  return (
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
  );
}
