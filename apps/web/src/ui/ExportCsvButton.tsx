import type { Paginator } from '@haat/contracts';
import { Button, Group, Progress, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../lib/api';
import { csvText, downloadCsv } from '../lib/csv';
import { formatNumber } from '../lib/numbers';
import { usePhrase } from '../lib/phrases';
import { toast } from './toast/toast';

type Row = Record<string, unknown>;

/** More rows than this are not exported from the browser: narrow the filters. */
const ROW_LIMIT = 20_000;
const PER_PAGE = 100;

/**
 * Exports every page of a paginated report as filtered, page by page, with progress and a way to
 * stop. For reports without a server-side CSV of their own.
 */
export function ExportCsvButton<T extends Row>({
  url,
  fileName,
  header,
  cells,
  total,
}: {
  /** The report's URL with its filters, without page or per_page. */
  url: string;
  fileName: string;
  header: string[];
  cells: (row: T) => unknown[];
  /** The number of rows, when known, for the progress bar. */
  total?: number;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const stopped = useRef(false);
  const phrase = usePhrase();
  const { i18n } = useTranslation();
  const count = (value: number) => formatNumber(value, i18n.language);

  const run = async () => {
    stopped.current = false;
    const lines: unknown[][] = [];
    setProgress({ done: 0, total: total ?? 0 });
    try {
      for (let page = 1; ; page++) {
        const separator = url.includes('?') ? '&' : '?';
        const answer = await get<Paginator<T>>(`${url}${separator}page=${page}&per_page=${PER_PAGE}`);
        lines.push(...answer.data.map(cells));
        setProgress({ done: lines.length, total: answer.total });
        if (stopped.current) return;
        if (page >= answer.last_page || lines.length >= ROW_LIMIT) {
          if (answer.total > ROW_LIMIT) toast.warning('Only the first 20,000 rows were exported', 'Narrow the filters to export the rest.');
          break;
        }
      }
      downloadCsv(fileName, csvText(header, lines));
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProgress(null);
    }
  };

  if (progress) {
    return (
      <Group gap="xs" role="status" wrap="nowrap">
        <div style={{ width: 160 }}>
          <Text fz="xs">
            {progress.total
              ? phrase('Exporting {{done}} of {{total}}…', {
                  done: count(progress.done),
                  total: count(Math.min(progress.total, ROW_LIMIT)),
                })
              : phrase('Exporting {{done}}…', { done: count(progress.done) })}
          </Text>
          <Progress
            value={progress.total ? (100 * progress.done) / Math.min(progress.total, ROW_LIMIT) : 100}
            animated={!progress.total}
            aria-label={phrase('Export progress')}
          />
        </div>
        <Button variant="subtle" size="xs" onClick={() => (stopped.current = true)}>
          {phrase('Stop')}
        </Button>
      </Group>
    );
  }
  return (
    <Button variant="default" onClick={() => void run()}>
      {phrase('Export CSV')}
    </Button>
  );
}
