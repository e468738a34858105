import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/** "example.com/x" → "https://example.com/x"; relative, anchor, mailto and tel links stay as typed. */
export function normaliseHref(text: string): string {
  const href = text.trim();
  if (!href || /^([a-z][a-z0-9+.-]*:|\/|#)/i.test(href)) return href;
  return `https://${href}`;
}

export interface LinkDialogProps {
  /** the current link's address, '' for a new one */
  href: string;
  /** '' removes the link */
  onApply(href: string): void;
  onClose(): void;
}

export function LinkDialog({ href, onApply, onClose }: LinkDialogProps) {
  const translate = useTranslate();
  const [value, setValue] = useState(href);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // not the surrounding react-admin form
    onApply(normaliseHref(value));
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="link-dialog-title">
      <form onSubmit={submit}>
        <DialogTitle id="link-dialog-title">{translate('common.rich_text.link')}</DialogTitle>
        <DialogContent>
          <TextField
            label={translate('common.rich_text.link_url')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          {href && <Button onClick={() => onApply('')}>{translate('common.rich_text.remove_link')}</Button>}
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!value.trim()}>
            {translate('common.rich_text.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
