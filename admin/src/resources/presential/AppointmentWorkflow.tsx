import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SaveAsIcon from '@mui/icons-material/SaveAs';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { PRESENTIAL_PATHS, type Appointment, type AppointmentHistoryEntry, type CreatedId } from '@lp/shared/contract';
import { formatDateTime, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { useContractHttp } from '../../common/http/index.ts';
import { ActionButton } from './AppointmentList.tsx';
import { useAppointmentActions } from './appointmentActions.ts';
import type { AppointmentKeys } from './appointmentKeys.ts';
import { F, K, NAME, useNotifyRefusal } from './presentialUi.ts';

/** spec 3 §4 the workflow buttons, duplicate / save as template (spec 3 §2), and the status history as a timeline. */
export function AppointmentWorkflow({ appointment, keys }: { appointment: Appointment; keys: AppointmentKeys }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1">{translate(`${K}.status.${appointment.status}`)}</Typography>
          {appointment.is_template && <Chip size="small" color="info" label={translate(`${K}.copy.template`)} />}
        </Box>
        {appointment.cancellation_reason && <Typography variant="body2" color="text.secondary">{appointment.cancellation_reason}</Typography>}
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {appointment.actions.map((action) => <ActionButton key={action} id={appointment.id} action={action} />)}
          <CopyButtons appointment={appointment} keys={keys} />
        </Box>
        {!appointment.is_template && <History appointmentId={appointment.id} version={appointment.updated_at} />}
      </CardContent>
    </Card>
  );
}

/**
 * spec 3 §2 "duplication and save as template (model)": a duplicate is a new pre-scheduled
 * appointment for approval (request_events), a template is kept for later (manage_models); a
 * template's own button creates an appointment from it. Each opens the new record.
 */
function CopyButtons({ appointment, keys }: { appointment: Appointment; keys: AppointmentKeys }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const refuse = useNotifyRefusal();
  const { duplicate, saveAsTemplate, fromTemplate } = useAppointmentActions();
  const [busy, setBusy] = useState(false);
  const run = async (copy: (id: number) => Promise<CreatedId>, done: string) => {
    setBusy(true);
    try {
      const { id } = await copy(appointment.id);
      notify(`${K}.copy.${done}`, { type: 'success' });
      navigate(`/${NAME}/${id}`);
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };
  if (appointment.is_template) {
    return keys.request
      ? <Button size="small" startIcon={<ContentCopyIcon />} disabled={busy} onClick={() => void run(fromTemplate, 'created')}>{translate(`${K}.copy.from_this_template`)}</Button>
      : null;
  }
  return (
    <>
      {keys.request && <Button size="small" startIcon={<ContentCopyIcon />} disabled={busy} onClick={() => void run(duplicate, 'duplicated')}>{translate(`${K}.copy.duplicate`)}</Button>}
      {keys.models && <Button size="small" startIcon={<SaveAsIcon />} disabled={busy} onClick={() => void run(saveAsTemplate, 'template_saved')}>{translate(`${K}.copy.save_as_template`)}</Button>}
    </>
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
            {`${formatDateTime(h.created_at, languageIdForLocale(locale as LocaleCode))} — ${translate(`${K}.status.${h.to_status}`)}${h.user ? ` (${h.user.full_name})` : ''}`}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
