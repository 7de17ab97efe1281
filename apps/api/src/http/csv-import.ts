import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseCsv } from './csv';
import { HttpError, invalid } from './errors';

/** One refused cell of an imported file: its line (the header is line 1), the input field and why. */
export interface ImportProblem {
  line: number;
  field: string;
  message: string;
}

export const IMPORT_FILE_LIMIT = 20 * 1024 * 1024;
export const IMPORT_LINE_LIMIT = 5000;
const importQuery = z.object({ dry_run: z.enum(['1', '0', 'true', 'false']).default('0') });

/** The uploaded CSV (multipart `file`) and whether it is only checked (`?dry_run=1`). */
export async function readCsvUpload(request: FastifyRequest): Promise<{ text: string; dryRun: boolean }> {
  const { dry_run } = importQuery.parse(request.query);
  if (!request.isMultipart()) throw invalid('file', 'Choose a CSV file to import.');
  const file = await request.file({ limits: { fileSize: IMPORT_FILE_LIMIT } }).catch(() => undefined);
  if (!file) throw invalid('file', 'Choose a CSV file to import.');
  const data = await file.toBuffer().catch(() => {
    throw invalid('file', 'The file must be at most 20 MB.');
  });
  // toBuffer misses a truncation when the stream ends right after the chunk that reached the limit.
  if (file.file.truncated) throw invalid('file', 'The file must be at most 20 MB.');
  if (data.includes(0)) throw invalid('file', 'This is not a CSV file. Save the sheet as CSV (UTF-8) and try again.');
  return { text: data.toString('utf8'), dryRun: dry_run === '1' || dry_run === 'true' };
}

/** An import's answer: its counts and a sentence saying what was checked or written. */
export function importAnswer<Result extends { created: number; updated: number }>(result: Result, dryRun: boolean) {
  const changed = `${result.created} to create, ${result.updated} to update`;
  return {
    ...result,
    message: dryRun
      ? `The file is valid: ${changed}. Nothing was written.`
      : `Imported: ${result.created} created, ${result.updated} updated.`,
  };
}

/** `Sort order` and `sort_order` both name the field sort_order. */
export function fieldOfHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** A file's lines as `{ field: cell }`, blank lines left out; headers that name no field are reported. */
export function csvLines(text: string): { header: { fields: string[]; ignored: string[] }; lines: Record<string, string>[] } {
  const fileError = (message: string) => new HttpError(422, message, { file: [message] });
  const [header, ...rest] = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!header?.some((cell) => cell.trim())) throw fileError('The file is empty. Put the column names on the first line.');
  const fields = header.map(fieldOfHeader);
  const lines = rest
    .filter((cells) => cells.some((cell) => cell.trim() !== ''))
    .map((cells) => Object.fromEntries(fields.flatMap((field, index) => (field ? [[field, (cells[index] ?? '').trim()]] : []))));
  if (lines.length === 0) throw fileError('The file has column names but no rows.');
  if (lines.length > IMPORT_LINE_LIMIT)
    throw fileError(`The file has ${lines.length} rows; import at most ${IMPORT_LINE_LIMIT} at a time.`);
  return { header: { fields, ignored: header.filter((_, index) => !fields[index]) }, lines };
}

/** The problems by line, as the web's import dialog lists them (`{ row, errors: { field: [messages] } }`). */
export function reportOf(problems: ImportProblem[]): { row: number; errors: Record<string, string[]> }[] {
  const byLine = new Map<number, Record<string, string[]>>();
  for (const problem of problems) {
    const errors = byLine.get(problem.line) ?? {};
    errors[problem.field] = [...(errors[problem.field] ?? []), problem.message];
    byLine.set(problem.line, errors);
  }
  return [...byLine].map(([row, errors]) => ({ row, errors }));
}
