import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/numbers';
import { usePhrase } from '../lib/phrases';
import { fieldsInError } from './form-errors';
import type { FormErrorsView } from './useZodForm';

/**
 * What is wrong, said by the submit button where the person is looking (issue 17): "Check 2 fields:
 * Retail price, Slug", each name a button that takes them to the field, and any message no field shows.
 * Put it inside the `<form>` beside the button of any form made with `useZodForm`:
 *
 *     <FormErrorSummary form={form} />
 *     <Button type="submit">…</Button>
 *
 * Plain elements (no Mantine), so the storefront can use it as well. The first field in error is
 * focused by `useZodForm` itself; this only names them.
 */
export function FormErrorSummary({
  form,
  message = true,
}: {
  form: FormErrorsView /** Also shows the message no field shows (the form's own alert may show it instead). */;
  message?: boolean;
}) {
  const phrase = usePhrase();
  const { i18n } = useTranslation();
  const self = useRef<HTMLDivElement>(null);
  const [fields, setFields] = useState<{ path: string; label: string }[]>([]);
  const { errors, attach } = form;

  // The fields' names come from their labels on the page, once the errors are drawn.
  useLayoutEffect(() => {
    const root = self.current?.closest('form') ?? null;
    attach(root);
    const found = fieldsInError(root ?? document, errors);
    const seen = new Set<string>();
    setFields(
      found.filter((field) => {
        if (seen.has(field.label)) return false;
        seen.add(field.label);
        return true;
      }),
    );
  }, [errors, attach]);

  const text = message ? form.formError : null;
  const visible = fields.length > 0 || Boolean(text);
  return (
    <div ref={self} data-form-error-summary="" role="alert" style={visible ? BOX : { display: 'none' }}>
      {text && <p style={{ margin: 0 }}>{text}</p>}
      {fields.length > 0 && (
        <p style={{ margin: 0 }}>
          {fields.length === 1
            ? phrase('Check this field:')
            : phrase('Check {{n}} fields:', { n: formatNumber(fields.length, i18n.language) })}{' '}
          {fields.map((field, index) => (
            <span key={field.path}>
              {index > 0 && ', '}
              <button type="button" style={LINK} onClick={() => form.focusField(field.path)}>
                {field.label}
              </button>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

const BOX = {
  display: 'grid',
  gap: 4,
  padding: '8px 12px',
  border: '1px solid #c92a2a',
  borderRadius: 8,
  background: '#fff5f5',
  color: '#a51d1d',
  fontSize: 14,
  lineHeight: 1.5,
} as const;

const LINK = {
  padding: 0,
  border: 0,
  background: 'none',
  color: '#a51d1d',
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'underline',
  cursor: 'pointer',
} as const;
