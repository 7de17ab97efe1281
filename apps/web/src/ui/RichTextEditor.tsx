import { Box, Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';

type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList';

const MARKS: { command: Command; label: string; style?: React.CSSProperties }[] = [
  { command: 'bold', label: 'Bold', style: { fontWeight: 700 } },
  { command: 'italic', label: 'Italic', style: { fontStyle: 'italic' } },
  { command: 'underline', label: 'Underline', style: { textDecoration: 'underline' } },
  { command: 'insertUnorderedList', label: 'Bullets' },
  { command: 'insertOrderedList', label: 'Numbers' },
];

const BLOCKS = [
  { tag: 'h2', label: 'Heading' },
  { tag: 'h3', label: 'Subheading' },
  { tag: 'p', label: 'Paragraph' },
] as const;

/**
 * A small rich-text editor over contentEditable: bold, italic, underline, lists, headings and links.
 * It gives back HTML; the server keeps only a safe subset of tags. Ctrl+B / Ctrl+I / Ctrl+U work
 * as in any editor, and the toolbar is reachable with Tab.
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
  const editor = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('https://');

  // The editor owns its content while typing; a value from outside (loading a record) replaces it.
  useEffect(() => {
    const element = editor.current;
    if (element && element.innerHTML !== value) element.innerHTML = value;
  }, [value]);

  const refreshState = useCallback(() => {
    const selection = document.getSelection();
    if (!selection || !editor.current?.contains(selection.anchorNode)) return;
    setActive(Object.fromEntries(MARKS.map((mark) => [mark.command, document.queryCommandState(mark.command)])));
  }, []);
  useEffect(() => {
    document.addEventListener('selectionchange', refreshState);
    return () => document.removeEventListener('selectionchange', refreshState);
  }, [refreshState]);

  const emit = () => {
    const html = editor.current?.innerHTML ?? '';
    // An emptied editor leaves a <br> or an empty paragraph behind.
    const empty = !editor.current?.textContent?.trim() && !html.includes('<img');
    onChange(empty ? '' : html);
  };

  const saveSelection = () => {
    const selection = document.getSelection();
    if (selection?.rangeCount && editor.current?.contains(selection.anchorNode)) saved.current = selection.getRangeAt(0).cloneRange();
  };
  const restoreSelection = () => {
    editor.current?.focus();
    const selection = document.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
  };

  const run = (command: string, argument?: string) => {
    restoreSelection();
    document.execCommand(command, false, argument);
    emit();
    refreshState();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Tab leaves the editor instead of being swallowed.
    if (event.key === 'Tab') return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      saveSelection();
      setLinkOpen(true);
    }
  };

  return (
    <Stack gap={6}>
      <Text component="span" id={`${id}-label`} fz="sm" fw={500}>
        {label}
      </Text>
      {description && (
        <Text fz="xs" c="dimmed" id={`${id}-description`}>
          {description}
        </Text>
      )}
      <Box
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-4)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'white',
        }}
      >
        <Group
          gap={4}
          p={6}
          role="toolbar"
          aria-label={`${label} formatting`}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          wrap="wrap"
        >
          {MARKS.map((mark) => (
            <Button
              key={mark.command}
              size="compact-xs"
              variant={active[mark.command] ? 'filled' : 'default'}
              aria-pressed={Boolean(active[mark.command])}
              onMouseDown={(event) => {
                event.preventDefault();
                saveSelection();
              }}
              onClick={() => run(mark.command)}
              style={mark.style}
            >
              {mark.label}
            </Button>
          ))}
          {BLOCKS.map((block) => (
            <Button
              key={block.tag}
              size="compact-xs"
              variant="default"
              onMouseDown={(event) => {
                event.preventDefault();
                saveSelection();
              }}
              onClick={() => run('formatBlock', block.tag)}
            >
              {block.label}
            </Button>
          ))}
          <Popover opened={linkOpen} onChange={setLinkOpen} trapFocus position="bottom-start" withArrow>
            <Popover.Target>
              <Button
                size="compact-xs"
                variant="default"
                onMouseDown={(event) => {
                  event.preventDefault();
                  saveSelection();
                }}
                onClick={() => {
                  saveSelection();
                  setLinkOpen((open) => !open);
                }}
              >
                Link
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  setLinkOpen(false);
                  if (/^(https?:\/\/|\/|mailto:)/.test(link)) run('createLink', link);
                }}
              >
                <Group align="flex-end" gap="xs">
                  <TextInput label="Link address" value={link} onChange={(event) => setLink(event.currentTarget.value)} w={240} />
                  <Button type="submit" size="sm">
                    Add link
                  </Button>
                </Group>
              </form>
            </Popover.Dropdown>
          </Popover>
          <Button
            size="compact-xs"
            variant="default"
            onMouseDown={(event) => {
              event.preventDefault();
              saveSelection();
            }}
            onClick={() => run('unlink')}
          >
            Remove link
          </Button>
        </Group>
        {/* biome-ignore lint/a11y/useSemanticElements: a rich-text area has no native element */}
        <div
          ref={editor}
          role="textbox"
          tabIndex={0}
          contentEditable
          suppressContentEditableWarning
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-describedby={description ? `${id}-description` : undefined}
          aria-invalid={Boolean(error)}
          className="rich-text"
          onInput={emit}
          onBlur={() => {
            saveSelection();
            emit();
          }}
          onKeyDown={onKeyDown}
          style={{ minHeight, padding: '8px 12px', outlineOffset: 2 }}
        />
      </Box>
      {error && (
        <Text fz="xs" c="red.9" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
