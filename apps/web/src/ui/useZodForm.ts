import { type FormEvent, useEffect, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../lib/api';

/**
 * A form over a shared zod contract: the same schema the server parses checks the fields here
 * first, and the server's `{errors}` land next to the same fields. `source` is the schema, or a
 * function that imports it: then zod and the schema load when the shopper starts filling the form,
 * not with the page's code (the storefront's checkout), and a submit before that waits for them.
 */
export function useZodForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  source: Schema | (() => Promise<Schema>),
  initial: z.input<Schema>,
) {
  type Values = z.input<Schema>;
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (edited && typeof source === 'function') void source().catch(() => undefined);
  }, [edited, source]);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const field = <Key extends keyof Values & string>(name: Key) => ({
    name,
    value: (values[name] ?? '') as string,
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setEdited(true);
      setValues((current) => ({ ...current, [name]: value }));
      if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  /** For fields whose value is not a string: numbers, switches, images, choices. */
  const setValue = (name: string, value: unknown) => {
    setEdited(true);
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  /**
   * Checks the values with the contract, then runs `action`. Send `values` (the contract's input)
   * to the server, which parses them with the same contract: a parsed output is not always a valid
   * input again (a field that turns '' into null, for one).
   */
  const onSubmit = (action: (parsed: z.output<Schema>, values: Values) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    let schema: Schema;
    try {
      schema = typeof source === 'function' ? await source() : source;
    } catch (error) {
      setFormError(String(error));
      return;
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await action(parsed.data, values);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = error.fieldErrors();
        setErrors(fields);
        // A message no field shows goes above the form.
        if (Object.keys(fields).length === 0) setFormError(error.message);
      } else {
        setFormError(String(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return { values, setValues, setValue, errors, setErrors, formError, setFormError, submitting, field, onSubmit };
}
