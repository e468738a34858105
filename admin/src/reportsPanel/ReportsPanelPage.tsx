import { useState } from 'react';
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { Loading, Title, useLocaleState, useTranslate } from 'react-admin';
import {
  OVERVIEW_DEFAULT_DAYS, formatDate, languageIdForLocale, lastDays, toApiDate, type LocaleCode, type OverviewPeriod, type PanelFilters as Filters,
} from '@lp/shared/rules';
import { ChartCard } from '../overview/ChartCard.tsx';
import { DailyChart, TrainingsChart, WebcastsChart, chartHeight } from '../overview/OverviewCharts.tsx';
import { OverviewFigures } from '../overview/OverviewFigures.tsx';
import { PeriodPicker } from '../overview/PeriodPicker.tsx';
import { dailyTable, trainingsTable, webcastsTable } from '../overview/chartData.ts';
import { ExportCsvButton } from './ExportCsvButton.tsx';
import { PanelFilters } from './PanelFilters.tsx';
import { useReportsPanel } from './useReportsPanel.ts';

const O = 'admin.overview';
const P = 'admin.reports_panel';
const NAME = 'resources.reports-panel.name';

/**
 * spec 1 §6.2 reports_panel (BI): the overview's aggregates over a period, narrowed to the people
 * of the chosen areas, profiles, groups, branches and headquarters, each chart with the export of
 * the data it draws. Loaded lazily with its charts (bench/bundle-size.mjs).
 */
export default function ReportsPanelPage({ today = toApiDate(new Date()) }: { today?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  const [period, setPeriod] = useState<OverviewPeriod>(() => lastDays(today, OVERVIEW_DEFAULT_DAYS));
  const [filters, setFilters] = useState<Filters>({});
  const { data, isPending, isFetching, error } = useReportsPanel(period, filters);
  const tables = data && { daily: dailyTable(data, translate), trainings: trainingsTable(data, translate), webcasts: webcastsTable(data, translate) };
  const file = (chart: string) => `${chart}_${data?.from ?? period.from}_${data?.to ?? period.to}.csv`;
  return (
    <Stack spacing={2} sx={{ mt: 1, mb: 3 }}>
      <Title title={NAME} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">{translate(NAME)}</Typography>
        <PeriodPicker period={period} today={today} onChange={setPeriod} />
      </Box>
      <PanelFilters onChange={setFilters} />
      <Box sx={{ minHeight: 4 }}>{isFetching && !isPending && <LinearProgress aria-label={translate(`${O}.loading`)} />}</Box>
      {error && <Alert severity="error">{translate(`${O}.load_error`)}</Alert>}
      {isPending && !error && <Loading />}
      {data && tables && (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate(`${O}.period_note`, { from: formatDate(data.from, languageId), to: formatDate(data.to, languageId) })}
            {' '}
            {translate(Object.keys(filters).length > 0 ? `${P}.filtered_note` : `${P}.everyone_note`)}
          </Typography>
          <OverviewFigures data={data} filtered />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
            <ChartCard title={translate(`${O}.daily_chart`)}
              action={<ExportCsvButton table={tables.daily} title={translate(`${O}.daily_chart`)} filename={file('daily')} />}>
              <DailyChart table={tables.daily} height={chartHeight(tables.trainings)} />
            </ChartCard>
            <ChartCard title={translate(`${O}.trainings_chart`)}
              action={<ExportCsvButton table={tables.trainings} title={translate(`${O}.trainings_chart`)} filename={file('trainings')} />}>
              <TrainingsChart table={tables.trainings} height={chartHeight(tables.trainings)} />
            </ChartCard>
          </Box>
          <ChartCard title={translate(`${P}.webcasts_chart`)}
            action={<ExportCsvButton table={tables.webcasts} title={translate(`${P}.webcasts_chart`)} filename={file('webcasts')} />}>
            <WebcastsChart table={tables.webcasts} />
          </ChartCard>
        </>
      )}
    </Stack>
  );
}
