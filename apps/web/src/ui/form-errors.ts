import type { z } from 'zod';

/**
 * Where a form's errors go, as plain functions under `useZodForm`: Mantine's form keeps errors by
 * dotted path (`items.0.quantity`), the same keys the server's `{errors}` use.
 */

type Errors = Record<string, string>;

/** A contract's issues as errors: the first message for each dotted path; a check of the whole form is at ''. */
export function zodErrors(issues: readonly z.core.$ZodIssue[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** `useForm`'s `validate`: the values checked by the contract, the errors by path. */
export function zodValidate(schema: z.ZodType) {
  return (values: unknown): Errors => {
    const result = schema.safeParse(values);
    return result.success ? {} : zodErrors(result.error.issues);
  };
}

/** The value at a dotted path (`items.0.quantity`), or undefined. */
export function valueAt(values: unknown, path: string): unknown {
  let current = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Errors shown next to a field (the path starts with one of the form's values) and the messages no
 * field shows (a whole-form check, `_` from the server, a field the form does not have), which go
 * above the form.
 */
export function placeErrors(errors: Errors, values: object): { fields: Errors; above: string[] } {
  const fields: Errors = {};
  const above: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    if (Object.hasOwn(values, path.split('.')[0] ?? '')) fields[path] = message;
    else if (!above.includes(message)) above.push(message);
  }
  return { fields, above };
}

/** The same value, compared by content: Mantine's form copies the values whole on every change. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
}

function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The errors left once values change: an error goes when the value it is about changes. */
export function keepUnchanged(errors: Errors, before: unknown, after: unknown): Errors {
  const kept = Object.entries(errors).filter(([path]) => sameValue(valueAt(before, path), valueAt(after, path)));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}
