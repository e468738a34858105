import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';

export interface PublicLinkProps {
  url: string;
  /** translation key of the field's label */
  label: string;
}

/** spec 2 §2.3 / spec 3 §2: an existing item's link in the portal, read-only, with a copy button. */
export function PublicLink({ url, label }: PublicLinkProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify('common.public_link.link_copied_to_clipboard', { type: 'info' });
    } catch {
      notify('errors.unexpected_error', { type: 'error' });
    }
  };
  return (
    <TextField
      label={translate(label)}
      value={url}
      fullWidth
      margin="dense"
      slotProps={{
        input: {
          readOnly: true,
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={translate('common.public_link.copy_link')}>
                <IconButton aria-label={translate('common.public_link.copy_link')} onClick={() => void copy()} edge="end">
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
