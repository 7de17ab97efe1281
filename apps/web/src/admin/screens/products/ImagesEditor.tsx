import { Button, FileButton, Group, Image, NativeSelect, Paper, Radio, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import { ApiError, post } from '../../../lib/api';
import { imageUrl } from '../../../lib/image';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { MoveButtons } from '../../../ui/MoveButtons';

export interface ProductImage {
  path: string;
  thumbnail: string;
  is_main?: boolean;
  /** The option value (a colour) the picture shows: choosing it on the product page shows this picture. */
  attribute_value_id?: number | null;
}

const MAX_IMAGES = 12;

/**
 * A product's pictures: upload several at once, put them in order with Up and Down (by mouse or
 * keyboard, the focus stays on the moved picture), choose the main one, remove. The first picture
 * is the main one until another is chosen.
 */
export function ImagesEditor({
  images,
  onChange,
  error,
  errors,
  mainError,
  optionChoices = [],
}: {
  images: ProductImage[];
  onChange: (images: ProductImage[]) => void;
  error?: string;
  /** Errors of single pictures (`0.path`). */
  errors: Record<string, string>;
  mainError?: string;
  /** The option values the product's saved variants use ("Colour: Red"), offered to link a picture to. */
  optionChoices?: { value: string; label: string }[];
}) {
  const [uploading, setUploading] = useState<{ done: number; total: number } | null>(null);
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);
  const phrase = usePhrase();
  const number = useNumber();
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const mainIndex = Math.max(
    0,
    images.findIndex((image) => image.is_main),
  );

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    const room = MAX_IMAGES - images.length;
    const chosen = files.slice(0, room);
    const problems: string[] =
      files.length > room
        ? [phrase('Only {{max}} pictures fit; {{n}} were left out.', { max: number(MAX_IMAGES), n: number(files.length - room) })]
        : [];
    const added: ProductImage[] = [];
    setUploading({ done: 0, total: chosen.length });
    for (const [index, file] of chosen.entries()) {
      const body = new FormData();
      body.append('image', file);
      try {
        const stored = await post<{ path: string; thumbnail: string }>('/api/admin/uploads?folder=products', body);
        added.push({ path: stored.path, thumbnail: stored.thumbnail });
      } catch (failure) {
        const reason = failure instanceof ApiError ? (failure.fieldErrors().image ?? failure.message) : String(failure);
        problems.push(`${file.name}: ${phrase(reason)}`);
      }
      setUploading({ done: index + 1, total: chosen.length });
    }
    setUploading(null);
    setUploadErrors(problems);
    if (added.length) {
      const next = [...images, ...added];
      onChange(next.map((image, index) => ({ ...image, is_main: index === (images.length ? mainIndex : 0) })));
      setAnnouncement(added.length === 1 ? phrase('1 picture added.') : phrase('{{n}} pictures added.', { n: number(added.length) }));
    }
  };

  const move = (from: number, to: number, control: 'up' | 'down') => {
    if (to < 0 || to >= images.length) return;
    const next = [...images];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    onChange(next);
    setAnnouncement(phrase('Picture moved to position {{position}} of {{n}}.', { position: number(to + 1), n: number(next.length) }));
    // Keep the keyboard where it was: on the same control of the moved picture, or the other one at an end.
    requestAnimationFrame(() => {
      const item = list.current?.children[to];
      const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${control}"]:not([disabled])`);
      (wanted ?? item?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])'))?.focus();
    });
  };

  const remove = (index: number) => {
    const next = images.filter((_, position) => position !== index);
    const main = index === mainIndex ? 0 : index < mainIndex ? mainIndex - 1 : mainIndex;
    onChange(next.map((image, position) => ({ ...image, is_main: position === main })));
    setAnnouncement(phrase('Picture removed.'));
  };

  const setOption = (index: number, valueId: string) =>
    onChange(
      images.map((image, position) => (position === index ? { ...image, attribute_value_id: valueId ? Number(valueId) : null } : image)),
    );

  const setMain = (index: number) => onChange(images.map((image, position) => ({ ...image, is_main: position === index })));

  const messages = [error, mainError, ...Object.values(errors), ...uploadErrors].filter(Boolean);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {phrase('JPEG, PNG or WebP, up to {{n}} pictures. The main picture shows in lists and first on the product page.', {
            n: number(MAX_IMAGES),
          })}
        </Text>
        <FileButton onChange={upload} accept="image/png,image/jpeg,image/webp" multiple>
          {(props) => (
            <Button {...props} variant="light" loading={Boolean(uploading)} disabled={images.length >= MAX_IMAGES}>
              {phrase('Upload pictures')}
            </Button>
          )}
        </FileButton>
      </Group>
      {uploading && (
        <Text fz="sm" role="status">
          {phrase('Uploading {{position}} of {{n}}…', {
            position: number(Math.min(uploading.done + 1, uploading.total)),
            n: number(uploading.total),
          })}
        </Text>
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {images.length === 0 ? (
        <Paper withBorder p="lg" ta="center" c="dimmed" fz="sm" style={{ borderStyle: 'dashed' }}>
          {phrase('No pictures yet.')}
        </Paper>
      ) : (
        <Radio.Group value={String(mainIndex)} onChange={(value) => setMain(Number(value))} label={phrase('Choose the main picture')}>
          <SimpleGrid
            component="ul"
            ref={list}
            cols={{ base: 2, sm: 3 }}
            spacing="sm"
            mt="xs"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label={phrase('Product pictures')}
          >
            {images.map((image, index) => (
              <Paper
                component="li"
                key={image.path}
                withBorder
                p={6}
                data-image={image.path}
                aria-label={phrase('Picture {{position}}', { position: number(index + 1) })}
              >
                <Stack gap={6}>
                  <Image
                    src={imageUrl(image.thumbnail)}
                    alt={phrase('Picture {{position}}', { position: number(index + 1) })}
                    h={110}
                    fit="cover"
                    radius="sm"
                  />
                  <Radio
                    value={String(index)}
                    label={
                      <>
                        {phrase('Main picture')}
                        <VisuallyHidden>: {phrase('Picture {{position}}', { position: number(index + 1) })}</VisuallyHidden>
                      </>
                    }
                  />
                  {optionChoices.length > 0 && (
                    <NativeSelect
                      size="xs"
                      label={
                        <>
                          {phrase('Shows option')}
                          <VisuallyHidden>{phrase(': picture {{n}}', { n: index + 1 })}</VisuallyHidden>
                        </>
                      }
                      value={image.attribute_value_id ? String(image.attribute_value_id) : ''}
                      onChange={(event) => setOption(index, event.currentTarget.value)}
                      data={[{ value: '', label: phrase('Any option') }, ...optionChoices]}
                      error={errors[`${index}.attribute_value_id`]}
                    />
                  )}
                  <MoveButtons index={index} count={images.length} noun="picture" onMove={move} onRemove={() => remove(index)} />
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
      {messages.map((message) => (
        <Text key={message} fz="xs" c="red.9" role="alert">
          {phrase(message as string)}
        </Text>
      ))}
    </Stack>
  );
}
