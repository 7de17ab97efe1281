import { type ChangeEvent, type ReactNode, useId } from 'react';
import { useFormMessage } from './form-messages';

/** What useZodForm's `field(name)` hands a field. */
export interface Bound {
  name: string;
  value: string;
  error?: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
}

interface Common {
  label: string;
  hint?: string;
  required?: boolean;
}

function Frame({ id, label, hint, error, required, children }: Common & { id: string; error?: string; children: ReactNode }) {
  const say = useFormMessage();
  return (
    <div className="s-field">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="s-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className="s-field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="s-field-error" role="alert">
          {say(error)}
        </span>
      )}
    </div>
  );
}

const described = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** A labelled input with its hint and its error below it (errors from the contract or the server). */
export function TextField({
  field,
  type = 'text',
  autoComplete,
  inputMode,
  ...common
}: Common & {
  field: Bound;
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric' | 'search';
}) {
  const id = useId();
  return (
    <Frame id={id} error={field.error} {...common}>
      <input
        id={id}
        name={field.name}
        type={type}
        value={field.value}
        onChange={field.onChange}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={common.required}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={described(id, common.hint, field.error)}
      />
    </Frame>
  );
}

export function TextArea({ field, ...common }: Common & { field: Bound }) {
  const id = useId();
  return (
    <Frame id={id} error={field.error} {...common}>
      <textarea
        id={id}
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        required={common.required}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={described(id, common.hint, field.error)}
      />
    </Frame>
  );
}

export function SelectField({
  value,
  onChange,
  options,
  placeholder,
  error,
  disabled,
  name,
  ...common
}: Common & {
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string; lang?: string }[];
  placeholder: string;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Frame id={id} error={error} {...common}>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        required={common.required}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, common.hint, error)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** A message about the whole form (a refusal no field shows), in the page's language. */
export function FormAlert({ children, ok = false }: { children: ReactNode; ok?: boolean }) {
  const say = useFormMessage();
  if (!children) return null;
  return (
    <div className={ok ? 's-alert s-alert-ok' : 's-alert'} role={ok ? 'status' : 'alert'}>
      {typeof children === 'string' ? say(children) : children}
    </div>
  );
}
