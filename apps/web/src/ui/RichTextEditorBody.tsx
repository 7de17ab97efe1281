import '@mantine/tiptap/styles.css';
import { Button, Group, Popover, TextInput } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels, useRichTextEditorContext } from '@mantine/tiptap';
import { type EditorOptions, useEditor, useEditorState } from '@tiptap/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { phrase, usePhrase } from '../lib/phrases';
import { isAllowedHref, richTextExtensions } from './rich-text-extensions';
import { useZodForm } from './useZodForm';

/** Words on the toolbar's buttons (their accessible names and tooltips), in the back office's terms. */
/** The toolbar's buttons' names, in the page's language. */
const labels = (): Partial<RichTextEditorLabels> => ({
  boldControlLabel: phrase('Bold'),
  italicControlLabel: phrase('Italic'),
  underlineControlLabel: phrase('Underline'),
  clearFormattingControlLabel: phrase('Clear formatting'),
  h2ControlLabel: phrase('Heading'),
  h3ControlLabel: phrase('Subheading'),
  bulletListControlLabel: phrase('Bulleted list'),
  orderedListControlLabel: phrase('Numbered list'),
  blockquoteControlLabel: phrase('Quote'),
  unlinkControlLabel: phrase('Remove link'),
  undoControlLabel: phrase('Undo'),
  redoControlLabel: phrase('Redo'),
});

/** A link's address: only the addresses the server keeps. */
const linkInput = z.object({
  href: z.string().trim().refine(isAllowedHref, 'Use an address that starts with https://, http:// or / (a page of this shop)'),
});

/** The link button and its address form: only the addresses the server keeps are accepted. */
function LinkControl({ opened, onOpen, onClose }: { opened: boolean; onOpen: () => void; onClose: () => void }) {
  const { editor } = useRichTextEditorContext();
  const active = useEditorState({ editor, selector: ({ editor: current }) => current?.isActive('link') ?? false });
  const form = useZodForm(linkInput, { href: 'https://' });
  const { setValues, setErrors } = form;
  const phrase = usePhrase();

  // Opening (by the button or Ctrl+K) starts from the link under the cursor.
  useEffect(() => {
    if (!opened) return;
    setValues({ href: (editor?.getAttributes('link').href as string | undefined) ?? 'https://' });
    setErrors({});
  }, [opened, editor, setValues, setErrors]);

  // The dropdown is in a portal, but React passes its events up to the record's own form: the hook's
  // submit stops there, so this one is not that form's.
  const submit = form.onSubmit(async ({ href: address }) => {
    onClose();
    if (!editor) return;
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address becomes the linked text.
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] })
        .run();
    } else editor.chain().focus().extendMarkRange('link').setLink({ href: address }).run();
  });

  return (
    <Popover opened={opened} onChange={(open) => (open ? onOpen() : onClose())} trapFocus returnFocus position="bottom-start" withArrow>
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={phrase('Link')}
          title={phrase('Link (Ctrl+K)')}
          active={active ?? false}
          aria-expanded={opened}
          aria-haspopup="dialog"
          onClick={() => (opened ? onClose() : onOpen())}
        >
          <LinkIcon />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={submit} aria-label={phrase('Link')}>
          <Group align="flex-start" gap="xs">
            <TextInput label={phrase('Link address')} w={280} data-autofocus {...form.field('href')} />
            <Button type="submit" mt={25}>
              {phrase('Add link')}
            </Button>
          </Group>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

function LinkIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden focusable="false">
      <path d="M9 15l6 -6" />
      <path d="M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464" />
      <path d="M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463" />
    </svg>
  );
}

/** Loaded on demand by RichTextEditor.tsx, which draws the label, description and error around it. */
export default function RichTextEditorBody({
  label,
  labelId,
  describedBy,
  invalid,
  value,
  onChange,
  minHeight,
}: {
  label: string;
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
  value: string;
  onChange: (html: string) => void;
  minHeight: number;
}) {
  /** The last HTML given to onChange (or taken from `value`): a `value` equal to it is the editor's own. */
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const [linkOpen, setLinkOpen] = useState(false);
  const [initialContent] = useState(value);

  const editorProps = useMemo<EditorOptions['editorProps']>(
    () => ({
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        'aria-invalid': invalid ? 'true' : 'false',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        style: `min-height: ${minHeight}px`,
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          setLinkOpen(true);
          return true;
        }
        return false;
      },
    }),
    [labelId, describedBy, invalid, minHeight],
  );

  const editor = useEditor({
    extensions: richTextExtensions,
    content: initialContent,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      emitted.current = html;
      onChangeRef.current(html);
    },
  });

  // A value from outside (a record loaded, the form reset) replaces the text, without echoing it back as a change.
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <RichTextEditor editor={editor} labels={labels()} style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
      <RichTextEditor.Toolbar role="toolbar" aria-label={phrase('{{label}} formatting', { label })}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <LinkControl opened={linkOpen} onOpen={() => setLinkOpen(true)} onClose={() => setLinkOpen(false)} />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
