import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import { useFormContext } from 'react-hook-form';
import {
  Confirm, Loading, SaveButton, Toolbar, useCreate, useNotify, useRedirect, useTranslate, useUpdate,
} from 'react-admin';
import { WEBCAST_PATHS, type Webcast, type WebcastScoreOption } from '@lp/shared/contract';
import { useReferenceList } from '../../../common/http/index.ts';
import { WEBCASTS, useWebcast } from '../useWebcast.ts';
import { useWebcastActions } from '../webcastActions.ts';
import { useWebcastTypes } from '../WebcastList.tsx';
import { useWebcastAccess } from '../useWebcastAccess.ts';
import { WebcastEventDataForm } from './WebcastEventDataForm.tsx';
import {
  endWebcastFields, newWebcastValues, validateWebcastForm, webcastFormValues, webcastPayload, type PayloadOptions, type WebcastFormValues,
} from './webcastPayload.ts';
import { nestErrors, useRecordCache, useSaveErrors } from '../../../common/editor/index.ts';

const M = 'resources.webcasts.messages';
/** contract fields → the form's own (the date, the image and the shown unpublish day) */
const FORM_FIELDS: Record<string, string> = {
  webcast_images: 'image', unpublish_date: 'unpublish_date_shown', transmission_date: 'transmission_local',
};


interface ToolbarProps {
  webcastId: number | null;
  status: number;
  canManage: boolean;
  options: PayloadOptions;
  onEnded(webcast: Webcast): void;
}

/**
 * spec 2 §2.5 buttons: Back; 'duplicate_webcast' for a saved webcast (confirmed); Save; and End
 * webcast ('end_webcast' / 'confirm_end_webcast' → status 4, 'webcast_end_success', back to the list).
 */
function EventDataToolbar({ webcastId, status, canManage, options, onEnded }: ToolbarProps) {
  const translate = useTranslate();
  const redirect = useRedirect();
  const navigate = useNavigate();
  const notify = useNotify();
  const actions = useWebcastActions();
  const { getValues } = useFormContext<WebcastFormValues>();
  const [confirm, setConfirm] = useState<'duplicate' | 'end' | null>(null);
  const [busy, setBusy] = useState(false);

  const duplicate = async () => {
    if (!webcastId) return;
    setBusy(true);
    try {
      const { webcast_duplicated_id: id } = await actions.duplicate(webcastId);
      navigate(`/webcasts/${id}`);
    } catch (error) {
      // spec 2 §8: a failed duplicate is silent (only logged)
      console.error('webcast duplicate failed', error);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const end = async () => {
    if (!webcastId) return;
    setBusy(true);
    try {
      const ended = await actions.end(webcastId, endWebcastFields(getValues(), options));
      notify(`${M}.webcast_end_success`, { type: 'success' });
      onEnded(ended);
      redirect('list', 'webcasts');
    } catch (error) {
      // spec 2 §8: webcast server errors are only logged
      console.error('end webcast failed', error);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', 'webcasts')}>{translate('resources.webcasts.actions.back')}</Button>
      {webcastId && (
        <Button startIcon={<ContentCopyIcon />} disabled={!canManage || busy} onClick={() => setConfirm('duplicate')}>
          {translate('resources.webcasts.actions.duplicate_webcast')}
        </Button>
      )}
      <SaveButton disabled={!canManage} alwaysEnable={canManage} />
      {webcastId && status !== 4 && (
        <Button color="error" variant="outlined" startIcon={<StopCircleIcon />} disabled={!canManage || busy} onClick={() => setConfirm('end')}>
          {translate('resources.webcasts.actions.end_webcast')}
        </Button>
      )}
      <Confirm
        isOpen={confirm === 'duplicate'}
        title="resources.webcasts.actions.duplicate_webcast"
        content="resources.webcasts.messages.confirm_duplicate_the_webcast_and_all_its_contents"
        loading={busy}
        onConfirm={() => void duplicate()}
        onClose={() => setConfirm(null)}
      />
      <Confirm
        isOpen={confirm === 'end'}
        title="resources.webcasts.actions.end_webcast"
        content="resources.webcasts.messages.confirm_end_webcast"
        confirm="resources.webcasts.actions.end"
        cancel="ra.action.cancel"
        loading={busy}
        onConfirm={() => void end()}
        onClose={() => setConfirm(null)}
      />
    </Toolbar>
  );
}

/**
 * spec 2 §2.5 event data tab of a new (id null) or saved webcast. Create notifies
 * 'webcast_add_success' and opens admin_webcast with the new id; an edit 'webcast_edit_success'.
 */
export function WebcastEventDataTab({ webcastId }: { webcastId: number | null }) {
  const { flags, canManage, canSetScore } = useWebcastAccess();
  const types = useWebcastTypes();
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate();
  const [update] = useUpdate();
  const records = useRecordCache();
  const saveErrors = useSaveErrors();
  const { data: webcast, error } = useWebcast(webcastId);
  const scoreShown = flags.webcast_use_score && canSetScore;
  const staticScores = useReferenceList<WebcastScoreOption>(scoreShown && flags.webcast_use_static_score ? WEBCAST_PATHS.scores : null).data;
  const values = useMemo(() => (webcast ? webcastFormValues(webcast) : newWebcastValues()), [webcast]);
  const options: PayloadOptions = { sendScore: scoreShown };
  const useStatic = flags.webcast_use_static_score;

  // spec 2 §5.9 in the form: the shared rule, translated through `errors.{code}`
  const validate = useCallback((form: WebcastFormValues) => {
    const errors = validateWebcastForm(form, {
      scoreEditable: scoreShown, staticScores: useStatic ? (staticScores ?? []).map((s) => s.score) : null,
    });
    return nestErrors(Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, `errors.${code}`])), FORM_FIELDS);
  }, [scoreShown, useStatic, staticScores]);

  if (error) {
    // spec 8 'Webinar not found': back to admin_webcasts
    navigate('/webcasts', { replace: true });
    return null;
  }
  if (webcastId && !webcast) return <Loading />;

  const save = async (form: WebcastFormValues) => {
    const body = webcastPayload(form, options);
    try {
      const saved = webcastId
        ? await update(WEBCASTS, { id: webcastId, data: body, previousData: webcast }, { returnPromise: true })
        : await create(WEBCASTS, { data: body }, { returnPromise: true });
      notify(`${M}.${webcastId ? 'webcast_edit_success' : 'webcast_add_success'}`, { type: 'success' });
      if (!webcastId) navigate(`/webcasts/${saved.id}`, { replace: true });
      return undefined;
    } catch (failure) {
      console.error('webcast save failed', failure);
      return saveErrors(failure, {
        notice: ({ fields }) => (fields ? 'errors.make_sure_that_all_fields_are_filled_in' : `${M}.save_error`),
        fieldMap: FORM_FIELDS,
      });
    }
  };

  return (
    <WebcastEventDataForm
      key={`${webcast?.id ?? 'new'}-${webcast?.status ?? ''}`}
      values={values}
      types={types}
      score={scoreShown ? { staticScores: flags.webcast_use_static_score ? staticScores ?? [] : null } : null}
      canManage={canManage}
      validate={validate as never}
      toolbar={(
        <EventDataToolbar
          webcastId={webcastId}
          status={values.status}
          canManage={canManage}
          options={options}
          onEnded={(ended) => records.set(WEBCASTS, ended)}
        />
      )}
      onSubmit={save}
    />
  );
}
