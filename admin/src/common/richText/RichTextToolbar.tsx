import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Box, CircularProgress, Divider, MenuItem, Select, ToggleButton } from '@mui/material';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatAlignLeft from '@mui/icons-material/FormatAlignLeft';
import FormatAlignCenter from '@mui/icons-material/FormatAlignCenter';
import FormatAlignRight from '@mui/icons-material/FormatAlignRight';
import FormatAlignJustify from '@mui/icons-material/FormatAlignJustify';
import InsertLink from '@mui/icons-material/InsertLink';
import ImageIcon from '@mui/icons-material/Image';
import Undo from '@mui/icons-material/Undo';
import Redo from '@mui/icons-material/Redo';
import Code from '@mui/icons-material/Code';
import FormatStrikethrough from '@mui/icons-material/FormatStrikethrough';
import FormatQuote from '@mui/icons-material/FormatQuote';
import FormatClear from '@mui/icons-material/FormatClear';
import type { ChainedCommands, Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useNotify, useTranslate } from 'react-admin';
import { HtmlSourceDialog } from './HtmlSourceDialog.tsx';
import { LinkDialog } from './LinkDialog.tsx';
import { EDITOR_IMAGE_EXTENSIONS, isEditorImage } from './richTextRules.ts';

const HEADING_LEVELS = [1, 2, 3] as const;
/** spec 3 §2 "sizes 1 to 7": the HTML font sizes, as CSS lengths the server's sanitiser keeps */
export const FONT_SIZES = ['10px', '13px', '16px', '18px', '24px', '32px', '48px'] as const;
const ALIGNMENTS = [
  ['left', FormatAlignLeft],
  ['center', FormatAlignCenter],
  ['right', FormatAlignRight],
  ['justify', FormatAlignJustify],
] as const;

function readState(editor: Editor | null) {
  if (!editor) return null;
  const level = HEADING_LEVELS.find((l) => editor.isActive('heading', { level: l }));
  return {
    editable: editor.isEditable,
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    link: editor.isActive('link'),
    align: ALIGNMENTS.find(([a]) => editor.isActive({ textAlign: a }))?.[0] ?? 'left',
    block: level ? `h${level}` : editor.isActive('codeBlock') ? 'code' : 'paragraph',
    strike: editor.isActive('strike'),
    quote: editor.isActive('blockquote'),
    fontSize: (editor.getAttributes('textStyle').fontSize as string | undefined) ?? '',
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

interface ButtonProps {
  label: string;
  selected?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}

function ToolButton({ label, selected = false, disabled, onClick, children }: ButtonProps) {
  return (
    <ToggleButton value={label} size="small" aria-label={label} title={label} selected={selected} disabled={disabled} onChange={onClick}>
      {children}
    </ToggleButton>
  );
}

export interface RichTextToolbarProps {
  /** uploads an image chosen for the text and answers its URL; without it there is no image button */
  onUploadImage?: (file: File) => Promise<string>;
  /** the news editor's buttons too (spec 3 §2): code blocks, strike, quote, sizes 1 to 7, remove format */
  full?: boolean;
}

/**
 * Bold, italic, underline, headings, lists, alignment, links, images, undo/redo and the HTML
 * source; `full` adds code blocks, strike, quote, font sizes 1 to 7 and remove format.
 */
export function RichTextToolbar({ onUploadImage, full = false }: RichTextToolbarProps) {
  const editor = useTiptapEditor() as Editor | undefined;
  const translate = useTranslate();
  const notify = useNotify();
  // useEditorState recomputes on transactions only: until the first one, read the editor directly
  const tracked = useEditorState({ editor: editor ?? null, selector: ({ editor: e }) => readState(e) });
  const state = tracked ?? readState(editor ?? null);
  const [dialog, setDialog] = useState<null | 'html' | 'link'>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const t = (key: string) => translate(`common.rich_text.${key}`);
  const off = !editor || !state?.editable;
  const run = (command: (chain: ChainedCommands) => ChainedCommands) => {
    if (editor) command(editor.chain().focus()).run();
  };

  const onBlock = (value: string) =>
    run((c) => {
      if (value === 'paragraph') return c.setParagraph();
      if (value === 'code') return c.setCodeBlock();
      return c.setHeading({ level: Number(value.slice(1)) as 1 | 2 | 3 });
    });
  const onFontSize = (value: string) => run((c) => (value ? c.setFontSize(value) : c.unsetFontSize()));

  const onImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !onUploadImage) return;
    if (!isEditorImage(file)) {
      notify('common.rich_text.image_type_error', { type: 'error', messageArgs: { types: EDITOR_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(', ') } });
      return;
    }
    setUploading(true);
    try {
      const src = await onUploadImage(file);
      // spec 2 §7.5: inserted at max-width 100% (the image extension renders that style)
      run((c) => c.setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') }));
    } catch (error) {
      console.error('editor image upload failed', error);
      notify('common.rich_text.image_upload_error', { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box
      role="toolbar"
      aria-label={t('toolbar')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mb: 1 }}
    >
      <Select
        size="small"
        value={state?.block ?? 'paragraph'}
        onChange={(event) => onBlock(event.target.value)}
        disabled={off}
        inputProps={{ 'aria-label': t('block_type') }}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="paragraph">{t('paragraph')}</MenuItem>
        {HEADING_LEVELS.map((level) => (
          <MenuItem key={level} value={`h${level}`}>
            {translate('common.rich_text.heading', { level })}
          </MenuItem>
        ))}
        {full && <MenuItem value="code">{t('code_block')}</MenuItem>}
      </Select>
      {full && (
        <Select
          size="small"
          value={state?.fontSize ?? ''}
          displayEmpty
          onChange={(event) => onFontSize(event.target.value)}
          disabled={off}
          inputProps={{ 'aria-label': t('font_size') }}
          sx={{ minWidth: 110 }}
        >
          <MenuItem value="">{t('font_size_default')}</MenuItem>
          {FONT_SIZES.map((size, index) => (
            <MenuItem key={size} value={size}>{translate('common.rich_text.font_size_n', { n: index + 1 })}</MenuItem>
          ))}
        </Select>
      )}
      <ToolButton label={t('bold')} selected={state?.bold} disabled={off} onClick={() => run((c) => c.toggleBold())}>
        <FormatBold fontSize="small" />
      </ToolButton>
      <ToolButton label={t('italic')} selected={state?.italic} disabled={off} onClick={() => run((c) => c.toggleItalic())}>
        <FormatItalic fontSize="small" />
      </ToolButton>
      <ToolButton label={t('underline')} selected={state?.underline} disabled={off} onClick={() => run((c) => c.toggleUnderline())}>
        <FormatUnderlined fontSize="small" />
      </ToolButton>
      {full && (
        <>
          <ToolButton label={t('strike')} selected={state?.strike} disabled={off} onClick={() => run((c) => c.toggleStrike())}>
            <FormatStrikethrough fontSize="small" />
          </ToolButton>
          <ToolButton label={t('quote')} selected={state?.quote} disabled={off} onClick={() => run((c) => c.toggleBlockquote())}>
            <FormatQuote fontSize="small" />
          </ToolButton>
          <ToolButton label={t('remove_format')} disabled={off} onClick={() => run((c) => c.unsetAllMarks().clearNodes())}>
            <FormatClear fontSize="small" />
          </ToolButton>
        </>
      )}
      <Divider orientation="vertical" flexItem />
      <ToolButton label={t('bullet_list')} selected={state?.bulletList} disabled={off} onClick={() => run((c) => c.toggleBulletList())}>
        <FormatListBulleted fontSize="small" />
      </ToolButton>
      <ToolButton label={t('ordered_list')} selected={state?.orderedList} disabled={off} onClick={() => run((c) => c.toggleOrderedList())}>
        <FormatListNumbered fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem />
      {ALIGNMENTS.map(([align, Icon]) => (
        <ToolButton
          key={align}
          label={t(`align_${align}`)}
          selected={state?.align === align}
          disabled={off}
          onClick={() => run((c) => c.setTextAlign(align))}
        >
          <Icon fontSize="small" />
        </ToolButton>
      ))}
      <Divider orientation="vertical" flexItem />
      <ToolButton label={t('link')} selected={state?.link} disabled={off} onClick={() => setDialog('link')}>
        <InsertLink fontSize="small" />
      </ToolButton>
      {onUploadImage && (
        <>
          <ToolButton label={t('image')} disabled={off || uploading} onClick={() => fileInput.current?.click()}>
            {uploading ? <CircularProgress size={18} /> : <ImageIcon fontSize="small" />}
          </ToolButton>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={EDITOR_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
            onChange={(event) => void onImage(event)}
            aria-label={t('image_file')}
            data-testid="rich-text-image-file"
          />
        </>
      )}
      <Divider orientation="vertical" flexItem />
      <ToolButton label={t('undo')} disabled={off || !state?.canUndo} onClick={() => run((c) => c.undo())}>
        <Undo fontSize="small" />
      </ToolButton>
      <ToolButton label={t('redo')} disabled={off || !state?.canRedo} onClick={() => run((c) => c.redo())}>
        <Redo fontSize="small" />
      </ToolButton>
      <ToolButton label={t('html')} disabled={off} onClick={() => setDialog('html')}>
        <Code fontSize="small" sx={{ mr: 0.5 }} />
        HTML
      </ToolButton>
      {editor && dialog === 'html' && (
        <HtmlSourceDialog
          html={editor.getHTML()}
          rows={full ? 10 : undefined}
          onClose={() => setDialog(null)}
          onApply={(html) => {
            // replaces the whole content; the update reaches the form through the editor's update event
            editor.commands.setContent(html, { emitUpdate: true });
            setDialog(null);
          }}
        />
      )}
      {editor && dialog === 'link' && (
        <LinkDialog
          href={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onClose={() => setDialog(null)}
          onApply={(href) => {
            run((c) => {
              if (!href) return c.extendMarkRange('link').unsetLink();
              // nothing selected and not inside a link: the address itself becomes the linked text
              if (editor.state.selection.empty && !editor.isActive('link')) {
                return c.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] });
              }
              return c.extendMarkRange('link').setLink({ href });
            });
            setDialog(null);
          }}
        />
      )}
    </Box>
  );
}
