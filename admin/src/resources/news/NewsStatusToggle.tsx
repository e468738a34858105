import { FormControlLabel, Switch } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { NEWS_STATUS } from '@lp/shared/rules';

/** spec 3 §2: the status toggle, published (green) / unpublished (red). */
export function NewsStatusToggle({ source = 'status' }: { source?: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const published = Number(field.value) === NEWS_STATUS.published;
  return (
    <FormControlLabel
      control={
        <Switch
          checked={published}
          color={published ? 'success' : 'error'}
          onChange={(event) => field.onChange(event.target.checked ? NEWS_STATUS.published : NEWS_STATUS.unpublished)}
          slotProps={{ input: { 'aria-label': translate('resources.news.fields.status') } }}
          sx={published ? undefined : { '& .MuiSwitch-thumb': { color: 'error.main' }, '& .MuiSwitch-track': { bgcolor: 'error.light' } }}
        />
      }
      label={translate(published ? 'resources.news.status.published' : 'resources.news.status.unpublished')}
      sx={{ color: published ? 'success.main' : 'error.main', my: 1 }}
    />
  );
}
