import { useCallback } from 'react';
import { TRAINING_PATHS } from '@lp/shared/contract';
import { effectiveTrainingType, validateTrainingBasicData, type TrainingClientFlags } from '@lp/shared/rules';
import type { TrainingFormValues } from '../trainingPayload.ts';
import { useReferenceList } from '../../../common/http/index.ts';
import { nestErrors } from '../../../common/editor/index.ts';

/** The group training type options (spec 2 §3.1: value and use_score), from the lookup list. */
export interface TrainingTypeOption { id: number; value: number; slug: string; use_score: boolean }

export function useTrainingTypes(): TrainingTypeOption[] {
  return useReferenceList<TrainingTypeOption>(TRAINING_PATHS.types).data ?? [];
}

/** form field of a contract field name (the form keeps the image and the shown unpublish day under its own names) */
export const FORM_FIELD: Record<string, string> = { group_training_images: 'image', unpublish_date: 'unpublish_date_shown' };

/** spec 2 §5.1 in the form: the shared rules, translated through `errors.{code}`. */
export function useTrainingValidator(flags: TrainingClientFlags, canSetScore: boolean, types: readonly TrainingTypeOption[]) {
  return useCallback((values: TrainingFormValues) => {
    const typeId = effectiveTrainingType(values.group_training_type, flags);
    const type = types.find((t) => t.id === typeId);
    const errors = validateTrainingBasicData({ ...values, group_training_type: flags.group_training_use_basic ? values.group_training_type : typeId }, {
      flags, typeUsesScore: type?.use_score ?? false, canSetScore,
    });
    return nestErrors(Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, `errors.${code}`])), FORM_FIELD);
  }, [flags, canSetScore, types]);
}
