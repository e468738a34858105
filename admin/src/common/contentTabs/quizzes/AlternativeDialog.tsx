import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isBlankHtml } from '@lp/shared/rules';
import type { TestOwnerContract } from '@lp/shared/contract';
import { RichTextValue } from './RichTextValue.tsx';
import { TESTS_KEY as KEY } from './quizData.ts';

export interface AlternativeDialogProps {
  /** add: an empty text is simply not added; edit: the title is required (spec 2 §5.4) */
  mode: 'add' | 'edit';
  initial?: string;
  /** whose editor images these are (spec 2 §7.5) */
  ownerKind?: TestOwnerContract['ownerKind'];
  onSave(html: string): void;
  onClose(): void;
}

/** spec 2 §2.3 add-alternative and edit-alternative dialogs: a rich-text editor with its HTML dialog. */
export function AlternativeDialog({ mode, initial = '', ownerKind, onSave, onClose }: AlternativeDialogProps) {
  const translate = useTranslate();
  const [html, setHtml] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (mode === 'edit' && isBlankHtml(html)) {
      setError('ra.validation.required');
      return;
    }
    onSave(html);
  };
  const titleId = `alternative-dialog-${mode}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(`${KEY}.${mode === 'add' ? 'add_alternative' : 'edit_alternative'}`)}</DialogTitle>
      <DialogContent>
        <RichTextValue initial={initial} label={`${KEY}.fields.alternative`} error={error} ownerKind={ownerKind} onChange={setHtml} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save}>{translate(mode === 'add' ? `${KEY}.add` : 'ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
