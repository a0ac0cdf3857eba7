import { Input } from '@mantine/core';
import { useId } from '@mantine/hooks';
import {
  Link,
  RichTextEditor as MantineRichTextEditor,
  useRichTextEditorContext,
  type RichTextEditorLabels,
} from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { IconPilcrow } from '@tabler/icons-react';
import { useEditor, useEditorState } from '@tiptap/react';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './rich-text/locales';

/** Turns the current block into a normal paragraph (the "Normal" of Normal/H1/H2/H3). */
function ParagraphControl() {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const active = useEditorState({ editor, selector: ({ editor: current }) => current?.isActive('paragraph') ?? false });
  const label = t('richText.normal');
  return (
    <MantineRichTextEditor.Control
      onClick={() => editor?.chain().focus().setParagraph().run()}
      active={Boolean(active)}
      aria-label={label}
      title={label}
    >
      <IconPilcrow size={16} stroke={1.5} />
    </MantineRichTextEditor.Control>
  );
}

/** The toolbar's labels (Mantine's are English only) in the interface language. */
function useToolbarLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  return {
    boldControlLabel: t('richText.bold'),
    italicControlLabel: t('richText.italic'),
    underlineControlLabel: t('richText.underline'),
    h1ControlLabel: t('richText.h1'),
    h2ControlLabel: t('richText.h2'),
    h3ControlLabel: t('richText.h3'),
    bulletListControlLabel: t('richText.bulletList'),
    orderedListControlLabel: t('richText.orderedList'),
    linkControlLabel: t('richText.link'),
    unlinkControlLabel: t('richText.unlink'),
    linkEditorInputLabel: t('richText.linkInput'),
    linkEditorExternalLink: t('richText.linkExternal'),
    linkEditorInternalLink: t('richText.linkInternal'),
    linkEditorSave: t('richText.linkSave'),
  };
}

// Created once: a new extension list on every render would make TipTap reconfigure the editor.
const EXTENSIONS = [
  StarterKit.configure({
    link: false,
    heading: { levels: [1, 2, 3] },
    code: false,
    codeBlock: false,
    blockquote: false,
    horizontalRule: false,
  }),
  Link,
];

export interface RichTextEditorProps {
  label: string;
  /** HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk?: boolean;
  readOnly?: boolean;
  minHeight?: number;
  /** Shown greyed in the empty editor (never part of the value): an example of what to write. */
  placeholder?: string;
  /** The label names the editor for screen readers only (a table's column says what it is). */
  hideLabel?: boolean;
}

/**
 * A rich-text form field (TipTap through @mantine/tiptap) with the toolbar of
 * spec 3 §9: bold, italic, underline; Normal, H1, H2, H3; lists; links.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  description,
  error,
  withAsterisk,
  readOnly = false,
  minHeight = 220,
  placeholder,
  hideLabel = false,
}: RichTextEditorProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const onChangeRef = useRef(onChange);
  const lastEmitted = useRef(value);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const described = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  const placeholderRef = useRef(placeholder);
  placeholderRef.current = placeholder;
  // Made once per editor (see EXTENSIONS); the placeholder is read when the editor draws.
  const [extensions] = useState(() => [
    ...EXTENSIONS,
    Placeholder.configure({ placeholder: () => placeholderRef.current ?? '' }),
  ]);
  const editor = useEditor({
    extensions,
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    // Applied again on every render, so the accessible description and error follow the props.
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      lastEmitted.current = html;
      onChangeRef.current(html);
    },
  });

  // A value set from outside (a reset, the saved game) replaces the document.
  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    if (value !== editor.getHTML()) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!readOnly, false);
  }, [editor, readOnly]);
  const labels = useToolbarLabels();

  return (
    <Input.Wrapper
      label={hideLabel ? undefined : label}
      description={description}
      error={error}
      withAsterisk={withAsterisk}
      labelElement="div"
      errorProps={{ id: errorId }}
      descriptionProps={{ id: descriptionId }}
    >
      <MantineRichTextEditor
        editor={editor}
        labels={labels}
        mt={6}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        {!readOnly && (
          <MantineRichTextEditor.Toolbar sticky stickyOffset={60}>
            <MantineRichTextEditor.ControlsGroup>
              <MantineRichTextEditor.Bold />
              <MantineRichTextEditor.Italic />
              <MantineRichTextEditor.Underline />
            </MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.ControlsGroup>
              <ParagraphControl />
              <MantineRichTextEditor.H1 />
              <MantineRichTextEditor.H2 />
              <MantineRichTextEditor.H3 />
            </MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.ControlsGroup>
              <MantineRichTextEditor.BulletList />
              <MantineRichTextEditor.OrderedList />
            </MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.ControlsGroup>
              <MantineRichTextEditor.Link />
              <MantineRichTextEditor.Unlink />
            </MantineRichTextEditor.ControlsGroup>
          </MantineRichTextEditor.Toolbar>
        )}
        <MantineRichTextEditor.Content mih={minHeight} />
      </MantineRichTextEditor>
    </Input.Wrapper>
  );
}
