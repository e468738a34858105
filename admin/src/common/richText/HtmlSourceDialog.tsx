import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface HtmlSourceDialogProps {
  html: string;
  onApply(html: string): void;
  onClose(): void;
  /** height of the text area, in rows */
  rows?: number;
}

/** The editor's raw HTML in a textarea; applying replaces the content (spec 2 §2.3 HTML source dialog). */
export function HtmlSourceDialog({ html, onApply, onClose, rows = 12 }: HtmlSourceDialogProps) {
  const translate = useTranslate();
  const [source, setSource] = useState(html);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="html-source-title">
      <DialogTitle id="html-source-title">{translate('common.rich_text.html_title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={translate('common.rich_text.html_source')}
          value={source}
          onChange={(event) => setSource(event.target.value)}
          multiline
          minRows={rows}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => onApply(source)}>
          {translate('common.rich_text.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
