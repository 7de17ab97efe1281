import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { usePhrase } from '../lib/phrases';

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface FieldInError {
  id: string;
  label: string;
  element: FieldElement;
}

/** A field's visible name: its label's text without the required mark, or its group's legend (radio buttons). */
function fieldLabel(element: FieldElement): string {
  const group = element.type === 'radio' ? element.closest('fieldset')?.querySelector('legend') : null;
  const label = group ?? element.labels?.[0];
  if (!label) return element.name;
  const copy = label.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"], .s-visually-hidden')) hidden.remove();
  return copy.textContent?.trim() || element.name;
}

/** The form's fields that have an error, in the order the page shows them, one per name. */
function fieldsInError(form: HTMLFormElement, errors: Record<string, unknown>): FieldInError[] {
  const seen = new Set<string>();
  const found: FieldInError[] = [];
  for (const element of Array.from(form.elements) as FieldElement[]) {
    if (!element.name || !errors[element.name] || seen.has(element.name) || !element.id) continue;
    seen.add(element.name);
    found.push({ id: element.id, label: fieldLabel(element), element });
  }
  return found;
}

function bringIntoView(element: FieldElement): void {
  element.focus({ preventScroll: true });
  // Centred: the shop's sticky header would hide a field scrolled to the top.
  element.scrollIntoView({ block: 'center' });
}

/**
 * What the storefront's forms do after a refused "Place order" (the contract's check or the server's `{errors}`):
 * the first field in error takes the focus and is scrolled to, and `<ErrorSummary>` by the submit button names the
 * fields in error as links to them ("Check 2 fields: Mobile number, Area"). Fields are found by their `name` in the
 * form (with a label, as storefront/fields.tsx draws them), so a form needs no list of its own.
 *
 * ```tsx
 * const summary = useErrorSummary(form.errors);
 * <form ref={summary.formRef} onSubmit={summary.watch(submit)}> … <ErrorSummary summary={summary} /> <button type="submit">
 * ```
 */
export function useErrorSummary(errors: Record<string, unknown>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [attempted, setAttempted] = useState(false);
  const [fields, setFields] = useState<FieldInError[]>([]);
  // Set by a submit: the next errors that come (the contract's at once, the server's later) take the focus.
  const focusNext = useRef(false);

  useEffect(() => {
    const form = formRef.current;
    if (!form || !attempted) return;
    const found = fieldsInError(form, errors);
    setFields(found);
    const first = found[0];
    if (focusNext.current && first) {
      focusNext.current = false;
      bringIntoView(first.element);
    }
  }, [errors, attempted]);

  /** Wraps the form's submit handler: each submit may move the focus to the first field in error again. */
  const watch = useCallback(
    <Event,>(submit: (event: Event) => unknown) =>
      (event: Event) => {
        focusNext.current = true;
        setAttempted(true);
        return submit(event);
      },
    [],
  );

  return { formRef: formRef as RefObject<HTMLFormElement | null>, watch, fields };
}

/** The summary of a form's fields in error, each a link that takes the focus to its field. Nothing when there are none. */
export function ErrorSummary({ summary, id }: { summary: ReturnType<typeof useErrorSummary>; id?: string }) {
  const phrase = usePhrase();
  const { fields } = summary;
  if (fields.length === 0) return null;
  return (
    <p id={id} className="s-error-summary" data-testid="error-summary">
      {fields.length === 1 ? phrase('Check 1 field:') : phrase('Check {{n}} fields:', { n: fields.length })}{' '}
      {fields.map((field, index) => (
        <span key={field.id}>
          {index > 0 && ', '}
          <a
            href={`#${field.id}`}
            onClick={(event) => {
              event.preventDefault();
              bringIntoView(field.element);
            }}
          >
            {field.label}
          </a>
        </span>
      ))}
    </p>
  );
}
