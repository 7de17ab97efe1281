import type { z } from 'zod';

/** A number in a message, grouped as the pages write it (10,00,000); forms show it in Bengali digits on Bengali pages. */
const written = (value: number | bigint) => Number(value).toLocaleString('en-IN');

/**
 * The message of a check written without one of its own (`.min(0)`, `.max(300)`, `.int()`): zod's
 * ("Too small: expected number to be >=0") is not for people and has no Bengali. These are whole
 * sentences, each a template with its Bengali in apps/web/src/ui/messages.phrases.bn.ts (the forms and the
 * API's `{message, errors}` translate them like any contract message). A check's own message still wins.
 * The API makes it zod's default (`z.config` in buildApp); the web app passes it to its parses
 * (ui/form-errors.ts), which keeps zod out of the pages that only import a contract later.
 */
export function writtenOutMessage(issue: z.core.$ZodRawIssue): { message: string } | undefined {
  if (issue.code === 'too_small') {
    const min = written(issue.minimum);
    if (issue.origin === 'string') return { message: Number(issue.minimum) <= 1 ? 'Fill this in' : `Enter at least ${min} characters` };
    if (issue.origin === 'array' || issue.origin === 'set')
      return { message: Number(issue.minimum) <= 1 ? 'Choose at least one' : `Choose at least ${min}` };
    if (issue.origin === 'number' || issue.origin === 'bigint')
      return { message: issue.inclusive ? `Enter ${min} or more` : `Enter more than ${min}` };
  }
  if (issue.code === 'too_big') {
    const max = written(issue.maximum);
    if (issue.origin === 'string') return { message: `Use at most ${max} characters` };
    if (issue.origin === 'array' || issue.origin === 'set') return { message: `Choose at most ${max}` };
    if (issue.origin === 'number' || issue.origin === 'bigint')
      return { message: issue.inclusive ? `Enter ${max} or less` : `Enter less than ${max}` };
  }
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'int') return { message: 'Enter a whole number' };
    if (issue.expected === 'number' || issue.expected === 'bigint') return { message: 'Enter a number' };
  }
  return undefined;
}
