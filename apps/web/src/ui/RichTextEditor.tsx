import { Box, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { loadChunk } from '../lib/lazy';

/** Tiptap and ProseMirror are big: they load when an editor is first shown, not with the screen's list or the shell. */
const EditorBody = lazy(() => loadChunk('rich-text-editor', () => import('./RichTextEditorBody')));

/** The toolbar's height in @mantine/tiptap's styles: padding xs above and below, 26 px controls, a 1 px border. */
const TOOLBAR_HEIGHT = 'calc(2 * var(--mantine-spacing-xs) + 1.625rem * var(--mantine-scale) + 1px)';

/** The editor's frame while its code loads, the same size as the editor, so nothing below it moves. */
function EditorPlaceholder({ minHeight, invalid }: { minHeight: number; invalid: boolean }) {
  return (
    <Box
      aria-hidden
      style={{
        border: `1px solid ${invalid ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-4)'}`,
        borderRadius: 'var(--mantine-radius-default)',
      }}
    >
      <Box style={{ height: TOOLBAR_HEIGHT, borderBottom: '1px solid var(--mantine-color-gray-4)' }} />
      <Box style={{ minHeight }} />
    </Box>
  );
}

/**
 * The back office's rich-text editor (Tiptap through @mantine/tiptap, decision 021): bold, italic,
 * underline, headings, lists, quotes and links. It gives back HTML in exactly the subset the server
 * keeps, and '' when emptied. The label names the editable region (aria-labelledby); the description
 * and the error describe it; Ctrl+B / Ctrl+I / Ctrl+U / Ctrl+K work as in any editor, and Tab moves
 * on to the next field. A new `value` from outside (loading a record, resetting the form) replaces
 * the text; the editor's own changes do not.
 */
export function RichTextEditor({
  label,
  description,
  error,
  value,
  onChange,
  minHeight = 180,
}: {
  label: string;
  description?: string;
  error?: string;
  value: string;
  onChange: (html: string) => void;
  minHeight?: number;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap={6}>
      <Text component="span" id={labelId} fz="sm" fw={500}>
        {label}
      </Text>
      {description && (
        <Text fz="xs" c="dimmed" id={descriptionId}>
          {description}
        </Text>
      )}
      <Suspense fallback={<EditorPlaceholder minHeight={minHeight} invalid={Boolean(error)} />}>
        <EditorBody
          label={label}
          labelId={labelId}
          describedBy={describedBy}
          invalid={Boolean(error)}
          value={value}
          onChange={onChange}
          minHeight={minHeight}
        />
      </Suspense>
      {error && (
        <Text fz="xs" c="red.9" id={errorId} role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
