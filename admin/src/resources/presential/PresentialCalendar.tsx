import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Box, Button, Card, CardContent, Chip, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useLocaleState, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, PRESENTIAL_PATHS, type AppointmentStatus, type PresentialCalendarEvent } from '@lp/shared/contract';
import {
  addDays, formatLongDay, formatMonth, formatMonthName, formatWeekday, gridRange, monthGrid, monthOfDay, shiftMonth, todayApiDate, userTimeZone,
} from '@lp/shared/rules';
import { useContractHttp } from '../../common/http/index.ts';
import { K, NAME } from './presentialUi.ts';

const C = `resources.${ADMIN_RESOURCES.presential_calendar.name}`;
type View = 'month' | 'week';

/** The colour of an event by its appointment's status (spec 3 §4). */
const STATUS_COLOR: Record<AppointmentStatus, 'default' | 'info' | 'primary' | 'success' | 'warning' | 'error'> = {
  pre_scheduled: 'default', awaiting_approval: 'info', approved: 'success', reproved: 'error', in_progress: 'warning', finished: 'primary', canceled: 'error', failed: 'error',
};

/** The seven days (Sunday first, as the month grid) of the week holding `day`. */
export function weekOf(day: string): string[] {
  return monthGrid(monthOfDay(day)).find((week) => week.includes(day))!;
}

/** The range's events by day, in the server's day and hour order. */
export function eventsByDay(events: readonly PresentialCalendarEvent[]): Map<string, PresentialCalendarEvent[]> {
  const days = new Map<string, PresentialCalendarEvent[]>();
  for (const e of events) days.set(e.date, [...(days.get(e.date) ?? []), e]);
  return days;
}

function EventChip({ event }: { event: PresentialCalendarEvent }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Chip size="small" clickable color={STATUS_COLOR[event.status]} onClick={() => navigate(`/${NAME}/${event.appointment_id}`)}
      label={`${event.start_hour} ${event.title}`} title={`${event.title} · ${translate(`${K}.status.${event.status}`)}`}
      sx={{ maxWidth: '100%', mt: 0.5, justifyContent: 'flex-start' }} />
  );
}

/** One event of the week view: time, title, place, seats and status, opening its appointment. */
function EventCard({ event }: { event: PresentialCalendarEvent }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const color = STATUS_COLOR[event.status];
  const seats = event.maximum_participants === null ? String(event.qty_participants) : `${event.qty_participants}/${event.maximum_participants}`;
  return (
    <Button variant="outlined" color={color === 'default' ? 'inherit' : color} fullWidth
      onClick={() => navigate(`/${NAME}/${event.appointment_id}`)}
      sx={{ display: 'block', textAlign: 'left', textTransform: 'none', mb: 1, p: 1 }}>
      <Typography variant="caption" component="div">{`${event.start_hour}–${event.end_hour}`}</Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{event.title}</Typography>
      {event.location_name && <Typography variant="caption" component="div">{event.location_name}</Typography>}
      <Typography variant="caption" component="div">{`${translate(`${K}.status.${event.status}`)} · ${translate(`${C}.seats`, { seats, smart_count: event.maximum_participants ?? event.qty_participants })}`}</Typography>
    </Button>
  );
}

/**
 * spec 1 §2.3 presential/calendar (title appointments): the selected client's face-to-face events
 * by month or by week (one call per range: GET F/events/?from=&to=), coloured by the appointment's
 * status; an event opens its appointment.
 */
export function PresentialCalendar({ today = todayApiDate(userTimeZone()) }: { today?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const http = useContractHttp();
  const [view, setView] = useState<View>('month');
  const [anchor, setAnchor] = useState(today);
  const month = monthOfDay(anchor);
  const grid = view === 'month' ? monthGrid(month) : [weekOf(anchor)];
  const range = gridRange(grid);
  const { data, isPending, error } = useQuery({
    queryKey: ['presential-calendar', range.start, range.end],
    queryFn: () => http.json<PresentialCalendarEvent[]>(`${PRESENTIAL_PATHS.calendar}?from=${range.start}&to=${range.end}`, 'GET'),
    staleTime: 30_000,
  });
  const days = useMemo(() => eventsByDay(data ?? []), [data]);
  const inMonth = (day: string) => view === 'week' || day.startsWith(formatMonth(month));
  const heading = view === 'month' ? formatMonthName(month, locale) : `${formatLongDay(range.start, locale)} – ${formatLongDay(range.end, locale)}`;
  const shift = (delta: number) => setAnchor(view === 'month' ? `${formatMonth(shiftMonth(month, delta))}-01` : addDays(anchor, 7 * delta));
  const listed = grid.flat().filter(inMonth).filter((day) => days.has(day));

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={`${C}.name`} />
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} alignItems={{ sm: 'center' }} gap={1} sx={{ mb: 2 }}>
            <Stack direction="row" alignItems="center" gap={1} sx={{ flex: 1, minWidth: 0 }}>
              <IconButton aria-label={translate(`${C}.previous`)} onClick={() => shift(-1)}><ChevronLeftIcon /></IconButton>
              <Typography variant="h6" component="h1" sx={{ textAlign: 'center', '&::first-letter': { textTransform: 'uppercase' }, flex: { xs: 1, sm: 'none' }, minWidth: { sm: 220 } }} aria-live="polite">
                {heading}
              </Typography>
              <IconButton aria-label={translate(`${C}.next`)} onClick={() => shift(1)}><ChevronRightIcon /></IconButton>
              <Button onClick={() => setAnchor(today)}>{translate(`${C}.today`)}</Button>
            </Stack>
            <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, next: View | null) => next && setView(next)} aria-label={translate(`${C}.view`)}>
              <ToggleButton value="month">{translate(`${C}.month`)}</ToggleButton>
              <ToggleButton value="week">{translate(`${C}.week`)}</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          {isPending && <Loading />}
          {error && <Typography color="error" role="alert">{translate(`${C}.load_error`)}</Typography>}
          {data && view === 'month' && (
            <Box sx={{ width: '100%', overflowX: 'auto', contain: 'inline-size' }}>
              <Table size="small" aria-label={heading} sx={{ tableLayout: 'fixed', minWidth: 560, mb: 3 }}>
                <TableHead>
                  <TableRow>{grid[0]!.map((day) => <TableCell key={day} component="th" scope="col">{formatWeekday(day, locale)}</TableCell>)}</TableRow>
                </TableHead>
                <TableBody>
                  {grid.map((week) => (
                    <TableRow key={week[0]}>
                      {week.map((day) => (
                        <TableCell key={day} aria-current={day === today ? 'date' : undefined}
                          sx={{ verticalAlign: 'top', height: 96, p: 0.5, bgcolor: day === today ? 'action.selected' : inMonth(day) ? undefined : 'action.hover' }}>
                          {/* another month's days are told by their shade and a quieter number, never by opacity: their chips keep 4.5:1 */}
                          <Typography variant="caption" component="div" color={inMonth(day) ? undefined : 'text.secondary'}>{Number(day.slice(8))}</Typography>
                          {(days.get(day) ?? []).map((e) => <EventChip key={e.id} event={e} />)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          {data && view === 'week' && (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(7, minmax(0, 1fr))' }, gap: 1 }}>
              {grid[0]!.map((day) => (
                <Box key={day} component="section" aria-label={formatLongDay(day, locale)}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, minHeight: { md: 160 }, bgcolor: day === today ? 'action.selected' : undefined }}>
                  <Typography variant="subtitle2" component="h2" sx={{ '&::first-letter': { textTransform: 'uppercase' }, mb: 1 }}>{`${formatWeekday(day, locale)} ${Number(day.slice(8))}`}</Typography>
                  {(days.get(day) ?? []).map((e) => <EventCard key={e.id} event={e} />)}
                </Box>
              ))}
            </Box>
          )}
          {data && view === 'month' && (
            <>
              <Typography variant="h6" component="h2">{translate(`${C}.list_title`)}</Typography>
              {listed.length === 0 && <Typography color="text.secondary">{translate(`${C}.empty`)}</Typography>}
              {listed.map((day) => (
                <Box key={day} sx={{ mt: 1 }}>
                  <Typography variant="subtitle2" sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>{formatLongDay(day, locale)}</Typography>
                  {days.get(day)!.map((e) => <EventCard key={e.id} event={e} />)}
                </Box>
              ))}
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

export default PresentialCalendar;
