import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box, Button, Card, CardContent, Chip, IconButton, Link, List as MuiList, ListItem, ListItemText, Stack, Table, TableBody, TableCell, TableHead,
  TableRow, Typography,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { CreateButton, Loading, Title, useLocaleState, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, CALENDAR_PATHS, type CalendarItem, type CalendarItems } from '@lp/shared/contract';
import {
  formatLongDay, formatMonth, formatMonthName, formatTime, formatWeekday, gridRange, monthGrid, monthOfDay, shiftMonth, toApiDate,
  todayApiDate, userTimeZone, type YearMonth,
} from '@lp/shared/rules';
import { useSettingsRecord } from '../../common/settings/index.ts';

const R = 'resources.schedule';

/** The day an item is shown on: its date, or a transmission's day in the viewer's zone (spec 1 §9). */
export const itemDay = (item: CalendarItem, timeZone: string = userTimeZone()) => item.date ?? toApiDate(item.starts_at!, timeZone);

/** Groups the range's items by day. */
export function itemsByDay(items: readonly CalendarItem[], timeZone: string = userTimeZone()): Map<string, CalendarItem[]> {
  const days = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const day = itemDay(item, timeZone);
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return days;
}

/** Where the admin opens an item: the calendar item, training or webcast editor. */
function itemLink(item: CalendarItem): string | null {
  if (item.event) return `/${ADMIN_RESOURCES.schedule.name}/${item.event.id}`;
  if (item.training) return `/${ADMIN_RESOURCES.trainings.name}/${item.training.id}`;
  if (item.webcast_id !== null) return `/webcasts/${item.webcast_id}`;
  return null;
}

function ItemLabel({ item }: { item: CalendarItem }) {
  const translate = useTranslate();
  // spec 4 "Dates": a transmission's time as HH:mm, in the admin's zone
  const time = item.starts_at ? formatTime(item.starts_at, userTimeZone()) : null;
  const text = item.kind === 'activity_available'
    ? translate(`${R}.kinds.activity_available`, { title: item.title, training: item.training?.title ?? '' })
    : translate(`${R}.kinds.${item.kind}`, { title: item.title });
  const link = itemLink(item);
  const label = time ? `${time} · ${text}` : text;
  return link ? <Link component={RouterLink} to={link} underline="hover">{label}</Link> : <span>{label}</span>;
}

/**
 * spec 3 §2 schedule (title slug schedule): the client's calendar — trainings' activities opening
 * (avaliable_in) and last published days, webcasts' transmissions, live classes and the calendar
 * items administrators write (each opens its editor, spec 1 §2.3 schedule/{id}) — a month at a
 * time, as a grid and as a list; "New calendar item" creates one.
 */
export function ScheduleScreen({ today = todayApiDate() }: { today?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [month, setMonth] = useState<YearMonth>(() => monthOfDay(today));
  const grid = useMemo(() => monthGrid(month), [month]);
  const range = gridRange(grid);
  // read on every visit: the items written in the editor come back here
  const { data, isPending, error } = useSettingsRecord<CalendarItems>(`${CALENDAR_PATHS.admin}?start=${range.start}&end=${range.end}`);
  const days = useMemo(() => itemsByDay(data?.results ?? []), [data]);
  const monthName = formatMonthName(month, locale);
  const inMonth = (day: string) => day.startsWith(formatMonth(month));
  const listed = grid.flat().filter(inMonth).filter((day) => days.has(day));

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={`${R}.name`} />
      <Card>
        <CardContent>
          <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 2 }}>
            <IconButton aria-label={translate(`${R}.previous`)} onClick={() => setMonth((m) => shiftMonth(m, -1))}><ChevronLeftIcon /></IconButton>
            <Typography variant="h5" component="h1" sx={{ minWidth: { xs: 0, sm: 220 }, textAlign: 'center', textTransform: 'capitalize' }} aria-live="polite">{monthName}</Typography>
            <IconButton aria-label={translate(`${R}.next`)} onClick={() => setMonth((m) => shiftMonth(m, 1))}><ChevronRightIcon /></IconButton>
            <Button onClick={() => setMonth(monthOfDay(today))}>{translate(`${R}.today`)}</Button>
            <Box sx={{ flex: 1 }} />
            {/* spec 1 §2.3 schedule/{id}: a calendar item of the administrators' own */}
            <CreateButton resource={ADMIN_RESOURCES.schedule.name} label={`${R}.create`} />
          </Stack>
          {isPending && <Loading />}
          {error && <Typography color="error" role="alert">{translate(`${R}.load_error`)}</Typography>}
          {data && (
            <>
              <Table size="small" aria-label={monthName} sx={{ tableLayout: 'fixed', mb: 3 }}>
                <TableHead>
                  <TableRow>
                    {grid[0]!.map((day) => (
                      <TableCell key={day} component="th" scope="col">{formatWeekday(day, locale)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {grid.map((week) => (
                    <TableRow key={week[0]}>
                      {week.map((day) => (
                        <TableCell key={day} sx={{ verticalAlign: 'top', height: 90, bgcolor: day === today ? 'action.selected' : inMonth(day) ? undefined : 'action.hover' }}>
                          {/* another month's days are told by their shade and a quieter number, never by opacity: their chips keep 4.5:1 */}
                          <Typography variant="caption" component="div" color={inMonth(day) ? undefined : 'text.secondary'}>{Number(day.slice(8))}</Typography>
                          {(days.get(day) ?? []).map((item, i) => (item.event ? (
                            <Chip key={i} size="small" color="success" label={item.title} clickable component={RouterLink}
                              to={itemLink(item)!} sx={{ maxWidth: '100%', mt: 0.5 }} />
                          ) : (
                            <Chip key={i} size="small" color={item.kind === 'webcast' ? 'secondary' : item.kind === 'training_unpublish' ? 'warning' : 'primary'}
                              label={item.title} sx={{ maxWidth: '100%', mt: 0.5 }} />
                          )))}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Typography variant="h6" component="h2">{translate(`${R}.list_title`)}</Typography>
              {listed.length === 0 && <Typography color="text.secondary">{translate(`${R}.empty`)}</Typography>}
              <MuiList dense>
                {listed.map((day) => (
                  <ListItem key={day} alignItems="flex-start" disableGutters>
                    <ListItemText
                      primary={formatLongDay(day, locale)}
                      secondary={<>{days.get(day)!.map((item, i) => <Box key={i} component="span" sx={{ display: 'block' }}><ItemLabel item={item} /></Box>)}</>}
                    />
                  </ListItem>
                ))}
              </MuiList>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

export default ScheduleScreen;
