import { PasswordInput } from '@mantine/core';
import type { FieldProps } from '../types';

export function PasswordField({ field, value, error, onChange }: FieldProps) {
  return (
    <PasswordInput
      label={field.label}
      description={field.description}
      error={error}
      required={field.required}
      autoComplete="new-password"
      value={String(value ?? '')}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
