import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Divider, Grid, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useNavigate } from 'react-router-dom';
import { useWatch, type FieldValues } from 'react-hook-form';
import {
  BooleanInput, DateInput, Form, Loading, NumberInput, ResourceContextProvider, SaveButton, SelectInput, TextInput, Toolbar, maxLength, required,
  useCreate, useGetOne, useNotify, useTranslate, useUpdate,
} from 'react-admin';
import type { AdminGame } from '@lp/shared/contract';
import { GAME_LIMITS, gameFingerprint, validateGameInput } from '@lp/shared/rules';
import { FormErrorPresenter, fieldMessage, nestErrors, readSaveFailure, useSaveErrors } from '../../../common/editor/index.ts';
import { GameContentInputs } from './GameContentInputs.tsx';
import { GamePreviewPanel } from './GamePreviewPanel.tsx';
import {
  GAME_TYPE_CHOICES, NEW_GAME_FORM, errorsOnForm, formTypeSlug, gameContentOf, gameFormValues, gameInputOf, inputFormPath,
  type GameFormValues,
} from './gameForm.ts';
import { GAMES_KEY as KEY, gameRoutes, gamesResource } from './gamePaths.ts';

const F = `${KEY}.fields`;
const PREVIEW_FIRST = 'errors.you_need_to_preview_the_game_first';
const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'start' } as const;
const validateTitle = [required(), maxLength(GAME_LIMITS.titleMax)];
const validateType = required();

export interface GameEditorProps {
  trainingId: number;
  /** null for a new game */
  gameId: number | null;
  canManage: boolean;
}

/** The content form of the type chosen (switching types while a new game is written keeps each type's rows). */
function ChosenContent({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const type = useWatch<GameFormValues, 'group_training_game_type'>({ name: 'group_training_game_type' });
  const slug = formTypeSlug({ group_training_game_type: type ?? null });
  return (
    <Stack spacing={1}>
      <Divider />
      <Typography variant="subtitle1" component="h3">
        {translate(`${KEY}.content.title`)}{slug ? `: ${translate(`trainings.game_types.${slug}`)}` : ''}
      </Typography>
      {slug
        ? <GameContentInputs slug={slug} disabled={disabled} />
        : <Typography variant="body2" color="text.secondary">{translate(`${KEY}.preview.choose_type`)}</Typography>}
    </Stack>
  );
}

/** The type of a saved game, which cannot change (spec 3 §2 editor per type). */
function FixedType({ typeId }: { typeId: number | null }) {
  const translate = useTranslate();
  const slug = formTypeSlug({ group_training_game_type: typeId });
  return (
    <TextField
      label={translate(`${F}.group_training_game_type`)}
      value={slug ? translate(`trainings.game_types.${slug}`) : ''}
      helperText={translate(`${F}.type_fixed`)}
      disabled
      fullWidth
      size="small"
      variant="filled"
      margin="dense"
    />
  );
}

function Preview({ previewed, onStarted }: { previewed: string | null; onStarted(fingerprint: string): void }) {
  const type = useWatch<GameFormValues, 'group_training_game_type'>({ name: 'group_training_game_type' });
  return <GamePreviewPanel slug={formTypeSlug({ group_training_game_type: type ?? null })} previewed={previewed} onStarted={onStarted} />;
}

/**
 * The game editor (spec 2 §2.3 "New and edit open a separate game editor"; spec 3 §2, §3
 * "Game", §5 "Games"): the common fields, the content form of the type (fixed once created) and
 * the preview. Save sends `preview_of`, the fingerprint of the last content the preview played;
 * a content changed since (or never previewed) is refused here with spec 3 §8 "You need to
 * preview the game first", without calling the server. The record goes through the data
 * provider as the nested resource `trainings/{id}/games`.
 */
export function GameEditor({ trainingId, gameId, canManage }: GameEditorProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const saveErrors = useSaveErrors();
  const [create] = useCreate();
  const [update] = useUpdate();
  const resource = gamesResource(trainingId);
  const { data: game, error } = useGetOne<AdminGame>(resource, { id: gameId ?? 0 }, { enabled: gameId !== null, staleTime: 0, retry: false });
  const values = useMemo(() => (game ? gameFormValues(game) : NEW_GAME_FORM), [game]);
  const [previewed, setPreviewed] = useState<string | null>(null);
  const back = () => {
    navigate(gameRoutes.table(trainingId));
    // the table opens at its top, not where the long editor was scrolled to
    window.scrollTo?.({ top: 0 });
  };

  useEffect(() => {
    if (!error) return;
    console.error('game load failed', error);
    notify(`${KEY}.load_error`, { type: 'error' });
    navigate(gameRoutes.table(trainingId), { replace: true });
  }, [error, navigate, notify, trainingId]);

  if (gameId !== null && !game) return error ? null : <Loading />;

  const save = async (form: GameFormValues): Promise<Record<string, unknown> | undefined> => {
    const slug = formTypeSlug(form);
    if (!slug) return { group_training_game_type: 'ra.validation.required' };
    const fingerprint = gameFingerprint(gameContentOf(form, slug));
    // spec 3 §2 / §5: the content saved must be the content last previewed
    if (previewed !== fingerprint) {
      notify(PREVIEW_FIRST, { type: 'error' });
      return undefined;
    }
    const body = gameInputOf(form, slug, fingerprint);
    const refused = validateGameInput(body, slug);
    if (Object.keys(refused).length > 0) {
      notify(`errors.${Object.values(refused)[0]}`, { type: 'error' });
      const messages = Object.fromEntries(Object.entries(refused).map(([path, code]) => [path, fieldMessage(code)]));
      return nestErrors(errorsOnForm(messages, (path) => inputFormPath(path, slug)));
    }
    try {
      if (gameId === null) await create(resource, { data: body }, { returnPromise: true });
      else await update(resource, { id: gameId, data: body, previousData: game }, { returnPromise: true, mutationMode: 'pessimistic' });
      notify(`${KEY}.save_success`, { type: 'success' });
      back();
      return undefined;
    } catch (failure) {
      console.error('game save failed', failure);
      // the server names contract paths (`content.sentences.0`); the form keeps them under its own
      const paths = Object.keys(readSaveFailure(failure).fields ?? {});
      const fieldMap = Object.fromEntries(paths.map((path) => [path, inputFormPath(path, slug)]));
      return saveErrors(failure, { notice: ({ notice }) => (notice?.startsWith('errors.') ? notice : 'errors.game_save_error'), fieldMap });
    }
  };

  const locked = !canManage;
  const typeChoices = GAME_TYPE_CHOICES.map(({ id, slug }) => ({ id, name: translate(`trainings.game_types.${slug}`) }));
  return (
    // the form's resource is the games one (react-admin's iterators and labels read it)
    <ResourceContextProvider value={resource}>
    <Form record={values} onSubmit={(submitted: FieldValues) => save(submitted as GameFormValues)} disableInvalidFormNotification>
      <FormErrorPresenter />
      {/* on a phone react-admin's toolbar is fixed at the bottom: room for it below the preview */}
      <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, pb: { xs: 10, sm: 2 } }}>
        <Typography variant="h6" component="h2">{translate(`${KEY}.${gameId === null ? 'editor_title_new' : 'editor_title_edit'}`)}</Typography>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <TextInput source="title" label={`${F}.title`} validate={validateTitle} fullWidth disabled={locked} />
            <Box sx={row}>
              {gameId === null
                ? (
                  <SelectInput
                    source="group_training_game_type"
                    label={`${F}.group_training_game_type`}
                    choices={typeChoices}
                    translateChoice={false}
                    validate={validateType}
                    disabled={locked}
                    fullWidth
                  />
                )
                // fixed once created: shown, not an input (a disabled input's value would not be submitted)
                : <FixedType typeId={values.group_training_game_type} />}
              <BooleanInput source="published" label={`${F}.published`} disabled={locked} />
            </Box>
            <Box sx={row}>
              <DateInput source="avaliable_in" label={`${F}.avaliable_in`} helperText={`${F}.avaliable_in_help`} disabled={locked} fullWidth />
              <NumberInput source="score" label={`${F}.score`} helperText={`${F}.score_help`} min={0} step={1} disabled={locked} fullWidth />
            </Box>
            <Box sx={row}>
              <NumberInput source="error_limit" label={`${F}.error_limit`} helperText={`${F}.error_limit_help`} step={1} disabled={locked} fullWidth />
              <BooleanInput source="allow_to_skip_game" label={`${F}.allow_to_skip_game`} helperText={`${F}.allow_to_skip_game_help`} disabled={locked} />
            </Box>
            <ChosenContent disabled={locked} />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Preview previewed={previewed} onStarted={setPreviewed} />
          </Grid>
        </Grid>
        <Toolbar sx={{ gap: 1 }}>
          <Button startIcon={<ArrowBackIcon />} onClick={back}>{translate('resources.trainings.actions.back')}</Button>
          <SaveButton disabled={locked} alwaysEnable={canManage} />
        </Toolbar>
      </Stack>
    </Form>
    </ResourceContextProvider>
  );
}
