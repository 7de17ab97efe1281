import { isMaskedSecret, type SettingField } from '@haat/contracts';
import { ActionIcon, Button, Group, Input, PasswordInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type PhraseValues, usePhrase } from '../../lib/phrases';
import type { Field, FieldProps } from '../resources/types';

/**
 * A contract's settings field as the back office's field input takes it (ui/resource/fields.tsx), in
 * the reader's language (the contract's words are English).
 */
export function toField(field: SettingField, phrase: (text: string, values?: PhraseValues) => string): Field {
  // Field inputs take no placeholder: an example goes into the description, where it stays visible.
  const description = [
    field.description && phrase(field.description),
    field.placeholder && phrase('For example {{example}}', { example: field.placeholder }),
  ]
    .filter(Boolean)
    .join('. ');
  const common = {
    name: field.name,
    label: phrase(field.label),
    description: description || undefined,
    required: field.required,
    half: field.half,
  };
  switch (field.kind) {
    case 'secret':
      return { ...common, kind: 'custom', component: field.multiline ? MultilineSecretInput : SecretInput };
    case 'links':
      return { ...common, kind: 'custom', component: LinksInput };
    case 'time-zone':
      return { ...common, kind: 'custom', component: TimeZoneSelect };
    case 'select':
      return {
        ...common,
        kind: 'select',
        options: field.options ? field.options.map((option) => ({ value: option.value, label: phrase(option.label) })) : [],
      };
    case 'image':
      return { ...common, kind: 'image', folder: 'settings' };
    default:
      return { ...common, kind: field.kind };
  }
}

function MultilineSecretInput(props: FieldProps) {
  return <SecretInput {...props} multiline />;
}

/**
 * A stored secret shows only as "••••" and its last 4 characters. Keeping it sends the mask back
 * (the server keeps the secret); Replace asks for a new one; Remove clears it.
 */
function SecretInput({ field, value, error, onChange, multiline = false }: FieldProps & { multiline?: boolean }) {
  const phrase = usePhrase();
  const [saved] = useState(() => (isMaskedSecret(value) ? String(value) : ''));
  const text = String(value ?? '');
  if (isMaskedSecret(text)) {
    return (
      <Stack gap={4}>
        <TextInput
          label={field.label}
          description={phrase('Saved and encrypted; only the last characters are shown')}
          name={field.name}
          value={text}
          readOnly
          error={error}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => onChange('')}
            aria-label={phrase('Replace {{name}}', { name: field.label })}
          >
            {phrase('Replace')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const description = saved
    ? phrase('Type the new value, leave empty to remove the saved one, or keep the saved one')
    : phrase('Stored encrypted; after saving only its last 4 characters are shown');
  return (
    <Stack gap={4}>
      {multiline ? (
        <Textarea
          label={field.label}
          description={description}
          name={field.name}
          value={text}
          error={error}
          autosize
          minRows={3}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.currentTarget.value)}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
      ) : (
        <PasswordInput
          label={field.label}
          description={description}
          name={field.name}
          value={text}
          error={error}
          autoComplete="new-password"
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
      {saved && (
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => onChange(saved)}
            aria-label={phrase('Keep the saved {{name}}', { name: field.label })}
          >
            {phrase('Keep the saved one')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface Link {
  label: string;
  url: string;
}

/** The header's menu: rows of text and address, added and removed in place. */
function LinksInput({ field, value, error, errors = {}, onChange }: FieldProps) {
  const phrase = usePhrase();
  const links = Array.isArray(value) ? (value as Link[]) : [];
  const update = (index: number, patch: Partial<Link>) => onChange(links.map((link, at) => (at === index ? { ...link, ...patch } : link)));
  return (
    <Stack gap="xs">
      <div>
        <Input.Label component="span">{field.label}</Input.Label>
        {field.description && <Input.Description>{field.description}</Input.Description>}
      </div>
      {links.length === 0 && (
        <Text fz="sm" c="var(--mantine-color-gray-7)">
          {phrase('No links yet.')}
        </Text>
      )}
      {links.map((link, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <Group key={index} align="flex-start" wrap="nowrap">
          <TextInput
            label={phrase('Link {{position}} text', { position: index + 1 })}
            value={link.label}
            error={errors[`${index}.label`]}
            onChange={(event) => update(index, { label: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <TextInput
            label={phrase('Link {{position}} address', { position: index + 1 })}
            placeholder={phrase('/offers or https://…')}
            value={link.url}
            error={errors[`${index}.url`]}
            onChange={(event) => update(index, { url: event.currentTarget.value })}
            style={{ flex: 2 }}
          />
          <ActionIcon
            variant="subtle"
            color="red.8"
            mt={26}
            size="lg"
            aria-label={phrase('Remove link {{position}}', { position: index + 1 })}
            onClick={() => onChange(links.filter((_, at) => at !== index))}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      {error && (
        <Text fz="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        disabled={links.length >= 10}
        onClick={() => onChange([...links, { label: '', url: '' }])}
      >
        {phrase('Add link')}
      </Button>
    </Stack>
  );
}

/** Every time zone the browser knows, searchable. */
function TimeZoneSelect({ field, value, error, onChange }: FieldProps) {
  const phrase = usePhrase();
  const current = String(value ?? '');
  const zones = useMemo(() => {
    const known = Intl.supportedValuesOf('timeZone');
    return current && !known.includes(current) ? [current, ...known] : known;
  }, [current]);
  return (
    <Select
      label={field.label}
      description={field.description}
      error={error}
      name={field.name}
      searchable
      allowDeselect={false}
      data={zones}
      value={current || null}
      onChange={(next) => onChange(next ?? '')}
      limit={50}
      nothingFoundMessage={phrase('No such time zone')}
    />
  );
}
