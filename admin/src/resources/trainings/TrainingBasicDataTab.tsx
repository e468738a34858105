import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading, useCreate, useNotify, useRefresh, useUpdate } from 'react-admin';
import { ADMIN_RESOURCES, type Training } from '@lp/shared/contract';
import { effectiveTrainingType, trainingScoreIsUsed } from '@lp/shared/rules';
import { TrainingBasicDataForm } from './basic-data/TrainingBasicDataForm.tsx';
import { FORM_FIELD, useTrainingTypes, useTrainingValidator } from './basic-data/trainingValidation.ts';
import { NEW_TRAINING, trainingFormValues, trainingPayload, type TrainingFormValues } from './trainingPayload.ts';
import { useTrainingAccess } from './useTrainingAccess.ts';
import { useDetailRecord, useSaveErrors } from '../../common/editor/index.ts';
import { useAudienceChoices } from '../../common/audience/AudienceInputs.tsx';

const TRAININGS = ADMIN_RESOURCES.trainings.name;

/**
 * GET P/ (spec 2 §7.1): the trainings resource's record; a failure returns the user to
 * admin_trainings. A row of the trainings list (tag objects, no images nor portal_url) is not it.
 */
export function useTraining(id: number | null) {
  return useDetailRecord<Training>(TRAININGS, id, (record) => Array.isArray(record.group_training_images) && typeof record.portal_url === 'string');
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
  // the permissions sub-tab's lists, asked for with the record rather than after it
  useAudienceChoices();
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
