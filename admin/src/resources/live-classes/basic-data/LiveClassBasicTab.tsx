import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import {
  Confirm, Loading, SaveButton, Toolbar, useCreate, useGetList, useNotify, useRedirect, useTranslate, useUpdate,
} from 'react-admin';
import { LIVE_CLASS_PATHS, type LiveClassParticipant, type LiveClassPlatformOption, type LiveClassScoreOption } from '@lp/shared/contract';
import { LIVE_CLASS_STATUS, MEETING_ROOM_CAPACITY } from '@lp/shared/rules';
import { nestErrors, translatedErrors, useRecordCache, useSaveErrors } from '../../../common/editor/index.ts';
import { useReferenceList } from '../../../common/http/index.ts';
import { nestedResource } from '../../../common/nested/nestedResources.ts';
import type { Owner } from '../../../common/ownersInput/OwnersInput.tsx';
import { useLiveClassActions } from '../liveClassActions.ts';
import { LIVE_CLASSES, useLiveClass } from '../useLiveClass.ts';
import { useLiveClassAccess } from '../useLiveClassAccess.ts';
import { LiveClassForm } from './LiveClassForm.tsx';
import {
  LIVE_CLASS_FORM_FIELDS, liveClassFormValues, liveClassPayload, newLiveClassValues, validateLiveClassForm, type LiveClassFormValues,
} from './liveClassPayload.ts';

const M = 'resources.live_classes.messages';
const A = 'resources.live_classes.actions';

interface ToolbarProps {
  liveClassId: number | null;
  status: number;
  canManage: boolean;
}

/** Back; for a saved class Duplicate and Set Finished (both confirmed, live_classes_manage only); Save. */
function BasicDataToolbar({ liveClassId, status, canManage }: ToolbarProps) {
  const translate = useTranslate();
  const redirect = useRedirect();
  const navigate = useNavigate();
  const notify = useNotify();
  const records = useRecordCache();
  const actions = useLiveClassActions();
  const [confirm, setConfirm] = useState<'duplicate' | 'finish' | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (what: 'duplicate' | 'finish') => {
    if (!liveClassId) return;
    setBusy(true);
    try {
      if (what === 'duplicate') {
        const { live_class_duplicated_id: id } = await actions.duplicate(liveClassId);
        notify(`${M}.duplicated`, { type: 'success' });
        navigate(`/${LIVE_CLASSES}/${id}`);
      } else {
        // the answer is the class as saved: the form shows Finished without another read
        records.set(LIVE_CLASSES, await actions.setFinished(liveClassId));
        notify(`${M}.finished`, { type: 'success' });
      }
    } catch (error) {
      console.error(`live class ${what} failed`, error);
      notify(error instanceof Error && error.message.startsWith('errors.') ? error.message : `${M}.save_error`, { type: 'error' });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', LIVE_CLASSES)}>{translate(`${A}.back`)}</Button>
      {liveClassId && canManage && (
        <Button startIcon={<ContentCopyIcon />} disabled={busy} onClick={() => setConfirm('duplicate')}>{translate(`${A}.duplicate`)}</Button>
      )}
      <SaveButton disabled={!canManage} alwaysEnable={canManage} />
      {liveClassId && canManage && status !== LIVE_CLASS_STATUS.finished && (
        <Button color="secondary" variant="outlined" startIcon={<DoneAllIcon />} disabled={busy} onClick={() => setConfirm('finish')}>
          {translate(`${A}.set_finished`)}
        </Button>
      )}
      <Confirm isOpen={confirm === 'duplicate'} title={`${A}.duplicate`} content={`${M}.confirm_duplicate`} loading={busy}
        onConfirm={() => void run('duplicate')} onClose={() => setConfirm(null)} />
      <Confirm isOpen={confirm === 'finish'} title={`${A}.set_finished`} content={`${M}.confirm_finish`} loading={busy}
        onConfirm={() => void run('finish')} onClose={() => setConfirm(null)} />
    </Toolbar>
  );
}

/** The invitees of a saved closed class with their names: the chips of the guest list (at most a room, spec 3 §9). */
function useInviteeOwners(liveClassId: number | null, closed: boolean): readonly Owner[] {
  const { data } = useGetList<LiveClassParticipant>(nestedResource(LIVE_CLASSES, liveClassId ?? 0, 'invitees'), {
    pagination: { page: 1, perPage: MEETING_ROOM_CAPACITY * 2 }, sort: { field: 'name', order: 'ASC' },
  }, { enabled: liveClassId !== null && closed });
  return useMemo(() => (data ?? []).map((p) => ({ id: p.user.id, full_name: p.user.name, email: p.user.email ?? '' })), [data]);
}

/**
 * spec 3 §3 basic data of a new (id null) or saved class. A create opens the new class's editor;
 * a refusal puts the server's `{code, fields}` on the fields and the notice on top.
 */
export function LiveClassBasicTab({ liveClassId }: { liveClassId: number | null }) {
  const { canManage, canSetScore } = useLiveClassAccess();
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate();
  const [update] = useUpdate();
  const saveErrors = useSaveErrors();
  const { data: liveClass, error } = useLiveClass(liveClassId);
  const platforms = useReferenceList<LiveClassPlatformOption>(LIVE_CLASS_PATHS.platformTypes).data ?? [];
  const scores = useReferenceList<LiveClassScoreOption>(LIVE_CLASS_PATHS.scores).data ?? [];
  const invitees = useInviteeOwners(liveClassId, liveClass?.live_class_type === 'closed');
  const instructors = useMemo(() => liveClass?.instructors_list ?? [], [liveClass]);
  const values = useMemo(() => (liveClass ? liveClassFormValues(liveClass) : newLiveClassValues()), [liveClass]);

  // spec 3 §5 / §9 in the form: the shared rule, translated through `errors.{code}`
  const validate = useCallback((form: Record<string, unknown>) => (
    nestErrors(translatedErrors(validateLiveClassForm(form as unknown as LiveClassFormValues)))
  ), []);

  if (error) {
    // spec 3 §8 "Live class not found": back to the list
    navigate(`/${LIVE_CLASSES}`, { replace: true });
    return null;
  }
  if (liveClassId && !liveClass) return <Loading />;

  const save = async (form: LiveClassFormValues) => {
    const body = liveClassPayload(form, { sendScore: canSetScore });
    try {
      const saved = liveClassId
        ? await update(LIVE_CLASSES, { id: liveClassId, data: body, previousData: liveClass }, { returnPromise: true })
        : await create(LIVE_CLASSES, { data: body }, { returnPromise: true });
      notify(`${M}.${liveClassId ? 'edit_success' : 'add_success'}`, { type: 'success' });
      if (!liveClassId) navigate(`/${LIVE_CLASSES}/${saved.id}`, { replace: true });
      return undefined;
    } catch (failure) {
      console.error('live class save failed', failure);
      return saveErrors(failure, {
        notice: ({ notice, fields }) => (fields ? notice ?? 'errors.make_sure_that_all_fields_are_filled_in' : notice ?? `${M}.save_error`),
        fieldMap: LIVE_CLASS_FORM_FIELDS,
      });
    }
  };

  return (
    <LiveClassForm
      key={`${liveClass?.id ?? 'new'}-${liveClass?.status ?? ''}`}
      values={values}
      platforms={platforms}
      scores={scores}
      canManage={canManage}
      canSetScore={canSetScore}
      invitees={invitees}
      instructors={instructors}
      validate={validate}
      toolbar={<BasicDataToolbar liveClassId={liveClassId} status={values.status} canManage={canManage} />}
      onSubmit={save}
    />
  );
}
