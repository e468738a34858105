import { useMemo } from 'react';
import {
  MODULE_PATHS, TRAINING_HIERARCHY_PATH, TRAINING_PATHS, type ForumTopic, type HierarchyItem, type ModuleSearchAnswer,
  type MoveModuleResourceAnswer, type Training, type TrainingDuplicated,
} from '@lp/shared/contract';
import { useContractHttp, type FormFields } from '../../common/http/index.ts';

/** The training editor's own calls beside the trainings resource (spec 2 §4.6, §4.11, §7.1). */
export function useTrainingActions() {
  const http = useContractHttp();
  return useMemo(() => ({
    /**
     * GET P/ read fresh for the configure tab: its open flag follows the answers of change_is_open,
     * and a failure returns to the list at once (spec 2 §8)
     */
    training: (trainingId: number) => http.json<Training>(TRAINING_PATHS.item(trainingId), 'GET'),
    /** GET of the hierarchy (modules, tests, games in order with their prerequisites) */
    hierarchy: (trainingId: number) => http.json<HierarchyItem[]>(TRAINING_HIERARCHY_PATH(trainingId), 'GET'),
    /** POST of the whole hierarchy → what the server stored */
    saveHierarchy: (trainingId: number, items: unknown) => http.json<HierarchyItem[]>(TRAINING_HIERARCHY_PATH(trainingId), 'POST', items),
    /** POST (form is_open) → the training */
    changeIsOpen: (trainingId: number, isOpen: boolean) => http.form<Training>(TRAINING_PATHS.changeIsOpen(trainingId), 'POST', { is_open: isOpen }),
    /** POST (empty form) of publish or unpublish */
    setPublished: (trainingId: number, action: 'publish' | 'unpublish') =>
      http.form<Training>(action === 'publish' ? TRAINING_PATHS.publish(trainingId) : TRAINING_PATHS.unpublish(trainingId), 'POST', {}),
    /** GET …/duplicate/ → the copy's id */
    duplicate: (trainingId: number) => http.json<TrainingDuplicated>(TRAINING_PATHS.duplicate(trainingId), 'GET'),
    /** a module saved as the spec's form body (POST new, PUT existing) */
    saveModule: (trainingId: number, moduleId: number | null, fields: FormFields) => (moduleId === null
      ? http.form(MODULE_PATHS.collection(trainingId), 'POST', fields)
      : http.form(MODULE_PATHS.item(trainingId, moduleId), 'PUT', fields)),
    /** POST {search_module}: modules of other trainings to import */
    searchModules: (term: string) => http.json<ModuleSearchAnswer>(MODULE_PATHS.search, 'POST', { search_module: term }),
    /** POST: a copy of another module's resource, ready to save with the new module */
    copyModuleResource: (sourceId: number) =>
      http.json<MoveModuleResourceAnswer>(MODULE_PATHS.moveResourceToTmp, 'POST', { group_training_module_source_id: sourceId }),
    /** one forum moderation form (spec 2 §4.11) */
    moderateForum: (path: string, fields: FormFields) => http.form(path, 'POST', fields),
    /** GET of one forum topic */
    forumTopic: (path: string) => http.json<ForumTopic>(path, 'GET'),
  }), [http]);
}
