import { Box, Card, CardContent, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Overview } from '@lp/shared/contract';
import { formatShortDay } from './chartData.ts';

const O = 'admin.overview';

/** A chart's card: a heading, and the chart as one image named by it (the figures are in the cards and tables too). */
function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>{title}</Typography>
        <Box role="img" aria-label={title} sx={{ width: '100%' }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/**
 * The overview's charts (MUI X Charts, DESIGN "charts"): logins, enrolments and completions per
 * day of the period, and the completion rate of the top and bottom trainings. This module is only
 * imported by the overview page, which loads lazily: the charts never reach the admin's first load.
 */
export function OverviewCharts({ data }: { data: Overview }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const days = data.daily.map((d) => d.day);
  const ranked = [...data.trainings.top, ...[...data.trainings.bottom].reverse()];
  // side by side, both charts take the taller one's height
  const height = Math.max(280, ranked.length * 36 + 60);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
      <ChartCard title={translate(`${O}.daily_chart`)}>
        <LineChart
          height={height}
          xAxis={[{ scaleType: 'point', data: days, valueFormatter: (day: string) => formatShortDay(day, locale) }]}
          series={[
            { data: data.daily.map((d) => d.logins), label: translate(`${O}.logins`), showMark: false },
            { data: data.daily.map((d) => d.enrollments), label: translate(`${O}.enrollments`), showMark: false },
            { data: data.daily.map((d) => d.completions), label: translate(`${O}.completions`), showMark: false },
          ]}
          margin={{ left: 8, right: 16 }}
        />
      </ChartCard>
      <ChartCard title={translate(`${O}.trainings_chart`)}>
        {ranked.length === 0
          ? <Typography color="text.secondary">{translate(`${O}.no_enrollments`)}</Typography>
          : (
            <BarChart
              height={height}
              layout="horizontal"
              yAxis={[{ scaleType: 'band', data: ranked.map((t) => t.title), width: 120 }]}
              xAxis={[{ min: 0, max: 100 }]}
              series={[{ data: ranked.map((t) => t.completion_rate ?? 0), label: translate(`${O}.completion_rate`), valueFormatter: (v: number | null) => `${v ?? 0} %` }]}
              margin={{ left: 8, right: 16 }}
            />
          )}
      </ChartCard>
    </Box>
  );
}
