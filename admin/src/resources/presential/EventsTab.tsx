import { useState } from 'react';
import { Box, Button, Card, CardContent, TableCell, TableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Confirm, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { PRESENTIAL_PATHS, type PresentialEvent } from '@lp/shared/contract';
import { formatDate, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { RowActions, TabTable } from '../../common/contentTabs/TabTable.tsx';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { useContractHttp } from '../../common/http/index.ts';
import { useAppointmentKeys } from './appointmentKeys.ts';
import { EventDialog, NEW_EVENT, draftOf, eventBody, type EventDraft } from './EventDialog.tsx';
import { EventTestTemplateButton } from './EventTestTemplateButton.tsx';
import { K, PARENT, useNotifyRefusal } from './presentialUi.ts';

const E = `${K}.events`;

/** The appointment's events, each with its participants (spec 3 §3 "guests"). */
export function useAppointmentEvents(appointmentId: number) {
  return useGetList<PresentialEvent>(nestedResource(PARENT, appointmentId, 'events'), { pagination: { page: 1, perPage: 1000 } });
}

/**
 * spec 3 §2 Events tab (spec 3 §3 "Event"): the appointment's events, added, edited and removed
 * with presential_edit_events (read-only without it). An event with enrolled users is not removed:
 * the server's refusal is shown (presential_event_has_enrolled_users).
 */
export function EventsTab({ appointmentId, canEdit }: { appointmentId: number; canEdit: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refuse = useNotifyRefusal();
  const http = useContractHttp();
  // an event's tests change with the evaluations key (the owned content's manage key)
  const { evaluations: canEditTests } = useAppointmentKeys();
  const { data, refetch } = useAppointmentEvents(appointmentId);
  const [editing, setEditing] = useState<{ event: PresentialEvent | null } | null>(null);
  const [removing, setRemoving] = useState<PresentialEvent | null>(null);

  const save = async (draft: EventDraft) => {
    const event = editing?.event ?? null;
    try {
      if (event) await http.json(PRESENTIAL_PATHS.event(appointmentId, event.id), 'PUT', eventBody(draft));
      else await http.json(PRESENTIAL_PATHS.events(appointmentId), 'POST', eventBody(draft));
      notify(`${K}.messages.event_saved`, { type: 'success' });
      await refetch();
      return true;
    } catch (error) {
      refuse(error);
      return false;
    }
  };
  const remove = async () => {
    const event = removing;
    setRemoving(null);
    if (!event) return;
    try {
      await http.json(PRESENTIAL_PATHS.event(appointmentId, event.id), 'DELETE');
      notify(`${E}.removed`, { type: 'success' });
      await refetch();
    } catch (error) {
      refuse(error);
    }
  };

  // spec 1 §9: days shown in the user's language's order (DD/MM/YYYY in pt-br)
  const day = (e: PresentialEvent) => formatDate(e.date, languageIdForLocale(locale as LocaleCode));
  const columns = ['date', 'hours', 'event_type', 'location_name', 'participants', 'actions'].map((c) => translate(`${E}.${c}`));
  return (
    <Card sx={{ contain: 'inline-size' }}><CardContent>
      {canEdit && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ event: null })}>{translate(`${E}.add`)}</Button>
        </Box>
      )}
      <TabTable label={translate(`${K}.tabs.events`)} columns={columns} count={data ? data.length : null} emptyText={translate(`${E}.empty`)}>
        {data?.map((e) => (
          <TableRow key={e.id}>
            <TableCell>{day(e)}</TableCell>
            <TableCell>{`${e.start_hour}–${e.end_hour}`}</TableCell>
            <TableCell>
              {translate(`${E}.types.${e.event_type}`)}
              {canEditTests && <EventTestTemplateButton event={e} day={day(e)} />}
            </TableCell>
            <TableCell>{e.location_name}</TableCell>
            <TableCell>{e.maximum_participants === null ? e.qty_participants : `${e.qty_participants}/${e.maximum_participants}`}</TableCell>
            <RowActions
              editLabel={translate(`${E}.edit_event`, { date: day(e) })}
              deleteLabel={translate(`${E}.delete_event`, { date: day(e) })}
              editDisabled={!canEdit}
              deleteDisabled={!canEdit}
              onEdit={() => setEditing({ event: e })}
              onDelete={() => setRemoving(e)}
            />
          </TableRow>
        ))}
      </TabTable>
      {editing && (
        <EventDialog initial={editing.event ? draftOf(editing.event) : NEW_EVENT} editing={!!editing.event} onClose={() => setEditing(null)} onSave={save} />
      )}
      <Confirm
        isOpen={!!removing}
        title={`${E}.delete_title`}
        content={`${E}.delete_content`}
        translateOptions={{ date: removing ? day(removing) : '' }}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </CardContent></Card>
  );
}
