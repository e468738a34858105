import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Link } from '@mui/material';
import { FunctionField, TextField, useNotify, useRefresh, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, PRESENTIAL_PATHS, type DecideCancellationBody, type PresentialEnrollment } from '@lp/shared/contract';
import { ResourceList } from '../../common/ResourceList.tsx';
import { useContractHttp } from '../../common/http/index.ts';
import { K, NAME, useNotifyRefusal } from './presentialUi.ts';

const C = `resources.${ADMIN_RESOURCES.presential_cancel_enrollments.name}`;

/** Approve or reprove one request: approving cancels the enrollment ("request approved", the seat freed); reproving keeps it. */
function Decide({ enrollment }: { enrollment: PresentialEnrollment }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const refuse = useNotifyRefusal();
  const http = useContractHttp();
  const [busy, setBusy] = useState(false);
  const decide = async (approve: boolean) => {
    setBusy(true);
    try {
      const body: DecideCancellationBody = { approve };
      await http.json<PresentialEnrollment>(PRESENTIAL_PATHS.decideCancellation(enrollment.id), 'POST', body);
      // spec 3 §4 "canceled ('request approved') or 'cancellation reproved'"
      notify(`${K}.subscribers.statuses.${approve ? 'canceled' : 'cancellation_reproved'}`, { type: 'success' });
      refresh();
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Button size="small" disabled={busy} onClick={(e) => { e.stopPropagation(); void decide(true); }}>{translate(`${C}.approve`)}</Button>
      <Button size="small" color="error" disabled={busy} onClick={(e) => { e.stopPropagation(); void decide(false); }}>{translate(`${C}.reprove`)}</Button>
    </Box>
  );
}

/**
 * spec 3 §2 "cancellation requests (approve/reprove)" and "cancelled enrollments": the learners'
 * requests awaiting a decision across the client's appointments (view_cancel_enrollments), each
 * with its training (a link to the appointment), event, reason and the two decisions.
 */
export function CancelEnrollmentList() {
  const F = `${C}.fields`;
  return (
    <ResourceList sortField="id" sortOrder="ASC" canCreate={false} canDelete={false} canEdit={false}>
      <TextField source="id" label={`${F}.id`} />
      <TextField source="user.name" label={`${F}.user`} sortBy="name" />
      <TextField source="user.branch" label={`${F}.branch`} sortable={false} />
      <FunctionField<PresentialEnrollment> label={`${F}.appointment`} sortable={false}
        render={(r) => <Link component={RouterLink} to={`/${NAME}/${r.appointment_id}`} onClick={(e) => e.stopPropagation()}>{r.appointment_title || `#${r.appointment_id}`}</Link>} />
      <FunctionField<PresentialEnrollment> label={`${F}.event`} sortable={false} render={(r) => `${r.event_date} ${r.event_start_hour}`} />
      <TextField source="cancellation_reason" label={`${F}.reason`} sortable={false} emptyText="—" />
      <FunctionField<PresentialEnrollment> label={`${F}.decision`} render={(r) => <Decide enrollment={r} />} />
    </ResourceList>
  );
}

export default CancelEnrollmentList;
