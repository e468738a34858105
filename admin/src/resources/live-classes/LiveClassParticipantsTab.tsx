import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Confirm, Datagrid, Form, FunctionField, List, TextField, TopToolbar, useListContext, useLocaleState, useNotify, useTranslate,
} from 'react-admin';
import { formatDateTime, languageIdForLocale, userTimeZone, type LocaleCode } from '@lp/shared/rules';
import type { LiveClassParticipant } from '@lp/shared/contract';
import { useRecordCache } from '../../common/editor/index.ts';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { OwnersInput } from '../../common/ownersInput/OwnersInput.tsx';
import { searchFilters } from '../../common/searchFilters.tsx';
import { useLiveClassActions } from './liveClassActions.ts';
import { LIVE_CLASSES } from './useLiveClass.ts';

const K = 'resources.live_classes.participants';

export interface LiveClassParticipantsTabProps {
  liveClassId: number;
  /** subscribers (open class) or invitees (closed class) */
  kind: 'subscribers' | 'invitees';
  canManage: boolean;
}

/** A refused bulk change's notice: the server's `errors.{code}` ("Enrolled users exceed the limit" …), else spec 3 §8's update error. */
const refusal = (error: unknown) =>
  (error instanceof Error && error.message.startsWith('errors.') ? error.message : 'errors.error_updating_subscribers_list');

/** Add users in bulk (all or none: the seats are held by the server, spec 3 §5). */
function AddSubscribers({ liveClassId, onChanged }: { liveClassId: number; onChanged(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const actions = useLiveClassActions();
  const [formKey, setFormKey] = useState(0);
  const [saving, setSaving] = useState(false);

  const add = async (values: Record<string, unknown>) => {
    const ids = (values.user_ids as number[] | undefined) ?? [];
    if (ids.length === 0) return;
    setSaving(true);
    try {
      const { changed } = await actions.addSubscribers(liveClassId, ids);
      notify(`${K}.added`, { type: 'success', messageArgs: { smart_count: changed } });
      setFormKey((k) => k + 1);
      onChanged();
    } catch (error) {
      console.error('bulk add failed', error);
      notify(refusal(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form key={formKey} onSubmit={(values: Record<string, unknown>) => void add(values)} record={{ id: 0, user_ids: [] }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 280 }}>
          <OwnersInput source="user_ids" label={`${K}.add_label`} initialOwners={[]} />
        </Box>
        <Button type="submit" variant="contained" startIcon={<PersonAddIcon />} disabled={saving} sx={{ mt: 1 }}>
          {translate(`${K}.add_button`)}
        </Button>
      </Box>
    </Form>
  );
}

/** The selected rows' users leave the class (bulk_remove takes user ids; the rows are subscriptions). */
function RemoveSubscribersButton({ liveClassId, onChanged }: { liveClassId: number; onChanged(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const actions = useLiveClassActions();
  const { selectedIds, data, onUnselectItems } = useListContext<LiveClassParticipant>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const chosen = new Set(selectedIds.map(String));
  const userIds = (data ?? []).filter((row) => chosen.has(String(row.id))).map((row) => row.user.id);

  const remove = async () => {
    setBusy(true);
    try {
      const { changed } = await actions.removeSubscribers(liveClassId, userIds);
      notify(`${K}.removed`, { type: 'success', messageArgs: { smart_count: changed } });
      onUnselectItems();
      onChanged();
    } catch (error) {
      console.error('bulk remove failed', error);
      notify(refusal(error), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button color="error" size="small" startIcon={<PersonRemoveIcon />} disabled={userIds.length === 0} onClick={() => setOpen(true)}>
        {translate(`${K}.remove_button`)}
      </Button>
      <Confirm isOpen={open} title={`${K}.remove_button`} content={`${K}.confirm_remove`} translateOptions={{ smart_count: userIds.length }}
        loading={busy} onConfirm={() => void remove()} onClose={() => setOpen(false)} />
    </>
  );
}

/** spec 3 §2 "the subscribers list can be updated": the list is read again. */
function UpdateListButton() {
  const translate = useTranslate();
  const { refetch } = useListContext();
  return (
    <TopToolbar>
      <Button size="small" startIcon={<RefreshIcon />} onClick={() => void refetch()}>{translate(`${K}.update_list`)}</Button>
    </TopToolbar>
  );
}

/** A moment of the row (added, entered the room) in the user's language and zone; '-' when there is none. */
function MomentField({ source }: { source: 'subscribed_at' | 'entered_at'; label: string }) {
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  return (
    <FunctionField<LiveClassParticipant> source={source}
      render={(row) => (row[source] ? formatDateTime(row[source], languageId, userTimeZone()) : '-')} />
  );
}

/**
 * spec 3 §2 admin editor: the subscribers of an open class (add and remove in bulk with
 * live_classes_manage, "update subscribers list") or the invitees of a closed one (the guest list
 * is saved with the class, on basic data). A nested resource, server-paged, searched and sorted.
 */
export function LiveClassParticipantsTab({ liveClassId, kind, canManage }: LiveClassParticipantsTabProps) {
  const translate = useTranslate();
  const records = useRecordCache();
  const [version, setVersion] = useState(0);
  const open = kind === 'subscribers';
  const manage = open && canManage;
  // a bulk change moves the class's participant count: the record is read again, and the list
  const changed = () => {
    records.invalidate(LIVE_CLASSES, liveClassId);
    setVersion((v) => v + 1);
  };
  return (
    // inline-size containment: the tab keeps the screen's width on a phone, the table scrolls inside it
    <Stack spacing={2} sx={{ p: 2, contain: 'inline-size' }}>
      {manage && <AddSubscribers liveClassId={liveClassId} onChanged={changed} />}
      {!open && <Alert severity="info">{translate(`${K}.invitees_help`)}</Alert>}
      <Box sx={{ overflowX: 'auto' }}>
        <List
          key={version}
          resource={nestedResource(LIVE_CLASSES, liveClassId, kind)}
          storeKey={`live_classes.${kind}.${liveClassId}`}
          disableSyncWithLocation
          filters={searchFilters}
          actions={open ? <UpdateListButton /> : false}
          title={false}
          empty={false}
          component="div"
          perPage={DEFAULT_PER_PAGE}
          sort={{ field: 'name', order: 'ASC' }}
          pagination={<ListPagination />}
        >
          <Datagrid rowClick={false}
            empty={<Typography sx={{ p: 2 }} color="text.secondary">{translate(`${K}.empty_${kind}`)}</Typography>}
            bulkActionButtons={manage ? <RemoveSubscribersButton liveClassId={liveClassId} onChanged={changed} /> : false}>
            <TextField source="user.name" sortBy="name" label={`${K}.columns.name`} />
            <TextField source="user.email" sortBy="email" label={`${K}.columns.email`} />
            <TextField source="user.profile" sortBy="profile" label={`${K}.columns.profile`} emptyText="-" />
            <MomentField source="subscribed_at" label={`${K}.columns.subscribed_at`} />
            <MomentField source="entered_at" label={`${K}.columns.entered_at`} />
          </Datagrid>
        </List>
      </Box>
    </Stack>
  );
}
