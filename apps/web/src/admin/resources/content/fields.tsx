import { Group, Rating, Stack, Text } from '@mantine/core';
import { formatDate } from '../../../lib/dates';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { AA_COLORS } from '../../../ui/colors';
import { RichTextEditor } from '../../../ui/RichTextEditor';
import type { FieldProps, SharedColumn, SharedField } from '../types';

/** A rich-text field: the editor of the product screen; the server keeps a safe subset of tags. */
export function RichTextField({ field, value, error, onChange }: FieldProps) {
  const phrase = usePhrase();
  return (
    <RichTextEditor
      label={phrase(field.label)}
      description={field.description && phrase(field.description)}
      error={error}
      value={String(value ?? '')}
      onChange={onChange}
    />
  );
}

export const richText = <const Name extends string>(name: Name, label: string, description?: string): SharedField<Name> => ({
  name,
  label,
  kind: 'custom',
  component: RichTextField,
  description,
  initial: '',
});

/** Stars from 1 to 5, chosen with the keyboard or the pointer. */
export function RatingField({ field, value, error, onChange }: FieldProps) {
  const phrase = usePhrase();
  const number = useNumber();
  const id = `rating-${field.name}`;
  return (
    <Stack gap={4}>
      <Text component="span" id={id} fz="sm" fw={500}>
        {phrase(field.label)}
        {field.required && (
          <Text component="span" c="red.8" aria-hidden>
            {' '}
            *
          </Text>
        )}
      </Text>
      <Group gap="xs">
        <Rating value={Number(value) || 0} onChange={onChange} aria-labelledby={id} size="lg" />
        <Text fz="sm" c={AA_COLORS.muted}>
          {value ? phrase('{{rating}} of {{most}}', { rating: number(Number(value)), most: number(5) }) : phrase('Not rated')}
        </Text>
      </Group>
      {error && (
        <Text fz="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export const ratingField: SharedField<'rating'> = {
  name: 'rating',
  label: 'Rating',
  kind: 'custom',
  component: RatingField,
  required: true,
  initial: 5,
  half: true,
};

/** Stars in a list cell, with the number for screen readers. */
export function Stars({ value }: { value: unknown }) {
  const phrase = usePhrase();
  const number = useNumber();
  const rating = Number(value) || 0;
  return (
    <Text
      component="span"
      role="img"
      c="yellow.9"
      aria-label={phrase('{{rating}} of {{most}}', { rating: number(rating), most: number(5) })}
      style={{ whiteSpace: 'nowrap' }}
    >
      {'★'.repeat(rating)}
      <Text component="span" c="gray.5" aria-hidden>
        {'★'.repeat(5 - rating)}
      </Text>
    </Text>
  );
}

/** A time in the shop's time zone and the admin's date language (the machinery shows `date` as stored). */
export const dateColumn = <const Key extends string, const Sort extends string = never>(
  key: Key,
  label: string,
  sort?: Sort,
): SharedColumn<Key, Sort> => ({
  key,
  label,
  sort,
  render: (row) => (row[key] ? <span style={{ whiteSpace: 'nowrap' }}>{formatDate(String(row[key]))}</span> : '—'),
});
