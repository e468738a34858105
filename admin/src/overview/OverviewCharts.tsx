import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Overview } from '@lp/shared/contract';
import { ChartCard } from './ChartCard.tsx';
import { dailyTable, formatShortDay, numbersOf, textsOf, trainingsTable, type ChartTable } from './chartData.ts';

const O = 'admin.overview';

/** Side by side, the charts take the taller one's height: the trainings chart grows with its bars. */
export const chartHeight = (trainings: ChartTable) => Math.max(280, trainings.rows.length * 36 + 60);

/**
 * A count axis: whole ticks from zero. A period without any has a domain of one point, which the
 * scale would label with fractions of nothing: it spans 0–1 then.
 */
function countAxis(table: ChartTable, columns: number[]) {
  const top = Math.max(0, ...columns.flatMap((column) => numbersOf(table, column)));
  return { min: 0, tickMinStep: 1, ...(top === 0 ? { max: 1 } : {}) };
}

/** Logins, enrolments and completions per day (dailyTable's columns). */
export function DailyChart({ table, height }: { table: ChartTable; height: number }) {
  const [locale] = useLocaleState();
  return (
    <LineChart
      height={height}
      xAxis={[{ scaleType: 'point', data: textsOf(table, 0), valueFormatter: (day: string) => formatShortDay(day, locale) }]}
      yAxis={[countAxis(table, [1, 2, 3])]}
      series={[1, 2, 3].map((column) => ({ data: numbersOf(table, column), label: table.columns[column], showMark: false }))}
      margin={{ left: 8, right: 16 }}
    />
  );
}

/** The completion rate of the top and bottom trainings (trainingsTable's first and last columns). */
export function TrainingsChart({ table, height }: { table: ChartTable; height: number }) {
  const translate = useTranslate();
  if (table.rows.length === 0) return <Typography color="text.secondary">{translate(`${O}.no_enrollments`)}</Typography>;
  return (
    <BarChart
      height={height}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: textsOf(table, 0), width: 120 }]}
      xAxis={[{ min: 0, max: 100 }]}
      series={[{ data: numbersOf(table, 3), label: table.columns[3], valueFormatter: (v: number | null) => `${v ?? 0} %` }]}
      margin={{ left: 8, right: 16 }}
    />
  );
}

/** Subscribers and participants of the period's webcasts (webcastsTable's columns). */
export function WebcastsChart({ table }: { table: ChartTable }) {
  const translate = useTranslate();
  if (table.rows.length === 0) return <Typography color="text.secondary">{translate(`${O}.no_webcasts`)}</Typography>;
  return (
    <BarChart
      height={Math.max(240, table.rows.length * 48 + 80)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: textsOf(table, 0), width: 120 }]}
      xAxis={[countAxis(table, [2, 3])]}
      series={[2, 3].map((column) => ({ data: numbersOf(table, column), label: table.columns[column] }))}
      margin={{ left: 8, right: 16 }}
    />
  );
}

/**
 * The overview's charts (MUI X Charts, DESIGN "charts"): logins, enrolments and completions per
 * day of the period, and the completion rate of the top and bottom trainings. This module is only
 * imported by the overview page and the BI panel, which load lazily: the charts never reach the
 * admin's first load.
 */
export function OverviewCharts({ data }: { data: Overview }) {
  const translate = useTranslate();
  const trainings = trainingsTable(data, translate);
  const height = chartHeight(trainings);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
      <ChartCard title={translate(`${O}.daily_chart`)}><DailyChart table={dailyTable(data, translate)} height={height} /></ChartCard>
      <ChartCard title={translate(`${O}.trainings_chart`)}><TrainingsChart table={trainings} height={height} /></ChartCard>
    </Box>
  );
}
