import { writtenOutMessage } from '@haat/contracts';
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

/**
 * `useForm`'s `validate`: the values checked by the contract, the errors by path. A check written without a
 * message of its own says a whole sentence that has Bengali (contracts' default-messages.ts), as the API does.
 */
export function zodValidate(schema: z.ZodType) {
  return (values: unknown): Errors => {
    const result = schema.safeParse(values, { error: writtenOutMessage });
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

// The messages' translation is shared with toasts and the API client (lib/translate-message.ts).
export { mostSpecificFirst, translateMessage } from '../lib/translate-message';

/** The element showing a field's value, found by the field's path: its `name`, else a `data-field` wrapper's first control. */
export function fieldElement(root: ParentNode, path: string): HTMLElement | null {
  const escaped = CSS.escape(path);
  const named = root.querySelector<HTMLElement>(`[name="${escaped}"]:not([type="hidden"])`);
  if (named) return visibleControl(named);
  const wrapper = root.querySelector<HTMLElement>(`[data-field="${escaped}"]`);
  if (wrapper)
    return wrapper.querySelector<HTMLElement>('[aria-invalid="true"]') ?? wrapper.querySelector<HTMLElement>(FOCUSABLE) ?? wrapper;
  // A hidden input (Mantine's Select keeps its value in one): the visible control beside it.
  const hidden = root.querySelector<HTMLElement>(`input[type="hidden"][name="${escaped}"]`);
  return hidden?.parentElement?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

function visibleControl(element: HTMLElement): HTMLElement {
  return element.matches(FOCUSABLE) ? element : (element.querySelector<HTMLElement>(FOCUSABLE) ?? element);
}

/** A field's name as its label shows it (without the required mark), else its path in words. */
export function fieldLabel(element: HTMLElement | null, path: string): string {
  const control = element as HTMLInputElement | null;
  const labelled =
    control?.labels?.[0]?.textContent ??
    control?.getAttribute('aria-label') ??
    (control?.getAttribute('aria-labelledby')
      ? document.getElementById(control.getAttribute('aria-labelledby') ?? '')?.textContent
      : null) ??
    control?.closest('[data-field]')?.getAttribute('data-label');
  const text = labelled?.replace(/\s*\*\s*$/, '').trim();
  if (text) return text;
  const words = path.split('.').filter((part) => !/^\d+$/.test(part));
  const last = words[words.length - 1] ?? path;
  return last.replace(/_/g, ' ').replace(/^./, (letter) => letter.toUpperCase());
}

/** The errors' fields in the order a person reads the form, each with its element (if found) and label. */
export function fieldsInError(root: ParentNode, errors: Errors): { path: string; label: string; element: HTMLElement | null }[] {
  const found = Object.keys(errors)
    .filter((path) => path !== '')
    .map((path) => {
      let element = fieldElement(root, path);
      // A nested value (`items.0.quantity`) with no element of its own: the nearest enclosing field.
      for (let parts = path.split('.'); !element && parts.length > 1; ) {
        parts = parts.slice(0, -1);
        element = fieldElement(root, parts.join('.'));
      }
      return { path, label: fieldLabel(element, path), element };
    });
  return found.sort((a, b) => {
    if (!a.element || !b.element) return a.element ? -1 : b.element ? 1 : 0;
    return a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/** Brings a field into view and puts the cursor in it. */
export function focusElement(element: HTMLElement): void {
  element.scrollIntoView({ block: 'center', behavior: 'smooth' });
  element.focus({ preventScroll: true });
}
