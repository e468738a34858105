import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Button as RaButton, FunctionField, LinkBase, SearchInput, SelectInput, TextField, usePermissions, useNotify, useRefresh, useTranslate } from 'react-admin';
import {
  ADMIN_RESOURCES, APPOINTMENT_STATUSES, APPOINTMENT_TRAINING_TYPES, PRESENTIAL_PATHS, type AppointmentAction, type AppointmentListItem, type SessionUser,
} from '@lp/shared/contract';
import { APPOINTMENT_TRANSITIONS, hasPermission } from '@lp/shared/rules';
import { ReportButton } from '../../common/ReportButton.tsx';
import { listReportBody } from '../../common/reportBody.ts';
import { ResourceList } from '../../common/ResourceList.tsx';
import { useAppointmentActions } from './appointmentActions.ts';
import { TemplatePicker } from './TemplatePicker.tsx';

const NAME = 'presential/appointments';
const F = `resources.${NAME}.fields`;
/** actions whose reason is asked (kept as the cancellation reason) */
const WITH_NOTE: readonly AppointmentAction[] = ['reprove', 'cancel', 'fail'];

/**
 * One workflow button. spec 3 §4 "Cancel and finish are confirmed as irreversible": those (and
 * fail) open a confirmation; reprove, cancel and fail ask the reason.
 */
export function ActionButton({ id, action }: { id: number; action: AppointmentAction }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { act } = useAppointmentActions();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const { irreversible } = APPOINTMENT_TRANSITIONS[action];
  const run = async () => {
    setOpen(false);
    try {
      await act(id, action, note.trim() || undefined);
      notify(`resources.${NAME}.messages.${action}_done`, { type: 'success' });
      refresh();
    } catch (error) {
      const code = (error as { body?: { code?: string } }).body?.code;
      notify(code ? `errors.${code}` : 'ra.notification.http_error', { type: 'error' });
    }
  };
  const label = translate(`resources.${NAME}.actions.${action}`);
  return (
    <>
      <Button size="small" color={irreversible ? 'error' : 'primary'}
        onClick={(e) => { e.stopPropagation(); if (irreversible || WITH_NOTE.includes(action)) setOpen(true); else void run(); }}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()}>
        <DialogTitle>{label}</DialogTitle>
        <DialogContent>
          {irreversible && <DialogContentText>{translate(`resources.${NAME}.messages.irreversible`)}</DialogContentText>}
          {WITH_NOTE.includes(action) && (
            <MuiTextField autoFocus fullWidth multiline margin="dense" label={translate(`${F}.cancellation_reason`)} value={note} onChange={(e) => setNote(e.target.value)} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button onClick={() => void run()} color={irreversible ? 'error' : 'primary'}>{translate('ra.action.confirm')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function ActionsField(_props: { label: string }) {
  return (
    <FunctionField<AppointmentListItem>
      render={(a) => <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>{a.actions.map((action) => <ActionButton key={action} id={a.id} action={action} />)}</Box>}
    />
  );
}

/** The list's filters as the report body (AppointmentReportRequest: search, status, training type, appointment type). */
export const appointmentsReportBody = (filterValues: Record<string, unknown>) =>
  listReportBody(filterValues, { integers: ['appointment_type_id'], words: ['status', 'training_type'] });

/**
 * The list's own buttons: create from a template (request_events), the calendar, the cancellation
 * requests (view_cancel_enrollments) and the report (spec 3 §9 "appointments", 5-minute cooldown;
 * spec 1 §6.2 reports_manager).
 */
function AppointmentListActions() {
  const translate = useTranslate();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const can = (slug: string) => !!user && hasPermission(user, slug);
  const R = ADMIN_RESOURCES;
  return (
    <>
      {can('request_events') && <TemplatePicker />}
      {/* react-admin's Button: an icon with its label as tooltip on a phone, so the toolbar fits */}
      <RaButton component={LinkBase} to={`/${R.presential_calendar.name}`} label={translate(`resources.${R.presential_calendar.name}.name`)}><CalendarMonthIcon /></RaButton>
      {can('view_cancel_enrollments') && (
        <RaButton component={LinkBase} to={`/${R.presential_cancel_enrollments.name}`} label={translate(`resources.${R.presential_cancel_enrollments.name}.name`, { smart_count: 2 })}>
          <EventBusyIcon />
        </RaButton>
      )}
      <ReportButton report="appointments" path={PRESENTIAL_PATHS.report} permission="reports_manager" toBody={appointmentsReportBody} />
    </>
  );
}

/**
 * spec 3 §2 "appointment list with request, approve, reprove, cancel and finish actions": each row
 * offers what the user's keys allow in its status (the server's `actions`); filters kept per list
 * (spec 1 §2.3: presential).
 */
export function AppointmentList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" label={`${F}.status`} alwaysOn
      choices={APPOINTMENT_STATUSES.map((s) => ({ id: s, name: `resources.${NAME}.status.${s}` }))} />,
    <SelectInput key="training_type" source="training_type" label={`${F}.training_type`}
      choices={APPOINTMENT_TRAINING_TYPES.map((s) => ({ id: s, name: `resources.${NAME}.training_types.${s}` }))} />,
  ];
  return (
    <ResourceList filters={filters} sortField="id" sortOrder="DESC" omit={['created_at']} canDelete={false} actions={<AppointmentListActions />}>
      <TextField source="id" label={`${F}.id`} />
      <TextField source="display_title" label={`${F}.title`} sortable={false} />
      <TextField source="course_code" label={`${F}.course_id`} sortable={false} />
      <TextField source="appointment_type" label={`${F}.appointment_type_id`} sortable={false} />
      <TextField source="first_date" label={`${F}.first_date`} sortable={false} />
      <FunctionField<AppointmentListItem> source="qty_participants" label={`${F}.participants`} sortable={false}
        render={(a) => (a.maximum_participants === null ? String(a.qty_participants) : `${a.qty_participants}/${a.maximum_participants}`)} />
      <FunctionField<AppointmentListItem> source="status" label={`${F}.status`} render={(a) => translate(`resources.${NAME}.status.${a.status}`)} />
      <ActionsField label={`${F}.workflow`} />
    </ResourceList>
  );
}

export default AppointmentList;
