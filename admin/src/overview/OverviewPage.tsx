import { useState } from 'react';
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { Loading, Title, useLocaleState, useTranslate } from 'react-admin';
import {
  OVERVIEW_DEFAULT_DAYS, formatDate, languageIdForLocale, lastDays, toApiDate, type LocaleCode, type OverviewPeriod,
} from '@lp/shared/rules';
import { OverviewCharts } from './OverviewCharts.tsx';
import { OverviewFigures } from './OverviewFigures.tsx';
import { OverviewLists } from './OverviewLists.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { useOverview } from './useOverview.ts';

const O = 'admin.overview';

/**
 * spec 1 §2.3 /admin/overview (admin_overview, title slug overview): the control panel's landing
 * page — the selected client's figures over a period, their charts, and drill-downs into the lists.
 * Loaded lazily with its charts (the admin's first-load budget, bench/bundle-size.mjs).
 */
export default function OverviewPage({ today = toApiDate(new Date()) }: { today?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  const [period, setPeriod] = useState<OverviewPeriod>(() => lastDays(today, OVERVIEW_DEFAULT_DAYS));
  const { data, isPending, isFetching, error } = useOverview(period);
  return (
    <Stack spacing={2} sx={{ mt: 1, mb: 3 }}>
      <Title title="resources.overview.name" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">{translate('resources.overview.name')}</Typography>
        <PeriodPicker period={period} today={today} onChange={setPeriod} />
      </Box>
      <Box sx={{ minHeight: 4 }}>{isFetching && !isPending && <LinearProgress aria-label={translate(`${O}.loading`)} />}</Box>
      {error && <Alert severity="error">{translate(`${O}.load_error`)}</Alert>}
      {isPending && !error && <Loading />}
      {data && (
        <>
          <Typography variant="body2" color="text.secondary">{translate(`${O}.period_note`, { from: formatDate(data.from, languageId), to: formatDate(data.to, languageId) })}</Typography>
          <OverviewFigures data={data} />
          <OverviewCharts data={data} />
          <OverviewLists data={data} />
        </>
      )}
    </Stack>
  );
}
