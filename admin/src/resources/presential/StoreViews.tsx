import type { ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { FunctionField, NumberField, TextField, usePermissions, useTranslate } from 'react-admin';
import {
  ADMIN_RESOURCES, PRESENTIAL_STORE_PATHS, type ManagedStore, type SessionUser, type StorePlannedAppointment, type StoreScheduledDay,
  type StoreSeat, type StoreTrainee,
} from '@lp/shared/contract';
import { hasPermission } from '@lp/shared/rules';
import { ResourceList } from '../../common/ResourceList.tsx';
import { useContractHttp } from '../../common/http/index.ts';
import { K } from './presentialUi.ts';

/**
 * spec 1 §6.2 "Catalog and vacancies", spec 3 §2 "store catalog", "store manager vacancies": the
 * store manager's read-only lists of their own store. The server scopes every list to the store
 * the user manages; the notice above each list names that store, or says why the list is empty.
 */
const R = ADMIN_RESOURCES;
const STORE = 'resources.presential/store';
const RESULTS = `${K}.results`;

function StoreNotice() {
  const translate = useTranslate();
  const http = useContractHttp();
  const { data } = useQuery({
    queryKey: ['presential-managed-store'],
    queryFn: () => http.json<ManagedStore>(PRESENTIAL_STORE_PATHS.store, 'GET'),
    staleTime: 60_000,
  });
  if (!data) return null;
  return data.store
    ? <Alert severity="info" sx={{ mt: 1 }}>{translate(`${STORE}.managed`, { name: data.store.name })}</Alert>
    : <Alert severity="warning" sx={{ mt: 1 }}>{translate(`${STORE}.no_store`)}</Alert>;
}

/** A read-only list of one store view: no create, edit or delete. */
function StoreList({ sortField, sortOrder = 'ASC', children }: { sortField: string; sortOrder?: 'ASC' | 'DESC'; children: ReactNode }) {
  return (
    <>
      <StoreNotice />
      <ResourceList sortField={sortField} sortOrder={sortOrder} canCreate={false} canDelete={false} canEdit={false}>{children}</ResourceList>
    </>
  );
}

/** The people of the store in a training; their presence, result and score when the server sent them (an *_evaluation key). */
function Trainees({ trainees }: { trainees: StoreTrainee[] | undefined }) {
  const translate = useTranslate();
  if (!trainees?.length) return <>—</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {trainees.map((p) => {
        const outcome = [
          p.presence ? translate(`${RESULTS}.presence.${p.presence}`) : null,
          p.result ? translate(`${RESULTS}.values.${p.result}`) : null,
          p.score !== undefined && p.score !== null ? String(p.score) : null,
        ].filter(Boolean).join(' · ');
        return <li key={p.enrollment_id}>{p.name} ({p.event_date}){outcome ? ` — ${outcome}` : ''}</li>;
      })}
    </Box>
  );
}

export function StoreCatalogList() {
  const F = `resources.${R.presential_store_catalog.name}.fields`;
  return (
    <StoreList sortField="code">
      <TextField source="code" label={`${F}.code`} />
      <TextField source="name" label={`${F}.name`} />
      <TextField source="quarter" label={`${F}.quarter`} sortable={false} />
      <NumberField source="planned" label={`${F}.planned`} emptyText="—" />
      <NumberField source="filled" label={`${F}.filled`} sortable={false} emptyText="—" />
      <NumberField source="available" label={`${F}.available`} sortable={false} emptyText="—" />
    </StoreList>
  );
}

export function StoreSeatsList() {
  const F = `resources.${R.presential_store_seats.name}.fields`;
  const { permissions: user } = usePermissions<SessionUser | null>();
  const withTrainees = !!user && hasPermission(user, 'store_manager_seats_trainees');
  return (
    <StoreList sortField="quarter" sortOrder="DESC">
      <TextField source="course_code" label={`${F}.course_code`} />
      <TextField source="course_name" label={`${F}.course_name`} sortable={false} />
      <TextField source="quarter" label={`${F}.quarter`} />
      <NumberField source="total" label={`${F}.total`} sortable={false} />
      <NumberField source="planned" label={`${F}.planned`} />
      <NumberField source="filled" label={`${F}.filled`} />
      <NumberField source="available" label={`${F}.available`} sortable={false} />
      <NumberField source="canceled" label={`${F}.canceled`} sortable={false} />
      {withTrainees && <FunctionField<StoreSeat> label={`${F}.trainees`} sortable={false} render={(r) => <Trainees trainees={r.trainees} />} />}
    </StoreList>
  );
}

export function StorePlannedList() {
  const F = `resources.${R.presential_store_planned.name}.fields`;
  const translate = useTranslate();
  return (
    <StoreList sortField="first_date">
      <TextField source="title" label={`${F}.title`} />
      <TextField source="course_code" label={`${F}.course_code`} />
      <FunctionField<StorePlannedAppointment> label={`${F}.status`} sortable={false} render={(r) => translate(`${K}.status.${r.status}`)} />
      <TextField source="first_date" label={`${F}.first_date`} emptyText="—" />
      <FunctionField<StorePlannedAppointment> label={`${F}.trainees`} sortable={false} render={(r) => <Trainees trainees={r.trainees} />} />
    </StoreList>
  );
}

export function StoreScheduledList() {
  const F = `resources.${R.presential_store_scheduled.name}.fields`;
  const translate = useTranslate();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const withResults = !!user && hasPermission(user, 'store_day_scheduled_evaluation');
  return (
    <StoreList sortField="date" sortOrder="DESC">
      <FunctionField<StoreScheduledDay> source="date" label={`${F}.date`} render={(r) => `${r.date} ${r.start_hour}–${r.end_hour}`} />
      <TextField source="user.name" label={`${F}.user`} sortBy="name" />
      <TextField source="appointment_title" label={`${F}.appointment`} sortable={false} />
      <TextField source="location_name" label={`${F}.location`} sortable={false} emptyText="—" />
      <FunctionField<StoreScheduledDay> label={`${F}.status`} sortable={false} render={(r) => translate(`${K}.subscribers.statuses.${r.status}`)} />
      {withResults && <FunctionField<StoreScheduledDay> label={`${F}.presence`} sortable={false} render={(r) => (r.presence ? translate(`${RESULTS}.presence.${r.presence}`) : '—')} />}
      {withResults && <FunctionField<StoreScheduledDay> label={`${F}.result`} sortable={false} render={(r) => (r.result ? translate(`${RESULTS}.values.${r.result}`) : '—')} />}
      {withResults && <NumberField source="score" label={`${F}.score`} sortable={false} emptyText="—" />}
    </StoreList>
  );
}
