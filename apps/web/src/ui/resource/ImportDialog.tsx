import { Alert, Anchor, Button, FileInput, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, post } from '../../lib/api';
import { csvDataUrl, csvText } from '../../lib/csv';
import { formatNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { AA_COLORS } from '../colors';
import { TableScroll } from '../TableScroll';
import { toast } from '../toast/toast';
import type { ListImport } from './types';

interface ImportCounts {
  created: number;
  updated: number;
  message?: string;
  /** Columns of the file the import does not know, so did not read. */
  ignored_columns?: string[];
}

/** One refused line of the file: its line number (the header is line 1), its key and what is wrong. */
interface RefusedRow {
  row: number;
  sku?: string;
  errors: Record<string, string[]>;
}

type Check =
  | { kind: 'ready'; counts: ImportCounts }
  | { kind: 'refused'; message: string; rows: RefusedRow[] }
  | { kind: 'failed'; message: string };

/** The refused rows of a 422 answer, whatever the list is called. */
function refusedRows(body: unknown): RefusedRow[] {
  if (!body || typeof body !== 'object') return [];
  const record = body as Record<string, unknown>;
  const rows = record.report ?? record.rows;
  return Array.isArray(rows) ? (rows as RefusedRow[]) : [];
}

/**
 * CSV import of a list: choose a file, check it (a dry run that saves nothing and reports every
 * refused line), then import it. The server imports all of the file or none of it.
 */
export function ImportDialog({
  opened,
  onClose,
  api,
  name,
  title,
  options,
  onImported,
}: {
  opened: boolean;
  onClose: () => void;
  api: string;
  name: string;
  title: string;
  options: ListImport;
  onImported: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const [done, setDone] = useState<ImportCounts | null>(null);
  const phrase = usePhrase();
  const { i18n } = useTranslation();
  const count = (value: number) => formatNumber(value, i18n.language);

  const template = useMemo(() => csvDataUrl(csvText(options.columns, options.example ?? [])), [options]);

  const send = (dryRun: boolean) => {
    if (!file) throw new Error(phrase('Choose a CSV file first.'));
    const body = new FormData();
    body.append('file', file);
    return post<ImportCounts>(`${api}/import${dryRun ? '?dry_run=1' : ''}`, body);
  };

  const dryRun = useMutation({
    mutationFn: () => send(true),
    onSuccess: (counts) => setCheck({ kind: 'ready', counts }),
    onError: (failure) => {
      const rows = failure instanceof ApiError ? refusedRows(failure.body) : [];
      if (rows.length) setCheck({ kind: 'refused', message: failure.message, rows });
      else {
        const field = failure instanceof ApiError ? Object.values(failure.fieldErrors())[0] : undefined;
        setCheck({ kind: 'failed', message: field ?? failure.message });
      }
    },
  });
  const run = useMutation({
    mutationFn: () => send(false),
    onSuccess: (counts) => {
      setDone(counts);
      toast.success(
        counts.message ??
          phrase('Imported: {{created}} new, {{updated}} updated.', { created: count(counts.created), updated: count(counts.updated) }),
      );
      onImported();
    },
    onError: (failure) => {
      const rows = failure instanceof ApiError ? refusedRows(failure.body) : [];
      setCheck(rows.length ? { kind: 'refused', message: failure.message, rows } : { kind: 'failed', message: failure.message });
    },
  });

  const close = () => {
    setFile(null);
    setCheck(null);
    setDone(null);
    dryRun.reset();
    run.reset();
    onClose();
  };
  const working = dryRun.isPending || run.isPending;

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" centered>
      <Stack>
        {done ? (
          <>
            <Alert
              color="green"
              variant="light"
              role="status"
              styles={{ title: { color: AA_COLORS.success } }}
              title={phrase('Import finished')}
            >
              {phrase('{{created}} new and {{updated}} updated.', { created: count(done.created), updated: count(done.updated) })}
            </Alert>
            <Group justify="flex-end">
              <Button onClick={close}>{phrase('Done')}</Button>
            </Group>
          </>
        ) : (
          <>
            <Text fz="sm">
              {phrase(options.help ?? 'Each line of the file is one row.')}{' '}
              {phrase('The file is checked first; nothing is saved until every line is right.')}{' '}
              <Anchor href={template} download={`${name}-template.csv`} fz="sm">
                {phrase('Download the template')}
              </Anchor>
            </Text>
            <FileInput
              label={phrase('CSV file')}
              placeholder={phrase('Choose a .csv file')}
              accept=".csv,text/csv"
              clearable
              value={file}
              onChange={(next) => {
                setFile(next);
                setCheck(null);
              }}
            />
            {working && (
              <Stack gap={4} role="status">
                <Text fz="sm">{phrase(dryRun.isPending ? 'Checking {{name}}…' : 'Importing {{name}}…', { name: file?.name })}</Text>
                <Progress value={100} animated striped aria-label={phrase('Working')} />
              </Stack>
            )}
            {check?.kind === 'ready' && !working && (
              <Alert
                color="green"
                variant="light"
                role="status"
                styles={{ title: { color: AA_COLORS.success } }}
                title={phrase('The file is ready')}
              >
                {phrase('{{created}} new and {{updated}} to update. Nothing is saved until you import.', {
                  created: count(check.counts.created),
                  updated: count(check.counts.updated),
                })}
                {Boolean(check.counts.ignored_columns?.length) && (
                  <Text fz="sm" mt={4}>
                    {phrase('Columns not read: {{columns}}.', { columns: check.counts.ignored_columns?.join(', ') })}
                  </Text>
                )}
              </Alert>
            )}
            {check?.kind === 'failed' && (
              <Alert color="red" variant="light" role="alert">
                {phrase(check.message)}
              </Alert>
            )}
            {check?.kind === 'refused' && (
              <Stack gap="xs">
                <Alert color="red" variant="light" role="alert" title={phrase('Nothing was imported')}>
                  {phrase(check.message)}{' '}
                  {check.rows.length === 1
                    ? phrase('Fix this line and check the file again.')
                    : phrase('Fix these {{n}} lines and check the file again.', { n: count(check.rows.length) })}
                </Alert>
                <TableScroll minWidth={420} mah={300}>
                  <Table striped fz="sm" data-testid="import-report">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{phrase('Line')}</Table.Th>
                        <Table.Th>SKU</Table.Th>
                        <Table.Th>{phrase('What is wrong')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {check.rows.map((row) => (
                        <Table.Tr key={row.row}>
                          <Table.Td>{count(row.row)}</Table.Td>
                          <Table.Td>{row.sku || '—'}</Table.Td>
                          <Table.Td>
                            {Object.entries(row.errors).map(([field, messages]) => (
                              <div key={field}>
                                <Text component="span" fw={600} fz="sm">
                                  {field}:
                                </Text>{' '}
                                {messages.map((message) => phrase(message)).join(' ')}
                              </div>
                            ))}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </TableScroll>
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {phrase('Cancel')}
              </Button>
              <Button variant="light" disabled={!file || working} loading={dryRun.isPending} onClick={() => dryRun.mutate()}>
                {phrase('Check the file')}
              </Button>
              <Button disabled={check?.kind !== 'ready' || working} loading={run.isPending} onClick={() => run.mutate()}>
                {phrase('Import')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
