import { useState } from 'react';
import { Box, Button, Chip, FormControl, FormHelperText, FormLabel, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import { InputHelperText, useInput, useLocaleState, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatDate, isApiDate, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { datesOf } from './drillPayload.ts';

const T = 'resources.drills.custom_dates';

/** The chosen days: each once, in calendar order (YYYY-MM-DD sorts as text). */
export const withDate = (dates: readonly string[], day: string): string[] => [...new Set([...dates, day])].sort();

/**
 * A drill's custom dates (spec 3 §3 "Drill", date_type custom; §9): the days are picked one at a
 * time with the browser's date picker, within the drill's start and end dates, and listed as chips
 * in the admin's date format, each removable. The form value stays the list of YYYY-MM-DD days the
 * contract takes; the drill's rules (shared validateDrill) check it as before.
 */
export function CustomDatesInput({ source = 'custom_dates', label = 'resources.drills.fields.custom_dates', helperText = 'resources.drills.help.custom_dates' }: {
  source?: string;
  label?: string;
  helperText?: string;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  const { id, field, fieldState, isRequired } = useInput({ source, defaultValue: [] });
  const start = useWatch({ name: 'start_date' }) as string | undefined;
  const end = useWatch({ name: 'end_date' }) as string | undefined;
  const [day, setDay] = useState('');
  const dates = datesOf(field.value);
  const error = fieldState.error?.message;

  const add = () => {
    if (!isApiDate(day)) return;
    field.onChange(withDate(dates, day));
    setDay('');
  };
  const remove = (gone: string) => field.onChange(dates.filter((d) => d !== gone));

  return (
    <FormControl component="fieldset" error={!!error} required={isRequired} sx={{ width: '100%', mb: 1 }} className={`ra-input ra-input-${source}`}>
      <FormLabel component="legend" sx={{ mb: 1 }}>{translate(label)}</FormLabel>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'center' }}>
        <TextField
          id={id}
          type="date"
          size="small"
          sx={{ width: { xs: '100%', sm: 240 } }}
          label={translate(`${T}.day`)}
          value={day}
          onChange={(event) => setDay(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          onBlur={field.onBlur}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: isApiDate(start ?? '') ? start : undefined, max: isApiDate(end ?? '') ? end : undefined },
          }}
        />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={!isApiDate(day) || dates.includes(day)}>
          {translate(`${T}.add`)}
        </Button>
      </Stack>
      <Box component="ul" aria-label={translate(label)} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {dates.map((d) => (
          <li key={d}>
            <Chip label={formatDate(d, languageId)} onDelete={() => remove(d)}
              deleteIcon={<CancelIcon role="button" aria-hidden={false} aria-label={translate(`${T}.remove`, { date: formatDate(d, languageId) })} />} />
          </li>
        ))}
      </Box>
      {dates.length === 0 && <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate(`${T}.empty`)}</Typography>}
      <FormHelperText component="div"><InputHelperText error={error} helperText={helperText} /></FormHelperText>
    </FormControl>
  );
}
