import { useCallback, useEffect, useState } from 'react';
import { Box, Button, CircularProgress, Divider, Stack, Tooltip } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/Unpublished';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Confirm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { moveItem, setItemOrder, setPrerequisite, type HierarchyRef } from '@lp/shared/rules';
import { CONTENT_STATUS, type HierarchyItem, type Training } from '@lp/shared/contract';
import { useAction } from '../../common/actions/useAction.ts';
import { useTrainingActions } from './trainingActions.ts';
import { HierarchyTable } from './configure/HierarchyTable.tsx';
import { OpenTrainingToggle } from './configure/OpenTrainingToggle.tsx';

const KEY = 'resources.trainings.configure';
const TRAININGS = 'trainings';

export interface TrainingConfigureTabProps {
  trainingId: number;
  canManage: boolean;
}

/** The body of POST P/group_training_hierarchy/: the spec's shape, dates DD/MM/YYYY or '', score '' for 0. */
const toWire = (items: HierarchyItem[]) => items.map((i) => ({
  hierarchy_order: i.hierarchy_order,
  type_slug: i.type_slug,
  type_title: i.type_title,
  type_id: i.type_id,
  parent_id: i.parent_id,
  parent_slug: i.parent_slug,
  type_avaliable_in: i.type_avaliable_in,
  type_score: i.type_score === 0 ? '' : i.type_score,
}));

/**
 * spec 2 §2.3 "Configure and publish": the training's items in order with their prerequisites
 * (every change sends the whole hierarchy, §7.1), the open toggle (§4.6), and Back, Unpublish,
 * Publish and Duplicate. Without trainings_manage the controls are disabled (§6).
 */
export function TrainingConfigureTab({ trainingId, canManage }: TrainingConfigureTabProps) {
  const actions = useTrainingActions();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const [training, setTraining] = useState<Training | null>(null);
  const [items, setItems] = useState<HierarchyItem[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [duplicating, setDuplicating] = useState(false);

  const loadHierarchy = useCallback(async () => {
    try {
      setItems(await actions.hierarchy(trainingId));
    } catch (error) {
      // spec 2 §8: list loads fail silently (only logged)
      console.error('hierarchy load failed', error);
      setItems((current) => current ?? []);
    }
  }, [actions, trainingId]);

  useEffect(() => {
    let live = true;
    actions.training(trainingId).then(
      (loaded) => live && setTraining(loaded),
      (error: unknown) => {
        // spec 2 §8: a failure to load a training or its open state returns to the trainings list
        console.error('training load failed', error);
        if (live) redirect('list', TRAININGS);
      },
    );
    void loadHierarchy();
    return () => {
      live = false;
    };
  }, [actions, trainingId, redirect, loadHierarchy]);

  /** spec 2 §7.1: every move, reorder or prerequisite change sends the whole array. */
  const save = async (next: HierarchyItem[] | null | string) => {
    if (!Array.isArray(next)) return;
    setItems(next);
    setSaving(true);
    try {
      setItems(await actions.saveHierarchy(trainingId, toWire(next)));
      notify(`${KEY}.configure_edit_success`, { type: 'success' });
    } catch (error) {
      // spec 2 §8: a failed hierarchy save is silent (only logged); show what is stored
      console.error('hierarchy save failed', error);
      await loadHierarchy();
    } finally {
      setSaving(false);
    }
  };

  const changeOpen = async (isOpen: boolean) => {
    try {
      setTraining(await actions.changeIsOpen(trainingId, isOpen));
      notify(`${KEY}.open_training_change_success`, { type: 'success' });
    } catch (error) {
      console.error('open flag change failed', error);
      notify(`${KEY}.open_training_change_error`, { type: 'error' });
    }
  };

  /** spec 2 §4.6: Publish and Unpublish both return to the trainings list on success, saying so. */
  const publish = useAction(() => actions.setPublished(trainingId, 'publish'), {
    success: 'admin.actions.published',
    // spec 2 §8: a refused publish says why
    failure: (error) => (error instanceof Error && error.message ? error.message : 'errors.to_publish_the_training_it_must_have_at_least_one_class_or_test'),
    onSuccess: () => redirect('list', TRAININGS),
  });
  const unpublish = useAction(() => actions.setPublished(trainingId, 'unpublish'), {
    success: 'admin.actions.unpublished',
    // spec 2 §8: unpublish failures are silent
    failure: null,
    onSuccess: () => redirect('list', TRAININGS),
  });
  const duplicate = useAction(() => actions.duplicate(trainingId), {
    success: 'admin.actions.duplicated',
    // spec 2 §8: duplicate failures are silent (only logged)
    failure: null,
    // spec 2 §4.6: the user is taken to the new training's editor
    onSuccess: ({ group_training_duplicated_id: copy }) => { setDuplicating(false); redirect('edit', TRAININGS, copy); },
    onFailure: () => setDuplicating(false),
  });
  const busy = publish.pending || unpublish.pending || duplicate.pending;

  if (!training || !items) {
    return (
      <Box sx={{ p: 3, textAlign: 'center' }}>
        <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
      </Box>
    );
  }

  const controlsDisabled = !canManage || saving;
  const cannotPublish = !canManage || items.length === 0;
  // unpublishing applies to a published training only
  const isPublished = training.status === CONTENT_STATUS.published;

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <HierarchyTable
        items={items}
        disabled={controlsDisabled}
        onMove={(item, direction) => void save(moveItem(items, item, direction))}
        onOrder={(item, order) => void save(setItemOrder(items, item, order))}
        onPrerequisite={(item, parent: HierarchyRef | null) => void save(setPrerequisite(items, item, parent))}
      />
      <OpenTrainingToggle
        isOpen={training.is_open}
        hasDoneActivities={training.has_done_activities}
        canManage={canManage}
        onChange={changeOpen}
      />
      <Divider />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', TRAININGS)}>
          {translate(`${KEY}.back`)}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Tooltip title={canManage ? '' : translate(`${KEY}.not_allowed`)}>
          <span>
            <Button
              variant="outlined"
              startIcon={<ContentCopyIcon />}
              disabled={!canManage || busy}
              onClick={() => setDuplicating(true)}
            >
              {translate(`${KEY}.duplicate_training`)}
            </Button>
          </span>
        </Tooltip>
        <Tooltip title={canManage ? '' : translate(`${KEY}.not_allowed`)}>
          <span>
            <Button
              variant="outlined"
              color="warning"
              startIcon={<UnpublishedIcon />}
              disabled={!canManage || busy || !isPublished}
              onClick={() => void unpublish.run()}
            >
              {translate(`${KEY}.unpublish`)}
            </Button>
          </span>
        </Tooltip>
        <Tooltip title={cannotPublish ? translate(`${KEY}.no_modules_or_tests_on_training`) : ''}>
          <span>
            <Button
              variant="contained"
              startIcon={<PublishIcon />}
              disabled={cannotPublish || busy}
              onClick={() => void publish.run()}
            >
              {translate(`${KEY}.publish`)}
            </Button>
          </span>
        </Tooltip>
      </Box>
      <Confirm
        isOpen={duplicating}
        loading={duplicate.pending}
        title={`${KEY}.duplicate_training`}
        content={`${KEY}.confirm_duplicate_the_training_and_all_its_contents`}
        onConfirm={() => void duplicate.run()}
        onClose={() => setDuplicating(false)}
      />
    </Stack>
  );
}
