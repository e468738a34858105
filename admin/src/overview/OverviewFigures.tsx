import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useLocaleState, usePermissions, useTranslate } from 'react-admin';
import type { Overview, SessionUser } from '@lp/shared/contract';
import { OVERVIEW_EXPIRING_DAYS } from '@lp/shared/rules';
import { OVERVIEW_LINKS, linkFor } from './overviewLinks.ts';

const O = 'admin.overview';

interface FigureProps {
  label: string;
  value: string;
  hint?: string;
  /** the filtered admin list behind the figure, when the user may open it */
  to?: string | null;
}

/** One figure: its value large, what it counts below; the whole card opens its list. */
export function Figure({ label, value, hint, to }: FigureProps) {
  const content: ReactNode = (
    <CardContent sx={{ height: '100%' }}>
      <Typography variant="body2" color="text.secondary" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {label}
        {to && <ArrowForwardIcon fontSize="inherit" aria-hidden />}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600, my: 0.5 }}>{value}</Typography>
      {hint && <Typography variant="caption" color="text.secondary">{hint}</Typography>}
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {to ? <CardActionArea component={RouterLink} to={to} aria-label={`${label}: ${value}`} sx={{ height: '100%' }}>{content}</CardActionArea> : content}
    </Card>
  );
}

/** Numbers and percents in the admin's language. */
export function useFormat() {
  const [locale] = useLocaleState();
  const number = new Intl.NumberFormat(locale);
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return {
    count: (n: number) => number.format(n),
    percent: (n: number | null) => (n === null ? '—' : `${decimal.format(n)} %`),
    score: (n: number | null) => (n === null ? '—' : decimal.format(n)),
  };
}

/**
 * The overview's figures (spec 1 §2.3 overview dashboard): people, learning, certificates, tests,
 * webcasts, and what waits for someone — each with its drill-down when there is a list for it.
 * The BI panel (`filtered`) shows those about people only, without drill-downs: the lists they
 * open are not narrowed by the panel's filters.
 */
export function OverviewFigures({ data, filtered = false }: { data: Overview; filtered?: boolean }) {
  const translate = useTranslate();
  const { permissions: session } = usePermissions<SessionUser | null>();
  const user = filtered ? null : session;
  const f = useFormat();
  const { learners, enrollments, certificates, tests, webcasts, pending, in_progress: underWay } = data;
  const figures: FigureProps[] = [
    { label: translate(`${O}.active_learners`), value: f.count(learners.active), hint: translate(`${O}.active_learners_hint`) },
    { label: translate(`${O}.logins`), value: f.count(learners.logins) },
    { label: translate(`${O}.enrollments`), value: f.count(enrollments.started), to: linkFor(user, OVERVIEW_LINKS.trainings) },
    { label: translate(`${O}.completions`), value: f.count(enrollments.completions) },
    {
      label: translate(`${O}.completion_rate`), value: f.percent(enrollments.completion_rate),
      hint: translate(`${O}.completion_rate_hint`, {
        completed: f.count(enrollments.started_completed), started: f.count(enrollments.started), smart_count: enrollments.started,
      }),
    },
    { label: translate(`${O}.certificates_issued`), value: f.count(certificates.issued) },
    {
      label: translate(`${O}.certificates_expiring`, { days: f.count(OVERVIEW_EXPIRING_DAYS), smart_count: OVERVIEW_EXPIRING_DAYS }), value: f.count(certificates.expiring),
      to: linkFor(user, OVERVIEW_LINKS.expiringCertificates),
    },
    { label: translate(`${O}.average_score`), value: f.score(tests.average_score), hint: translate(`${O}.attempts`, { smart_count: tests.attempts }) },
    {
      label: translate(`${O}.webcast_attendance`), value: f.count(webcasts.participants),
      hint: translate(`${O}.webcast_attendance_hint`, {
        webcasts: translate(`${O}.webcasts_count`, { count: f.count(webcasts.count), smart_count: webcasts.count }),
        subscribers: translate(`${O}.subscriptions_count`, { count: f.count(webcasts.subscribers), smart_count: webcasts.subscribers }),
      }),
      to: linkFor(user, OVERVIEW_LINKS.webcasts),
    },
    { label: translate(`${O}.pending_users`), value: f.count(pending.users), to: linkFor(user, OVERVIEW_LINKS.pendingUsers) },
    ...(filtered ? [] : [
      { label: translate(`${O}.imports_in_progress`), value: f.count(underWay.imports), to: linkFor(user, OVERVIEW_LINKS.imports) },
      { label: translate(`${O}.reports_in_progress`), value: f.count(underWay.reports), hint: translate(`${O}.reports_in_progress_hint`) },
    ]),
  ];
  return (
    <Box component="section" aria-label={translate(`${O}.figures`)}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
      {figures.map((figure) => <Figure key={figure.label} {...figure} />)}
    </Box>
  );
}
