import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Box, Button, FormControlLabel, IconButton, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import SaveIcon from '@mui/icons-material/Save';
import { Confirm, useGetOne, useNotify, useTranslate } from 'react-admin';
import {
  EVALUATION_DEFAULT_STATUS, EVALUATION_LIMITS, EVALUATION_STATUS, validateEvaluation, type EvaluationFieldErrors,
} from '@lp/shared/rules';
import type { Evaluation } from '@lp/shared/contract';
import type { EvaluationOwner } from './evaluationOwner.ts';
import { EvaluationModelDialog } from './EvaluationModelDialog.tsx';
import { EvaluationQuestionDialog, type QuestionTypeOption, type QuestionValues } from './EvaluationQuestionDialog.tsx';
import { useContractHttp, type FormFields } from '../../http/index.ts';
import { useNestedTabRows } from '../useNestedTabRows.ts';

const KEY = 'resources.trainings.evaluations';

/** A question as listed, its type under the owner's wire name. */
type EvaluationQuestion = { id: number; title: string } & Record<string, unknown>;

export interface EvaluationEditorProps {
  /** paths and wire names of the owner (group training or webcast) */
  owner: EvaluationOwner;
  ownerId: number;
  /** null while the evaluation is new */
  evaluationId: number | null;
  canManage: boolean;
  types: QuestionTypeOption[];
  /** the evaluation got an id (saved before a question, or created from a model) */
  onIdChange(id: number): void;
  onBack(): void;
}

type QuestionDialog = { question: EvaluationQuestion | null } | null;

/**
 * spec 2 §2.3 reaction evaluation editor (an inline screen): title, questions table, status
 * toggle, Back and Save; 'Add from model' while the evaluation has no id. §4.5: adding a
 * question first saves the evaluation (a new one is created and its id adopted).
 */
export function EvaluationEditor({ owner, ownerId, evaluationId, canManage, types, onIdChange, onBack }: EvaluationEditorProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const { paths: PATHS, questionTypeField: TYPE } = owner;
  /** spec 2 §7.1 forms (trainings), §7.3 JSON (webcasts) */
  const send = <T,>(path: string, method: 'POST' | 'PUT', fields: FormFields) =>
    (owner.body === 'form' ? http.form<T>(path, method, fields) : http.json<T>(path, method, fields));
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState<number>(EVALUATION_DEFAULT_STATUS);
  const [errors, setErrors] = useState<EvaluationFieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [dialog, setDialog] = useState<QuestionDialog>(null);
  const [modelOpen, setModelOpen] = useState(false);

  const typeLabel = useCallback((id: number) => {
    const slug = types.find((t) => t.id === id)?.slug;
    return slug ? translate(`trainings.evaluation_question_types.${slug}`) : String(id);
  }, [types, translate]);

  // the questions table: a nested resource of the evaluation (spec 2 §8: a failed load or delete is only logged)
  const {
    rows, reload: reloadQuestions, removing, askRemove, confirmRemove,
  } = useNestedTabRows<EvaluationQuestion>(evaluationId === null ? null : owner.questionsResource(ownerId, evaluationId), KEY);
  const questions = rows ?? [];

  // the evaluation: a record of the owner's nested resource `{owner}/{id}/evaluations`, read as
  // this editor opens it (a row of the list primes the cache: only a read fills the form, once)
  const record = useGetOne<Evaluation>(owner.resource(ownerId), { id: evaluationId ?? 0 }, {
    enabled: evaluationId !== null,
    staleTime: 0,
    retry: false,
    onError: (error) => console.error('evaluation load failed', error),
  });
  const loaded = evaluationId !== null && record.isFetchedAfterMount ? record.data : undefined;
  const filledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!loaded || filledFor.current === loaded.id) return;
    filledFor.current = loaded.id;
    setTitle(loaded.title);
    setStatus(loaded.status);
  }, [loaded]);

  /** Validates and saves; the evaluation's id, or null when it is invalid or the save failed. */
  const persist = async (announce: boolean): Promise<number | null> => {
    const found = validateEvaluation({ title, status });
    setErrors(found);
    if (Object.keys(found).length) {
      notify('errors.make_sure_that_all_fields_are_filled_in', { type: 'error' });
      return null;
    }
    const creating = evaluationId === null;
    setSaving(true);
    try {
      const fields = { title: title.trim(), status };
      const saved = creating
        ? await send<Evaluation>(PATHS.collection(ownerId), 'POST', fields)
        : await send<Evaluation>(PATHS.item(ownerId, evaluationId), 'PUT', fields);
      if (announce) notify(`${KEY}.${creating ? 'reaction_add_success' : 'reaction_edit_success'}`, { type: 'success' });
      if (creating) onIdChange(saved.id);
      return saved.id;
    } catch (error) {
      console.error('evaluation save failed', error);
      notify(`${KEY}.${creating ? 'reaction_add_error' : 'reaction_edit_error'}`, { type: 'error' });
      return null;
    } finally {
      setSaving(false);
    }
  };

  // spec 2 §4.5: "A plain save returns to the list"
  const save = async () => {
    if ((await persist(true)) !== null) onBack();
  };

  // spec 2 §4.5: "Adding a question to a reaction evaluation likewise saves the evaluation first"
  const newQuestion = async () => {
    if ((await persist(false)) !== null) setDialog({ question: null });
  };

  const saveQuestion = async (values: QuestionValues): Promise<boolean> => {
    if (evaluationId === null || !dialog) return false;
    const editing = dialog.question;
    const fields = { title: values.title, [TYPE]: values.question_type };
    try {
      if (editing) await send(PATHS.question(ownerId, evaluationId, editing.id), 'PUT', fields);
      else await send(PATHS.questions(ownerId, evaluationId), 'POST', fields);
      notify(`${KEY}.${editing ? 'question_edit_success' : 'question_add_success'}`, { type: 'success' });
      setDialog(null);
      await reloadQuestions();
      return true;
    } catch (error) {
      console.error('evaluation question save failed', error);
      notify(`${KEY}.${editing ? 'question_edit_error' : 'question_add_error'}`, { type: 'error' });
      return false;
    }
  };

  const published = status === EVALUATION_STATUS.published;
  const editingQuestion = dialog?.question;

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {translate(evaluationId === null ? `${KEY}.editor_title_new` : `${KEY}.editor_title_edit`)}
      </Typography>
      <TextField
        required
        label={translate(`${KEY}.fields.title`)}
        value={title}
        disabled={!canManage}
        error={!!errors.title}
        helperText={errors.title ? translate(`errors.${errors.title}`) : `${Array.from(title).length}/${EVALUATION_LIMITS.titleMax}`}
        onChange={(event) => setTitle(event.target.value)}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>{translate(`${KEY}.questions`)}</Typography>
        {evaluationId === null && (
          <Button startIcon={<LibraryAddIcon />} disabled={!canManage || saving} onClick={() => setModelOpen(true)}>
            {translate(`${KEY}.add_from_model`)}
          </Button>
        )}
        <Button startIcon={<AddIcon />} disabled={!canManage || saving} onClick={() => void newQuestion()}>
          {translate(`${KEY}.new_question`)}
        </Button>
      </Box>
      <Table size="small" aria-label={translate(`${KEY}.questions`)}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(`${KEY}.columns.id`)}</TableCell>
            <TableCell>{translate(`${KEY}.columns.question_title`)}</TableCell>
            <TableCell>{translate(`${KEY}.columns.question_type`)}</TableCell>
            <TableCell align="right">{translate(`${KEY}.columns.edit`)}</TableCell>
            <TableCell align="right">{translate(`${KEY}.columns.delete`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {questions.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} align="center">{translate(`${KEY}.no_questions`)}</TableCell>
            </TableRow>
          )}
          {questions.map((question) => (
            <TableRow key={question.id}>
              <TableCell>{question.id}</TableCell>
              <TableCell>{question.title}</TableCell>
              <TableCell>{typeLabel(Number(question[TYPE]))}</TableCell>
              <TableCell align="right">
                <Tooltip title={translate(`${KEY}.edit`)}>
                  <span>
                    <IconButton size="small" aria-label={translate(`${KEY}.edit_question`, { title: question.title })} disabled={!canManage} onClick={() => setDialog({ question })}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </TableCell>
              <TableCell align="right">
                <Tooltip title={translate(`${KEY}.delete`)}>
                  <span>
                    <IconButton size="small" aria-label={translate(`${KEY}.delete_question`, { title: question.title })} disabled={!canManage} onClick={() => askRemove(question)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <FormControlLabel
        label={translate(`common.content_status.${published ? 'published_f' : 'unpublished_f'}`)}
        control={(
          <Switch
            checked={published}
            disabled={!canManage}
            onChange={(event) => setStatus(event.target.checked ? EVALUATION_STATUS.published : EVALUATION_STATUS.unpublished)}
          />
        )}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>{translate(`${KEY}.back`)}</Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<SaveIcon />} disabled={!canManage || saving} onClick={() => void save()}>
          {translate(`${KEY}.save`)}
        </Button>
      </Box>

      {dialog && (
        <EvaluationQuestionDialog
          question={editingQuestion ? { title: editingQuestion.title, question_type: Number(editingQuestion[TYPE]) } : null}
          types={types}
          disabled={!canManage}
          onSave={saveQuestion}
          onClose={() => setDialog(null)}
        />
      )}
      {modelOpen && (
        <EvaluationModelDialog
          owner={owner}
          ownerId={ownerId}
          typeLabel={typeLabel}
          onCreated={(id) => {
            setModelOpen(false);
            onIdChange(id);
          }}
          onClose={() => setModelOpen(false)}
        />
      )}
      <Confirm
        isOpen={!!removing}
        title={`${KEY}.delete_question_title`}
        content={`${KEY}.delete_question_content`}
        translateOptions={{ title: removing?.title ?? '' }}
        onConfirm={() => void confirmRemove()}
        onClose={() => askRemove(null)}
      />
    </Stack>
  );
}
