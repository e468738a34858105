import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { HttpError, Loading, useCreate, useGetOne, useNotify, useUpdate } from 'react-admin';
import { ADMIN_RESOURCES, type Trail } from '@lp/shared/contract';
import { TrailBasicDataForm } from './basic-data/TrailBasicDataForm.tsx';
import { NEW_TRAIL, trailFormValues, trailPayload, validateTrailForm, type TrailFormValues } from './trailPayload.ts';
import { useTrailAccess } from '../../common/trailAccess/useTrailAccess.ts';
import { useSaveErrors } from '../../common/editor/index.ts';

const RESOURCE = ADMIN_RESOURCES.trails.name;

/** A missing trail, or one the user may not see, is not asked for again. */
const retryUnlessRefused = (count: number, error: unknown) =>
  !(error instanceof HttpError && [403, 404].includes(error.status)) && count < 2;

/** GET T/: the trails resource's record; a failure ('Trail not found', spec 2 §8) returns the user to the trails list. */
export function useTrail(id: number | null) {
  return useGetOne<Trail>(RESOURCE, { id: id ?? 0 }, { enabled: id !== null, staleTime: 0, retry: retryUnlessRefused });
}

/** The basic-data tab of a new (id null) or saved trail; create opens the saved trail's editor. */
export function TrailBasicDataTab({ trailId }: { trailId: number | null }) {
  const { canManage, canSetScore, useSubscription } = useTrailAccess();
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate();
  const [update] = useUpdate();
  const saveErrors = useSaveErrors();
  const { data: trail, error } = useTrail(trailId);
  const values = useMemo(() => (trail ? trailFormValues(trail) : NEW_TRAIL), [trail]);
  const validate = useCallback(
    (form: Record<string, unknown>) => validateTrailForm(form as unknown as TrailFormValues, { canSetScore, useSubscription }),
    [canSetScore, useSubscription],
  );

  useEffect(() => {
    if (!error) return;
    notify('resources.trails.messages.not_found', { type: 'warning' });
    navigate(`/${ADMIN_RESOURCES.trails.name}`, { replace: true });
  }, [error, navigate, notify]);

  if (error) return null;
  if (trailId && !trail) return <Loading />;

  const save = async (form: TrailFormValues) => {
    const body = trailPayload(form, { sendScore: canSetScore, useSubscription });
    try {
      const saved = trailId
        ? await update(RESOURCE, { id: trailId, data: body, previousData: trail }, { returnPromise: true })
        : await create(RESOURCE, { data: body }, { returnPromise: true });
      notify('resources.trails.messages.save_success', { type: 'success' });
      if (!trailId) navigate(`/${ADMIN_RESOURCES.trails.name}/${saved.id}`, { replace: true });
      return undefined;
    } catch (failure) {
      return saveErrors(failure, { notice: ({ notice }) => notice ?? 'resources.trails.messages.save_error' });
    }
  };

  return (
    <TrailBasicDataForm
      key={trail?.id ?? 'new'}
      values={values}
      canManage={canManage}
      canSetScore={canSetScore}
      useSubscription={useSubscription}
      validate={validate}
      onSubmit={save}
    />
  );
}
