import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, MenuItem, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import {
  AutocompleteArrayInput, BooleanInput, Create, DateTimeInput, Edit, Loading, NumberInput, ReferenceArrayInput, ReferenceInput, SelectInput,
  SaveButton, TextInput, Title, Toolbar, useGetList, useGetOne, useLocaleState, useNotify, usePermissions, useTranslate,
} from 'react-admin';
import {
  ADMIN_RESOURCES, APPOINTMENT_TRAINING_TYPES, EVENT_TEST_TYPES, PRESENTIAL_PATHS, type Appointment, type AppointmentHistoryEntry, type AppointmentInputRow, type CourseItem, type EventTestType,
  type PresentialEnrollment, type PresentialEvent, type SessionUser,
} from '@lp/shared/contract';
import { formatDateTime, hasPermission, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { EditorForm, TabbedEditor, useEditorTab } from '../../common/editor/index.ts';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { useContractHttp } from '../../common/http/index.ts';
import { ActionButton } from './AppointmentList.tsx';
import { useAppointmentActions } from './appointmentActions.ts';
import { REFERENCE_NAMES } from './ReferenceScreens.tsx';
import { CostsTab } from './CostsTab.tsx';
import { ResultsTab } from './ResultsTab.tsx';

const NAME = ADMIN_RESOURCES.presential_appointments.name;
const F = `resources.${NAME}.fields`;
/** the nested lists' parent name (no slash: resolveNested splits on it) */
const PARENT = 'presential-appointments';
/** spec 3 §2 "Tabs: Basic data, Events, Reaction evaluations, Subscribers/Registrations, Inputs, Results, Comments" — this issue builds these */
export const APPOINTMENT_TABS = ['basic_data', 'events', 'subscribers', 'inputs', 'results', 'costs'] as const;
type AppointmentTab = (typeof APPOINTMENT_TABS)[number];

/** Fields the API takes (the answer carries read-only ones the input schema refuses). */
const INPUT_FIELDS = [
  'title', 'training_code', 'course_id', 'appointment_type_id', 'product_category_id', 'product_id', 'training_type', 'listed', 'areas', 'profiles',
  'user_groups', 'participating_audience', 'workload', 'minimum_participants', 'maximum_participants', 'expected_participants', 'minimum_score',
  'subscription_until', 'cancellation_until', 'timezone', 'instructors', 'invitees', 'owner_id', 'owner_email', 'receive_emails', 'has_tests', 'comments',
] as const;
export const toAppointmentInput = (r: Record<string, unknown>) =>
  Object.fromEntries(INPUT_FIELDS.filter((k) => r[k] !== undefined).map((k) => [k, r[k] === '' && k !== 'title' ? null : r[k]]));

/** spec 3 §3 "Face-to-face training (appointment)": every field; type and instructor required (§5). */
function BasicDataForm({ readOnly }: { readOnly: boolean }) {
  return (
    // appointments are canceled through the workflow, never deleted: the toolbar only saves
    <EditorForm toolbar={readOnly ? false : <Toolbar><SaveButton /></Toolbar>}>
      <TextInput source="title" label={`${F}.title`} helperText={`${F}.title_help`} fullWidth />
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} width="100%">
        <ReferenceInput source="course_id" reference={REFERENCE_NAMES.courses}>
          <SelectInput label={`${F}.course_id`} optionText={(c: CourseItem) => `${c.code} — ${c.name}`} />
        </ReferenceInput>
        <TextInput source="training_code" label={`${F}.training_code`} />
        <ReferenceInput source="appointment_type_id" reference={REFERENCE_NAMES.types}>
          <SelectInput label={`${F}.appointment_type_id`} optionText="label" />
        </ReferenceInput>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} width="100%">
        <ReferenceInput source="product_category_id" reference={REFERENCE_NAMES.categories}><SelectInput label={`${F}.product_category_id`} optionText="name" /></ReferenceInput>
        <ReferenceInput source="product_id" reference={REFERENCE_NAMES.products}><SelectInput label={`${F}.product_id`} optionText="name" /></ReferenceInput>
        <SelectInput source="training_type" label={`${F}.training_type`} choices={APPOINTMENT_TRAINING_TYPES.map((id) => ({ id, name: `resources.${NAME}.training_types.${id}` }))} />
        <BooleanInput source="listed" label={`${F}.listed`} />
      </Stack>
      <ReferenceArrayInput source="instructors" reference="users">
        <AutocompleteArrayInput label={`${F}.instructors`} optionText="full_name" />
      </ReferenceArrayInput>
      <ReferenceArrayInput source="invitees" reference="users">
        <AutocompleteArrayInput label={`${F}.invitees`} optionText="full_name" />
      </ReferenceArrayInput>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} width="100%">
        <NumberInput source="workload" label={`${F}.workload`} min={0} />
        <NumberInput source="minimum_participants" label={`${F}.minimum_participants`} min={0} />
        <NumberInput source="maximum_participants" label={`${F}.maximum_participants`} min={0} />
        <NumberInput source="expected_participants" label={`${F}.expected_participants`} min={0} />
        <NumberInput source="minimum_score" label={`${F}.minimum_score`} min={0} max={100} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} width="100%">
        <DateTimeInput source="subscription_until" label={`${F}.subscription_until`} />
        <DateTimeInput source="cancellation_until" label={`${F}.cancellation_until`} />
        <TextInput source="timezone" label={`${F}.timezone`} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} width="100%">
        <TextInput source="owner_email" label={`${F}.owner_email`} type="email" />
        <BooleanInput source="receive_emails" label={`${F}.receive_emails`} />
        <BooleanInput source="has_tests" label={`${F}.has_tests`} />
      </Stack>
      <TextInput source="participating_audience" label={`${F}.participating_audience`} fullWidth />
      <TextInput source="comments" label={`${F}.comments`} multiline fullWidth />
    </EditorForm>
  );
}

/** spec 3 §4 the workflow buttons and the status history as a timeline. */
function Workflow({ appointment }: { appointment: Appointment }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1">{translate(`resources.${NAME}.status.${appointment.status}`)}</Typography>
        {appointment.cancellation_reason && <Typography variant="body2" color="text.secondary">{appointment.cancellation_reason}</Typography>}
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {appointment.actions.map((action) => <ActionButton key={action} id={appointment.id} action={action} />)}
        </Box>
        <History appointmentId={appointment.id} version={appointment.updated_at} />
      </CardContent>
    </Card>
  );
}

/** The status history (spec 3 §3 "history"), read again whenever the appointment changes. */
function History({ appointmentId, version }: { appointmentId: number; version: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const http = useContractHttp();
  const [rows, setRows] = useState<AppointmentHistoryEntry[]>([]);
  useEffect(() => {
    let live = true;
    http.json<AppointmentHistoryEntry[]>(PRESENTIAL_PATHS.history(appointmentId), 'GET').then((r) => { if (live) setRows(r); }, () => undefined);
    return () => { live = false; };
  }, [http, appointmentId, version]);
  return (
    <Box component="ol" aria-label={translate(`${F}.history`)} sx={{ m: 0, mt: 2, pl: 3 }}>
      {rows.map((h) => (
        <li key={h.id}>
          <Typography variant="body2">
            {`${formatDateTime(h.created_at, languageIdForLocale(locale as LocaleCode))} — ${translate(`resources.${NAME}.status.${h.to_status}`)}${h.user ? ` (${h.user.full_name})` : ''}`}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/** spec 3 §3 "Event": the list of the appointment's events and a form to add one. */
function EventsTab({ appointmentId, canEdit }: { appointmentId: number; canEdit: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const resource = nestedResource(PARENT, appointmentId, 'events');
  const { data = [], refetch } = useGetList<PresentialEvent>(resource, { pagination: { page: 1, perPage: 1000 } });
  const [draft, setDraft] = useState({ event_type: 'without_tests' as EventTestType, date: '', start_hour: '09:00', end_hour: '17:00', location_name: '', location: '' });
  const add = async () => {
    try {
      await http.json(PRESENTIAL_PATHS.events(appointmentId), 'POST', draft);
      notify(`resources.${NAME}.messages.event_saved`, { type: 'success' });
      await refetch();
    } catch (error) {
      const code = (error as { body?: { code?: string } }).body?.code;
      notify(code ? `errors.${code}` : 'ra.notification.http_error', { type: 'error' });
    }
  };
  const E = `resources.${NAME}.events`;
  return (
    <Card><CardContent>
      <Box component="table" sx={{ display: 'block', overflowX: 'auto', width: '100%', borderCollapse: 'collapse', '& td, & th': { p: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'left' } }}>
        <thead><tr>{['date', 'hours', 'event_type', 'location_name', 'participants'].map((k) => <th key={k}>{translate(`${E}.${k}`)}</th>)}</tr></thead>
        <tbody>
          {data.map((e) => (
            <tr key={e.id}>
              <td>{e.date}</td><td>{`${e.start_hour}–${e.end_hour}`}</td><td>{translate(`${E}.types.${e.event_type}`)}</td><td>{e.location_name}</td>
              <td>{e.maximum_participants === null ? e.qty_participants : `${e.qty_participants}/${e.maximum_participants}`}</td>
            </tr>
          ))}
        </tbody>
      </Box>
      {canEdit && (
        <Stack direction={{ xs: 'column', md: 'row' }} gap={2} mt={2} alignItems="center">
          <MuiTextField select size="small" label={translate(`${E}.event_type`)} value={draft.event_type} onChange={(e) => setDraft({ ...draft, event_type: e.target.value as EventTestType })}>
            {EVENT_TEST_TYPES.map((t) => <MenuItem key={t} value={t}>{translate(`${E}.types.${t}`)}</MenuItem>)}
          </MuiTextField>
          <MuiTextField size="small" type="date" label={translate(`${E}.date`)} value={draft.date} onChange={(e) => setDraft({ ...draft, date: e.target.value })} InputLabelProps={{ shrink: true }} />
          <MuiTextField size="small" type="time" label={translate(`${E}.start_hour`)} value={draft.start_hour} onChange={(e) => setDraft({ ...draft, start_hour: e.target.value })} InputLabelProps={{ shrink: true }} />
          <MuiTextField size="small" type="time" label={translate(`${E}.end_hour`)} value={draft.end_hour} onChange={(e) => setDraft({ ...draft, end_hour: e.target.value })} InputLabelProps={{ shrink: true }} />
          <MuiTextField size="small" label={translate(`${E}.location_name`)} value={draft.location_name} onChange={(e) => setDraft({ ...draft, location_name: e.target.value })} />
          <Button variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} onClick={() => void add()}>{translate(`${E}.add`)}</Button>
        </Stack>
      )}
    </CardContent></Card>
  );
}

/** spec 3 §2 Subscribers/Registrations: who is enrolled in which event, and enrolling (subscribe_event_users). */
function SubscribersTab({ appointmentId, canSubscribe }: { appointmentId: number; canSubscribe: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { enroll } = useAppointmentActions();
  const { data: events = [] } = useGetList<PresentialEvent>(nestedResource(PARENT, appointmentId, 'events'), { pagination: { page: 1, perPage: 1000 } });
  const { data = [], refetch } = useGetList<PresentialEnrollment>(nestedResource(PARENT, appointmentId, 'subscribers'), { pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' } });
  const { data: users = [] } = useGetList<{ id: number; full_name: string }>('users', { pagination: { page: 1, perPage: 200 }, sort: { field: 'full_name', order: 'ASC' } }, { enabled: canSubscribe });
  const [eventId, setEventId] = useState<number | ''>('');
  const [userId, setUserId] = useState<number | ''>('');
  const S = `resources.${NAME}.subscribers`;
  const add = async () => {
    if (eventId === '' || userId === '') return;
    try {
      await enroll(appointmentId, { event_id: eventId, user_ids: [userId] });
      notify(`${S}.enrolled`, { type: 'success' });
      setUserId('');
      await refetch();
    } catch (error) {
      const code = (error as { body?: { code?: string } }).body?.code;
      notify(code ? `errors.${code}` : 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <Card><CardContent>
      <Box component="table" sx={{ display: 'block', overflowX: 'auto', width: '100%', borderCollapse: 'collapse', '& td, & th': { p: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'left' } }}>
        <thead><tr>{['name', 'branch', 'event', 'status'].map((k) => <th key={k}>{translate(`${S}.${k}`)}</th>)}</tr></thead>
        <tbody>
          {data.map((s) => (
            <tr key={s.id}>
              <td>{s.user.name}</td><td>{s.user.branch ?? ''}</td><td>{events.find((e) => e.id === s.event_id)?.date ?? s.event_id}</td>
              <td>{translate(`${S}.statuses.${s.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
      {canSubscribe && (
        <Stack direction={{ xs: 'column', md: 'row' }} gap={2} mt={2} alignItems="center">
          <MuiTextField select size="small" sx={{ minWidth: 180 }} label={translate(`${S}.event`)} value={eventId} onChange={(e) => setEventId(Number(e.target.value))}>
            {events.map((e) => <MenuItem key={e.id} value={e.id}>{`${e.date} ${e.start_hour}`}</MenuItem>)}
          </MuiTextField>
          <MuiTextField select size="small" sx={{ minWidth: 240 }} label={translate(`${S}.name`)} value={userId} onChange={(e) => setUserId(Number(e.target.value))}>
            {users.map((u) => <MenuItem key={u.id} value={u.id}>{u.full_name}</MenuItem>)}
          </MuiTextField>
          <Button variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} onClick={() => void add()}>{translate(`${S}.add`)}</Button>
        </Stack>
      )}
    </CardContent></Card>
  );
}

/** spec 3 §2 Inputs: the support materials the appointment uses, with quantities and totals. */
function InputsTab({ appointmentId }: { appointmentId: number }) {
  const translate = useTranslate();
  const { data = [] } = useGetList<AppointmentInputRow & { id: number }>(nestedResource(PARENT, appointmentId, 'inputs'), { pagination: { page: 1, perPage: 1000 } });
  const I = `resources.${NAME}.inputs`;
  return (
    <Card><CardContent>
      <Box component="table" sx={{ display: 'block', overflowX: 'auto', width: '100%', borderCollapse: 'collapse', '& td, & th': { p: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'left' } }}>
        <thead><tr>{['name', 'quantity', 'value', 'total'].map((k) => <th key={k}>{translate(`${I}.${k}`)}</th>)}</tr></thead>
        <tbody>{data.map((r) => <tr key={r.material_id}><td>{r.name}</td><td>{r.quantity}</td><td>{r.value.toFixed(2)}</td><td>{r.total.toFixed(2)}</td></tr>)}</tbody>
      </Box>
      {data.length === 0 && <Typography variant="body2" color="text.secondary">{translate(`${I}.empty`)}</Typography>}
    </CardContent></Card>
  );
}

/** spec 1 §6.2 presential_full_view and the per-tab edit keys. */
function useAppointmentKeys() {
  const { permissions: user } = usePermissions<SessionUser | null>();
  const can = (slug: string) => !!user && hasPermission(user, slug);
  return { basicData: can('presential_edit_basic_data'), events: can('presential_edit_events'), subscribe: can('subscribe_event_users'), request: can('request_events') };
}

/** spec 3 §2 the appointment screen at /presential/appointments/{id}/{tab} (0 = new: basic data only). */
export function AppointmentEdit() {
  const translate = useTranslate();
  const params = useParams();
  const id = params.id && params.id !== '0' && params.id !== 'create' ? Number(params.id) : null;
  const keys = useAppointmentKeys();
  const visible = id ? APPOINTMENT_TABS : (['basic_data'] as const);
  const { current, select } = useEditorTab<AppointmentTab>(`/${NAME}/${id ?? 0}`, visible, { onTabSetChange: 'keep-named' });
  const { data: appointment, isPending } = useGetOne<Appointment>(NAME, { id: id ?? 0 }, { enabled: id !== null });
  if (id && isPending) return <Loading />;
  const title = <Title title={`${translate(`resources.${NAME}.name`, { smart_count: 1 })}: ${appointment?.display_title ?? translate(`resources.${NAME}.new`)}`} />;
  return (
    <TabbedEditor tabs={visible} current={current} onSelect={select} labels={`resources.${NAME}.tabs`} title={title}>
      {appointment && <Workflow appointment={appointment} />}
      {current === 'basic_data' && (id
        ? <Edit id={id} resource={NAME} mutationMode="pessimistic" redirect={false} transform={toAppointmentInput} actions={false} title={false}><BasicDataForm readOnly={!keys.basicData} /></Edit>
        : <Create resource={NAME} redirect="edit" transform={toAppointmentInput} title={false}><BasicDataForm readOnly={!keys.request} /></Create>)}
      {current === 'events' && id && <EventsTab appointmentId={id} canEdit={keys.events} />}
      {current === 'subscribers' && id && <SubscribersTab appointmentId={id} canSubscribe={keys.subscribe} />}
      {current === 'inputs' && id && <InputsTab appointmentId={id} />}
      {current === 'results' && id && <ResultsTab appointmentId={id} />}
      {current === 'costs' && id && <CostsTab appointmentId={id} />}
    </TabbedEditor>
  );
}

export function AppointmentCreate() {
  return <AppointmentEdit />;
}

export default AppointmentEdit;
