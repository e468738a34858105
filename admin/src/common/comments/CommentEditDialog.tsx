import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { COMMENT_STATUSES } from '@lp/shared/contract';
import { authorName, type CommentRow } from './commentText.ts';

export interface CommentEditDialogProps {
  comment: CommentRow;
  onSave(status: number): Promise<void>;
  onClose(): void;
}

/** spec 2 §2.7: comment and author read-only, a status select, Back and Save; not dismissible. */
export function CommentEditDialog({ comment, onSave, onClose }: CommentEditDialogProps) {
  const translate = useTranslate();
  const [status, setStatus] = useState<number>(comment.status ?? COMMENT_STATUSES[0]);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await onSave(status);
    } finally {
      setSaving(false);
    }
  };

  return (
    // no onClose: neither the backdrop nor Escape closes it (spec 2 §2.7)
    <Dialog open fullWidth maxWidth="sm" aria-labelledby="comment-edit-title">
      <DialogTitle id="comment-edit-title">{translate('comments.edit_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={translate('comments.columns.author')}
            value={authorName(comment.user)}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <TextField
            label={translate('comments.columns.comment')}
            value={comment.comment ?? ''}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <TextField
            select
            label={translate('comments.columns.status')}
            value={status}
            onChange={(event) => setStatus(Number(event.target.value))}
          >
            {COMMENT_STATUSES.map((code) => (
              <MenuItem key={code} value={code}>
                {translate(`comments.status.${code}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('comments.back')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {translate('comments.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
