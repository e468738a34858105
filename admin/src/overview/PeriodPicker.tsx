import { useState, type FormEvent } from 'react';
import { Box, Button, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { OVERVIEW_PRESETS, lastDays, resolveOverviewPeriod, type OverviewPeriod } from '@lp/shared/rules';

const O = 'admin.overview';

export interface PeriodPickerProps {
  period: OverviewPeriod;
  /** the day the presets end on (UTC, as the server counts days) */
  today: string;
  onChange(period: OverviewPeriod): void;
}

/** The preset a period is, if any. */
function presetOf(period: OverviewPeriod, today: string): number | 'custom' {
  return OVERVIEW_PRESETS.find((days) => {
    const preset = lastDays(today, days);
    return preset.from === period.from && preset.to === period.to;
  }) ?? 'custom';
}

/**
 * The overview's period: the last 7, 30, 90 or 365 days, or two days of one's choice (checked by
 * the shared rule the server applies: real days in order, at most 366 days).
 */
export function PeriodPicker({ period, today, onChange }: PeriodPickerProps) {
  const translate = useTranslate();
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [custom, setCustom] = useState(() => presetOf(period, today) === 'custom');
  const checked = resolveOverviewPeriod(from, to, today);
  const error = typeof checked === 'string' ? translate(`errors.${checked}`) : null;
  const selected = custom ? 'custom' : presetOf(period, today);
  // a phone has no room for five buttons in a row: the same choices in a drop-down
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  const choose = (value: number | 'custom' | null) => {
    if (value === null) return;
    if (value === 'custom') { setCustom(true); return; }
    setCustom(false);
    const next = lastDays(today, value);
    setFrom(next.from);
    setTo(next.to);
    onChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typeof checked !== 'string') onChange(checked);
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ xs: 'stretch', md: 'center' }}>
      {narrow ? (
        <TextField select size="small" label={translate(`${O}.period`)} value={selected}
          onChange={(e) => choose(e.target.value === 'custom' ? 'custom' : Number(e.target.value))}>
          {OVERVIEW_PRESETS.map((days) => <MenuItem key={days} value={days}>{translate(`${O}.last_days`, { smart_count: days })}</MenuItem>)}
          <MenuItem value="custom">{translate(`${O}.custom`)}</MenuItem>
        </TextField>
      ) : (
        <ToggleButtonGroup exclusive size="small" value={selected} aria-label={translate(`${O}.period`)}
          onChange={(_event, value: number | 'custom' | null) => choose(value)}>
          {OVERVIEW_PRESETS.map((days) => (
            <ToggleButton key={days} value={days}>{translate(`${O}.last_days`, { smart_count: days })}</ToggleButton>
          ))}
          <ToggleButton value="custom">{translate(`${O}.custom`)}</ToggleButton>
        </ToggleButtonGroup>
      )}
      {custom && (
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField type="date" size="small" label={translate(`${O}.from`)} value={from} onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }} />
          <TextField type="date" size="small" label={translate(`${O}.to`)} value={to} onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }} error={!!error} helperText={error ?? ' '} />
          <Button type="submit" variant="contained" disabled={!!error}>{translate(`${O}.apply`)}</Button>
        </Box>
      )}
    </Stack>
  );
}
