import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardContent, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, usePermissions, useTranslate } from 'react-admin';
import type { Overview, OverviewTraining, SessionUser } from '@lp/shared/contract';
import { canOpenAdminTitle, formatDateTime, languageIdForLocale, userTimeZone, type LocaleCode } from '@lp/shared/rules';
import { useFormat } from './OverviewFigures.tsx';
import { OVERVIEW_LINKS, trainingLink, webcastLink } from './overviewLinks.ts';

const O = 'admin.overview';

function TitleLink({ to, children }: { to: string | null; children: string }) {
  return to ? <Link component={RouterLink} to={to} underline="hover">{children}</Link> : <>{children}</>;
}

function TrainingTable({ title, rows, open }: { title: string; rows: OverviewTraining[]; open: boolean }) {
  const translate = useTranslate();
  const f = useFormat();
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" gutterBottom>{title}</Typography>
      {rows.length === 0 ? <Typography variant="body2" color="text.secondary">{translate(`${O}.no_enrollments`)}</Typography> : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${O}.training`)}</TableCell>
              <TableCell align="right">{translate(`${O}.enrollments`)}</TableCell>
              <TableCell align="right">{translate(`${O}.completion_rate`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((t) => (
              <TableRow key={t.id}>
                <TableCell><TitleLink to={open ? trainingLink(t.id) : null}>{t.title}</TitleLink></TableCell>
                <TableCell align="right">{f.count(t.enrollments)}</TableCell>
                <TableCell align="right">{f.percent(t.completion_rate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/**
 * The trainings with the best and the worst completion of the period's enrolments, and the
 * period's webcasts with their attendance — each row opens its editor (spec 1 §2.3 drill-down).
 */
export function OverviewLists({ data }: { data: Overview }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const f = useFormat();
  const may = (title: string) => !!user && canOpenAdminTitle(user, title) === 'allow';
  const languageId = languageIdForLocale(locale as LocaleCode);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2">{translate(`${O}.trainings`)}</Typography>
          <TrainingTable title={translate(`${O}.top_trainings`)} rows={data.trainings.top} open={may(OVERVIEW_LINKS.trainings.title)} />
          <TrainingTable title={translate(`${O}.bottom_trainings`)} rows={data.trainings.bottom} open={may(OVERVIEW_LINKS.trainings.title)} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>{translate(`${O}.webcasts`)}</Typography>
          {data.webcasts.items.length === 0 ? <Typography variant="body2" color="text.secondary">{translate(`${O}.no_webcasts`)}</Typography> : (
            <Table size="small" aria-label={translate(`${O}.webcasts`)}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${O}.webcast`)}</TableCell>
                  <TableCell align="right">{translate(`${O}.subscribers`)}</TableCell>
                  <TableCell align="right">{translate(`${O}.participants`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.webcasts.items.map((w) => (
                  <TableRow key={w.id}>
                    <TableCell>
                      <TitleLink to={may(OVERVIEW_LINKS.webcasts.title) ? webcastLink(w.id) : null}>{w.title}</TitleLink>
                      <Typography variant="caption" color="text.secondary" component="div">{formatDateTime(w.transmission_date, languageId, userTimeZone())}</Typography>
                    </TableCell>
                    <TableCell align="right">{f.count(w.subscribers)}</TableCell>
                    <TableCell align="right">{f.count(w.participants)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
