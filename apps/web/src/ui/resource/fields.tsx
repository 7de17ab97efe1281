import { formatMoney } from '@haat/contracts';
import { Button, ColorInput, FileButton, Group, Image, NumberInput, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { type ComponentProps, useState } from 'react';
import { ApiError, post } from '../../lib/api';
import { imageUrl } from '../../lib/image';
import { formatNumber } from '../../lib/numbers';
import { phrase, usePhrase } from '../../lib/phrases';
import { useSiteInfo } from '../../lib/site';
import { useReferenceOptions } from './reference';
import type { FieldProps } from './types';

export type { FieldProps };

/** A status field's and column's words when the resource names none. */
export const STATUS_LABELS = { on: 'Active', off: 'Hidden' } as const;

/** An amount typed in taka and kept in paisa (PRODUCT.md §2); empty is null. */
export function MoneyInput({
  value,
  onChange,
  ...props
}: Omit<ComponentProps<typeof NumberInput>, 'value' | 'onChange'> & {
  value: number | null | undefined;
  onChange: (paisa: number | null) => void;
}) {
  const symbol = useSiteInfo()?.currency_symbol ?? '৳';
  return (
    <NumberInput
      prefix={`${symbol} `}
      decimalScale={2}
      thousandSeparator=","
      inputMode="decimal"
      {...props}
      value={typeof value === 'number' ? value / 100 : ''}
      // A half-typed amount ("-") is no amount yet; a negative one stays as typed for the contract to refuse.
      onChange={(next) => onChange(next === '' || next === undefined || Number.isNaN(Number(next)) ? null : Math.round(Number(next) * 100))}
    />
  );
}

/** One input per field kind; every one has a visible label and shows its error beside it. */
export function FieldInput({ field, value, error, errors, onChange, values }: FieldProps) {
  const phrase = usePhrase();
  const label = phrase(field.label);
  const description = field.description ? phrase(field.description) : undefined;
  const common = { label, description, error: error ? phrase(error) : error, required: field.required, name: field.name };
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} value={String(value ?? '')} onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'date':
      return <TextInput {...common} type="date" value={String(value ?? '')} onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'textarea':
      return (
        <Textarea {...common} autosize minRows={3} value={String(value ?? '')} onChange={(event) => onChange(event.currentTarget.value)} />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          allowDecimal={false}
          value={value as number}
          onChange={(next) => onChange(next === '' || Number.isNaN(Number(next)) ? next : Number(next))}
        />
      );
    case 'money':
      return <MoneyInput {...common} value={value as number | null} onChange={onChange} />;
    case 'switch':
      return (
        <Switch
          label={label}
          description={description}
          error={common.error}
          name={field.name}
          checked={Boolean(value)}
          onChange={(event) => onChange(event.currentTarget.checked)}
          mt="xs"
        />
      );
    case 'status':
      return (
        <Select
          {...common}
          allowDeselect={false}
          data={[
            { value: '1', label: phrase((field.statusLabels ?? STATUS_LABELS).on) },
            { value: '0', label: phrase((field.statusLabels ?? STATUS_LABELS).off) },
          ]}
          value={String(value ?? 1)}
          onChange={(next) => onChange(Number(next ?? 1))}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={(field.options ?? []).map((option) => ({ ...option, label: phrase(option.label) }))}
          value={value ? String(value) : null}
          onChange={(next) => onChange(next)}
        />
      );
    case 'reference':
      return <ReferenceSelect field={field} value={value} error={common.error} onChange={onChange} />;
    case 'color':
      return <ColorInput {...common} format="hex" value={String(value ?? '')} onChange={(next) => onChange(next)} />;
    case 'image':
      return <ImageField field={field} value={value} error={common.error} onChange={onChange} />;
    case 'custom': {
      const Custom = field.component;
      if (!Custom) throw new Error(`The field ${field.name} is custom but names no component`);
      return <Custom field={field} value={value} error={error} errors={errors} onChange={onChange} values={values} />;
    }
  }
}

function ReferenceSelect({ field, value, error, onChange }: FieldProps) {
  const phrase = usePhrase();
  const [search, setSearch] = useState('');
  const selected = value === null || value === undefined || value === '' ? null : String(value);
  const { options, loading } = useReferenceOptions(field.reference, search, selected);
  return (
    <Select
      label={phrase(field.label)}
      description={field.description ? phrase(field.description) : undefined}
      error={error}
      required={field.required}
      name={field.name}
      searchable
      clearable={!field.required}
      nothingFoundMessage={loading ? phrase('Loading…') : phrase('Nothing found')}
      data={options}
      value={selected}
      onSearchChange={setSearch}
      onChange={(next) => onChange(next ? Number(next) : null)}
    />
  );
}

function ImageField({ field, value, error, onChange }: FieldProps) {
  const phrase = usePhrase();
  const label = phrase(field.label);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const path = typeof value === 'string' && value ? value : null;
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    const body = new FormData();
    body.append('image', file);
    try {
      const stored = await post<{ path: string }>(`/api/admin/uploads?folder=${field.folder ?? 'settings'}`, body);
      onChange(stored.path);
    } catch (failure) {
      setUploadError(phrase(failure instanceof ApiError ? (failure.fieldErrors().image ?? failure.message) : String(failure)));
    } finally {
      setUploading(false);
    }
  };
  const message = uploadError ?? error;
  return (
    <Stack gap={6}>
      <Text component="span" fz="sm" fw={500}>
        {label}
        {field.required && (
          <Text component="span" c="red.9" aria-hidden>
            {' '}
            *
          </Text>
        )}
      </Text>
      {field.description && (
        <Text fz="xs" c="dimmed">
          {phrase(field.description)}
        </Text>
      )}
      <Group align="center">
        {path ? (
          <Image src={imageUrl(path)} alt={phrase('{{name}} preview', { name: label })} h={72} w={72} fit="cover" radius="sm" />
        ) : (
          <Text fz="xs" c="dimmed" w={72}>
            {phrase('No image')}
          </Text>
        )}
        <FileButton onChange={upload} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              loading={uploading}
              aria-label={phrase(path ? 'Replace {{name}}' : 'Upload {{name}}', { name: label.toLowerCase() })}
            >
              {path ? phrase('Replace') : phrase('Upload')}
            </Button>
          )}
        </FileButton>
        {path && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => onChange(null)}
            aria-label={phrase('Remove {{name}}', { name: label.toLowerCase() })}
          >
            {phrase('Remove')}
          </Button>
        )}
      </Group>
      {message && (
        <Text fz="xs" c="red.9" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}

/** How a value shows in a list cell, in the page's language (Bengali digits in Bengali). */
export function formatCell(kind: string | undefined, value: unknown, currencySymbol = '৳', language = 'en'): string {
  if (value === null || value === undefined || value === '') return '—';
  if (kind === 'money') return formatMoney(Number(value), currencySymbol, language);
  if (kind === 'boolean') return value ? phrase('Yes') : phrase('No');
  if (kind === 'number' && typeof value === 'number') return formatNumber(value, language);
  return String(value);
}
