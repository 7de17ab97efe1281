import { Alert, Anchor, Button, FileInput, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, post } from '../../lib/api';
import { csvDataUrl, csvText } from '../../lib/csv';
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

  const template = useMemo(() => csvDataUrl(csvText(options.columns, options.example ?? [])), [options]);

  const send = (dryRun: boolean) => {
    if (!file) throw new Error('Choose a CSV file first.');
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
      toast.success(counts.message ?? `Imported: ${counts.created} new, ${counts.updated} updated.`);
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
            <Alert color="green" variant="light" role="status" styles={{ title: { color: AA_COLORS.success } }} title="Import finished">
              {done.created} new and {done.updated} updated.
            </Alert>
            <Group justify="flex-end">
              <Button onClick={close}>Done</Button>
            </Group>
          </>
        ) : (
          <>
            <Text fz="sm">
              {options.help ?? 'Each line of the file is one row.'} The file is checked first; nothing is saved until every line is right.{' '}
              <Anchor href={template} download={`${name}-template.csv`} fz="sm">
                Download the template
              </Anchor>
            </Text>
            <FileInput
              label="CSV file"
              placeholder="Choose a .csv file"
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
                <Text fz="sm">{dryRun.isPending ? `Checking ${file?.name}…` : `Importing ${file?.name}…`}</Text>
                <Progress value={100} animated striped aria-label="Working" />
              </Stack>
            )}
            {check?.kind === 'ready' && !working && (
              <Alert color="green" variant="light" role="status" styles={{ title: { color: AA_COLORS.success } }} title="The file is ready">
                {check.counts.created} new and {check.counts.updated} to update. Nothing is saved until you import.
                {Boolean(check.counts.ignored_columns?.length) && (
                  <Text fz="sm" mt={4}>
                    Columns not read: {check.counts.ignored_columns?.join(', ')}.
                  </Text>
                )}
              </Alert>
            )}
            {check?.kind === 'failed' && (
              <Alert color="red" variant="light" role="alert">
                {check.message}
              </Alert>
            )}
            {check?.kind === 'refused' && (
              <Stack gap="xs">
                <Alert color="red" variant="light" role="alert" title="Nothing was imported">
                  {check.message} Fix {check.rows.length === 1 ? 'this line' : `these ${check.rows.length} lines`} and check the file again.
                </Alert>
                <TableScroll minWidth={420} mah={300}>
                  <Table striped fz="sm" data-testid="import-report">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Line</Table.Th>
                        <Table.Th>SKU</Table.Th>
                        <Table.Th>What is wrong</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {check.rows.map((row) => (
                        <Table.Tr key={row.row}>
                          <Table.Td>{row.row}</Table.Td>
                          <Table.Td>{row.sku || '—'}</Table.Td>
                          <Table.Td>
                            {Object.entries(row.errors).map(([field, messages]) => (
                              <div key={field}>
                                <Text component="span" fw={600} fz="sm">
                                  {field}:
                                </Text>{' '}
                                {messages.join(' ')}
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
                Cancel
              </Button>
              <Button variant="light" disabled={!file || working} loading={dryRun.isPending} onClick={() => dryRun.mutate()}>
                Check the file
              </Button>
              <Button disabled={check?.kind !== 'ready' || working} loading={run.isPending} onClick={() => run.mutate()}>
                Import
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
