import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading, useCreate, useGetOne, useNotify, useRefresh, useUpdate } from 'react-admin';
import { ADMIN_RESOURCES, type Training } from '@lp/shared/contract';
import { effectiveTrainingType, trainingScoreIsUsed } from '@lp/shared/rules';
import { TrainingBasicDataForm } from './basic-data/TrainingBasicDataForm.tsx';
import { FORM_FIELD, useTrainingTypes, useTrainingValidator } from './basic-data/trainingValidation.ts';
import { NEW_TRAINING, trainingFormValues, trainingPayload, type TrainingFormValues } from './trainingPayload.ts';
import { useTrainingAccess } from './useTrainingAccess.ts';
import { useSaveErrors } from '../../common/editor/index.ts';

const TRAININGS = ADMIN_RESOURCES.trainings.name;

/**
 * A record of GET P/, not a row of the list: ra-core's useGetList seeds each row into the getOne
 * cache, and a list row (TrainingListItem: tag objects, no images nor portal_url) is not the
 * editor's record.
 */
const isTrainingRecord = (record: Training | undefined): record is Training =>
  record !== undefined && Array.isArray(record.group_training_images) && typeof record.portal_url === 'string';

/**
 * GET P/ (spec 2 §7.1): the trainings resource's record; a failure returns the user to
 * admin_trainings. A row the list left in the cache counts as no record yet: the editor waits for
 * GET P/ (staleTime 0 fetches it on mount) rather than read the row as a training.
 */
export function useTraining(id: number | null) {
  const query = useGetOne<Training>(TRAININGS, { id: id ?? 0 }, { enabled: id !== null, staleTime: 0 });
  return { ...query, data: isTrainingRecord(query.data) ? query.data : undefined };
}

/**
 * spec 2 §2.3 basic-data tab of a new (id null) or saved training. Create answers the training,
 * whose id replaces the route's (spec 2 §2.3 "after the first successful save").
 */
export function TrainingBasicDataTab({ trainingId }: { trainingId: number | null }) {
  const { flags, canManage, canSetScore } = useTrainingAccess();
  const types = useTrainingTypes();
  const validate = useTrainingValidator(flags, canSetScore, types);
  const [create] = useCreate();
  const [update] = useUpdate();
  const notify = useNotify();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const saveErrors = useSaveErrors();
  const { data: training, error } = useTraining(trainingId);
  const values = useMemo(() => (training ? trainingFormValues(training) : NEW_TRAINING), [training]);

  if (error) {
    navigate('/trainings', { replace: true });
    return null;
  }
  if (trainingId && !training) return <Loading />;

  const save = async (form: TrainingFormValues) => {
    const typeId = effectiveTrainingType(form.group_training_type, flags);
    const type = types.find((t) => t.id === typeId);
    const body = trainingPayload(form, { sendScore: trainingScoreIsUsed({ flags, typeUsesScore: type?.use_score ?? false }), groupTrainingType: typeId });
    try {
      const saved = trainingId
        ? await update(TRAININGS, { id: trainingId, data: body, previousData: training }, { returnPromise: true })
        : await create(TRAININGS, { data: body }, { returnPromise: true });
      notify('resources.trainings.messages.basic_data_save_success', { type: 'success' });
      if (!trainingId) navigate(`/trainings/${saved.id}`, { replace: true });
      else refresh();
      return undefined;
    } catch (failure) {
      return saveErrors(failure, { notice: 'resources.trainings.messages.basic_data_save_error', fieldMap: FORM_FIELD });
    }
  };

  return (
    <TrainingBasicDataForm
      key={training?.id ?? 'new'}
      values={values}
      flags={flags}
      types={types}
      canManage={canManage}
      canSetScore={canSetScore}
      validate={validate as never}
      onSubmit={save}
    />
  );
}
