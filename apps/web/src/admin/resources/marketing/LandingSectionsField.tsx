import { LANDING_SECTION_LABELS, LANDING_SECTION_TYPES, type LandingSection, type LandingSectionType } from '@haat/contracts';
import { Badge, Button, Fieldset, Group, Paper, Select, Stack, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { AA_COLORS } from '../../../ui/colors';
import { MoveButtons } from '../../../ui/MoveButtons';
import { FieldInput } from '../../../ui/resource/fields';
import type { FieldProps } from '../types';

/**
 * A landing page's sections in order: text, image, video, question and answer, testimonial. Each is
 * added by kind, edited in place, moved up or down (the focus follows the moved section) or removed.
 */
export function LandingSectionsField({ field, value, error, errors = {}, onChange }: FieldProps) {
  const phrase = usePhrase();
  const number = useNumber();
  const typeOptions = LANDING_SECTION_TYPES.map((type) => ({ value: type, label: phrase(LANDING_SECTION_LABELS[type].name) }));
  const sections = (Array.isArray(value) ? value : []) as LandingSection[];
  const [kind, setKind] = useState<LandingSectionType>('text');
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLDivElement>(null);

  const update = (index: number, change: Partial<LandingSection>) =>
    onChange(sections.map((section, at) => (at === index ? { ...section, ...change } : section)));
  const move = (from: number, to: number, control: 'up' | 'down') => {
    if (to < 0 || to >= sections.length) return;
    const next = [...sections];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    onChange(next);
    setAnnouncement(phrase('Section moved to position {{position}} of {{n}}.', { position: number(to + 1), n: number(next.length) }));
    requestAnimationFrame(() => {
      const item = list.current?.children[to];
      const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${control}"]:not([disabled])`);
      (wanted ?? item?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])'))?.focus();
    });
  };

  return (
    <Stack gap="sm">
      <Text component="span" fz="sm" fw={500}>
        {phrase(field.label)}
      </Text>
      {field.description && (
        <Text fz="xs" c={AA_COLORS.muted}>
          {phrase(field.description)}
        </Text>
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {sections.length === 0 ? (
        <Paper withBorder p="md" c={AA_COLORS.muted} fz="sm" ta="center" style={{ borderStyle: 'dashed' }}>
          {phrase('No sections yet. Tell the product’s story: text, pictures, a video, questions and answers, what buyers said.')}
        </Paper>
      ) : (
        <Stack component="ol" ref={list} gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={phrase('Sections in order')}>
          {sections.map((section, index) => {
            const labels = LANDING_SECTION_LABELS[section.type] ?? LANDING_SECTION_LABELS.text;
            const name = phrase('Section {{position}} ({{kind}})', { position: number(index + 1), kind: phrase(labels.name) });
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; the position is what they are
              <Paper component="li" key={index} withBorder p="sm" aria-label={name}>
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Group gap="xs">
                      <Text fz="sm" fw={600}>
                        {number(index + 1)}.
                      </Text>
                      <Badge variant="filled" color="indigo.9">
                        {phrase(labels.name)}
                      </Badge>
                    </Group>
                    <MoveButtons
                      index={index}
                      count={sections.length}
                      noun={phrase('section')}
                      onMove={move}
                      onRemove={() => {
                        onChange(sections.filter((_, at) => at !== index));
                        setAnnouncement(phrase('Section removed.'));
                      }}
                    />
                  </Group>
                  <TextInput
                    label={phrase(labels.title)}
                    value={section.title ?? ''}
                    error={errors[`${index}.title`]}
                    onChange={(event) => update(index, { title: event.currentTarget.value })}
                  />
                  {section.type === 'image' ? (
                    <FieldInput
                      field={{ name: `sections.${index}.content`, label: phrase(labels.content), kind: 'image', folder: 'content' }}
                      value={section.content || null}
                      error={errors[`${index}.content`]}
                      onChange={(path) => update(index, { content: typeof path === 'string' ? path : '' })}
                    />
                  ) : section.type === 'video' ? (
                    <TextInput
                      label={phrase(labels.content)}
                      // i18n-ignore: an example address
                      placeholder="https://www.youtube.com/watch?v=…"
                      value={section.content ?? ''}
                      error={errors[`${index}.content`]}
                      onChange={(event) => update(index, { content: event.currentTarget.value })}
                    />
                  ) : (
                    <Textarea
                      label={phrase(labels.content)}
                      autosize
                      minRows={2}
                      value={section.content ?? ''}
                      error={errors[`${index}.content`]}
                      onChange={(event) => update(index, { content: event.currentTarget.value })}
                    />
                  )}
                  {errors[`${index}.type`] && (
                    <Text fz="xs" c="red.9" role="alert">
                      {errors[`${index}.type`]}
                    </Text>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      {error && (
        <Text fz="xs" c="red.9" role="alert">
          {error}
        </Text>
      )}
      <Fieldset legend={phrase('Add a section')} variant="filled" p="sm">
        <Group align="flex-end">
          <Select
            label={phrase('Kind of section')}
            data={typeOptions}
            allowDeselect={false}
            value={kind}
            onChange={(next) => setKind((next as LandingSectionType) ?? 'text')}
            w={240}
          />
          <Button
            variant="light"
            onClick={() => {
              onChange([...sections, { type: kind, title: '', content: '' }]);
              setAnnouncement(
                phrase('{{kind}} section added at position {{position}}.', {
                  kind: phrase(LANDING_SECTION_LABELS[kind].name),
                  position: number(sections.length + 1),
                }),
              );
            }}
          >
            {phrase('Add section')}
          </Button>
        </Group>
      </Fieldset>
    </Stack>
  );
}
