import { writtenOutMessage } from '@haat/contracts';
import { type SetErrors, useForm } from '@mantine/form';
import i18next from 'i18next';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../lib/api';
import { usePhrase } from '../lib/phrases';
import { templateKeys, translateMessage } from '../lib/translate-message';
import { fieldsInError, focusElement, keepUnchanged, placeErrors, zodErrors, zodValidate } from './form-errors';

/** What a form over this contract holds: the contract's input (a contract whose input is not an object: any object). */
type ContractValues<Schema extends z.ZodType> = z.input<Schema> extends Record<string, unknown> ? z.input<Schema> : Record<string, unknown>;

/**
 * Every form of the web app (back office, portals, storefront): `@mantine/form` state checked by a
 * shared zod contract. The contract the server parses checks the values here first; the server's `{errors}`
 * land next to the same fields (dotted paths such as `items.0.quantity`); a message no field shows
 * goes above the form; an error goes when the value it is about changes.
 *
 * The values are the contract's input. A form may hold more (a line's product name for its table):
 * name that type, `useZodForm<typeof contract, Values>(…)`; the contract checks its own keys and
 * leaves the rest.
 *
 * A failed submit (the contract's check or the server's 4xx) brings the first field in error into view
 * and focuses it; `<FormErrorSummary form={form} />` by the submit button names every field in error
 * (ui/FormErrorSummary.tsx). Messages are shown in the reader's language (ui/messages.phrases.bn.ts).
 *
 * `source` is the contract, or a function that imports it: then zod and the contract load when the
 * shopper starts filling the form, not with the page's code (the storefront's checkout), and a
 * submit before that waits for them.
 */
export function useZodForm<Schema extends z.ZodType, Values extends ContractValues<Schema> = ContractValues<Schema>>(
  source: Schema | (() => Promise<Schema>),
  initial: NoInfer<Values>,
) {
  const contract = useRef<Schema | null>(typeof source === 'function' ? null : source);
  const loadContract = useCallback(async (): Promise<Schema> => {
    contract.current ??= typeof source === 'function' ? await source() : source;
    return contract.current;
  }, [source]);
  const validate = useCallback((values: Record<string, unknown>) => (contract.current ? zodValidate(contract.current)(values) : {}), []);
  const setErrorsOf = useRef<SetErrors | null>(null);
  // Instead of Mantine's "any change clears the field's error": only errors whose value changed go,
  // so replacing a list keeps the errors of the items that stayed the same. Stable, so is `setValues`.
  const onValuesChange = useCallback(
    (next: unknown, previous: unknown) => {
      setErrorsOf.current?.((errors) => keepUnchanged(errors as Record<string, string>, previous, next));
      // The first change starts loading a contract that comes by import.
      if (!contract.current) void loadContract().catch(() => undefined);
    },
    [loadContract],
  );
  const form = useForm<Record<string, unknown>>({
    mode: 'controlled',
    initialValues: initial,
    validate,
    clearInputErrorOnChange: false,
    onValuesChange,
  });
  setErrorsOf.current = form.setErrors;
  const [formError, setFormError] = useState<string | null>(null);
  const values = form.values as Values;
  const phrase = usePhrase();
  const rawErrors = form.errors as Record<string, string>;
  // The contract's and the server's English, in the reader's language.
  const errors = useMemo(() => {
    const keys = templateKeys();
    return Object.fromEntries(
      Object.entries(rawErrors).map(([path, message]) => [path, translateMessage(message, phrase, keys, i18next.language)]),
    );
  }, [rawErrors, phrase]);
  const shownFormError = useMemo(
    () =>
      formError
        ? formError
            .split(/(?<=[.!?])\s+/)
            .map((sentence) => translateMessage(sentence, phrase, templateKeys(), i18next.language))
            .join(' ')
        : null,
    [formError, phrase],
  );

  /** The form element, for finding fields by their path (set by a submit event or by FormErrorSummary). */
  const root = useRef<HTMLElement | null>(null);
  const attach = useCallback((element: HTMLElement | null) => {
    if (element) root.current = element;
  }, []);
  /** Counts failed submits: after each, once the errors are drawn, the first field in error gets the focus. */
  const [failures, setFailures] = useState(0);
  // Only a new failure moves the focus, not errors changing as the person types.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (failures === 0) return;
    const scope = root.current ?? document;
    const first = fieldsInError(scope, form.errors as Record<string, string>).find((found) => found.element)?.element;
    if (first) focusElement(first);
    else scope.querySelector<HTMLElement>('[data-form-error-summary], [role="alert"]')?.scrollIntoView({ block: 'center' });
  }, [failures]);
  const failed = () => setFailures((count) => count + 1);

  /** Focuses a field by its path (the summary's links). */
  const focusField = useCallback((path: string) => {
    const found = fieldsInError(root.current ?? document, { [path]: '-' })[0]?.element;
    if (found) focusElement(found);
  }, []);

  /** The props of a text input: value, error, onChange (an event or a value). */
  const field = <Key extends keyof Values & string>(name: Key) => {
    const { value, error: _error, ...props } = form.getInputProps(name);
    return { ...props, name, value: (value ?? '') as string, error: errors[name] };
  };

  /** Any value by its dotted path (`images.0.path`): numbers, switches, images, choices, lists. */
  const setValue = (path: string, value: unknown) => form.setFieldValue(path, value);

  /** Some of the values (the others stay); the errors of the ones that changed go. */
  const { setValues: setFormValues } = form;
  const setValues = useCallback(
    (next: Partial<Values> | ((current: Values) => Partial<Values>)) =>
      setFormValues(typeof next === 'function' ? (current) => next(current as Values) : next),
    [setFormValues],
  );

  /**
   * An error from the server (or from a call made outside `onSubmit`): `{errors}` next to their
   * fields, the message above the form when no field shows it.
   */
  const showError = (error: unknown) => {
    failed();
    if (!(error instanceof ApiError)) {
      setFormError(error instanceof Error ? error.message : String(error));
      return;
    }
    const { fields, above } = placeErrors(error.fieldErrors(), form.getValues());
    form.setErrors(fields);
    setFormError(above.length > 0 ? above.join(' ') : Object.keys(fields).length === 0 ? error.message : null);
  };

  /**
   * Checks the values with the contract, then runs `action`; what it throws is shown by `showError`.
   * Send `values` (the contract's input) to the server, which parses them with the same contract: a
   * parsed output is not always a valid input again (a field that turns '' into null, for one).
   */
  const onSubmit =
    (action: (parsed: z.output<Schema>, values: Values) => Promise<void>) =>
    async (event?: FormEvent): Promise<void> => {
      event?.preventDefault();
      // A form in a modal or a popover is inside another form in React's tree: that one is not submitted.
      event?.stopPropagation();
      if (event?.currentTarget instanceof HTMLElement) root.current = event.currentTarget;
      setFormError(null);
      let schema: Schema;
      try {
        schema = await loadContract();
      } catch (error) {
        showError(error);
        return;
      }
      const current = form.getValues() as Values;
      const parsed = schema.safeParse(current, { error: writtenOutMessage });
      if (!parsed.success) {
        const { fields, above } = placeErrors(zodErrors(parsed.error.issues), current);
        form.setErrors(fields);
        setFormError(above.length > 0 ? above.join(' ') : null);
        failed();
        return;
      }
      form.clearErrors();
      form.setSubmitting(true);
      try {
        await action(parsed.data, current);
      } catch (error) {
        showError(error);
      } finally {
        form.setSubmitting(false);
      }
    };

  return {
    values,
    setValues,
    setValue,
    errors,
    setErrors: form.setErrors,
    formError: shownFormError,
    setFormError,
    focusField,
    attach,
    submitting: form.submitting,
    field,
    onSubmit,
    showError,
  };
}

/** The part of a `useZodForm` form that FormErrorSummary reads. */
export interface FormErrorsView {
  errors: Record<string, string>;
  formError: string | null;
  focusField: (path: string) => void;
  attach: (element: HTMLElement | null) => void;
}
