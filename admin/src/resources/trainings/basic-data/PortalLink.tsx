import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';

/** spec 2 §2.3: an existing training's portal link, read-only, with a copy button. */
export function PortalLink({ url }: { url: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify('resources.trainings.messages.link_copied_to_clipboard', { type: 'info' });
    } catch {
      notify('errors.unexpected_error', { type: 'error' });
    }
  };
  return (
    <TextField
      label={translate('resources.trainings.fields.portal_url')}
      value={url}
      fullWidth
      margin="dense"
      slotProps={{
        input: {
          readOnly: true,
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={translate('resources.trainings.actions.copy_link')}>
                <IconButton aria-label={translate('resources.trainings.actions.copy_link')} onClick={() => void copy()} edge="end">
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
