import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import FileCopyIcon from '@mui/icons-material/FileCopy';
import { useQuery } from '@tanstack/react-query';
import { Button as RaButton, useNotify, useTranslate } from 'react-admin';
import { PRESENTIAL_PATHS, type AppointmentListItem, type Paged } from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';
import { useAppointmentActions } from './appointmentActions.ts';
import { K, NAME, useNotifyRefusal } from './presentialUi.ts';

/**
 * spec 3 §2 "save as template (model)" and the "create from a template": the client's
 * templates (manage_models saves them); picking one creates a pre-scheduled appointment with its
 * data, events and inputs (request_events) and opens it.
 */
export function TemplatePicker() {
  const translate = useTranslate();
  const notify = useNotify();
  const refuse = useNotifyRefusal();
  const navigate = useNavigate();
  const http = useContractHttp();
  const { fromTemplate } = useAppointmentActions();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data: templates } = useQuery({
    queryKey: ['presential-templates'],
    enabled: open,
    staleTime: 0,
    queryFn: async () => {
      const answer = await http.json<Paged<AppointmentListItem> | AppointmentListItem[]>(`${PRESENTIAL_PATHS.templates}?page_size=0`, 'GET');
      return Array.isArray(answer) ? answer : answer.results;
    },
  });
  const create = async (templateId: number) => {
    setBusy(true);
    try {
      const { id } = await fromTemplate(templateId);
      notify(`${K}.copy.created`, { type: 'success' });
      setOpen(false);
      navigate(`/${NAME}/${id}`);
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <RaButton label={translate(`${K}.copy.from_template`)} onClick={() => setOpen(true)}><FileCopyIcon /></RaButton>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate(`${K}.copy.choose_template`)}</DialogTitle>
        <DialogContent>
          {templates && templates.length === 0 && <Typography color="text.secondary">{translate(`${K}.copy.no_templates`)}</Typography>}
          <List dense>
            {templates?.map((t) => (
              <ListItemButton key={t.id} disabled={busy} onClick={() => void create(t.id)}>
                <ListItemText primary={t.display_title} secondary={[t.course_code, t.appointment_type, translate(`${K}.copy.events_count`, { smart_count: t.events_count })].filter(Boolean).join(' · ')} />
              </ListItemButton>
            ))}
          </List>
        </DialogContent>
        <DialogActions><Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button></DialogActions>
      </Dialog>
    </>
  );
}
