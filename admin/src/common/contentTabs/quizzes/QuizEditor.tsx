import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, FormControlLabel, Grid, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import { Confirm, HttpError, useGetOne, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { TEST_LIMITS, testLocks, testTypeFields, validateTest, type LockedTestField } from '@lp/shared/rules';
import type { TestOwnerContract } from '@lp/shared/contract';
import { ImportQuizDialog } from './ImportQuizDialog.tsx';
import { QuestionDialog } from './QuestionDialog.tsx';
import { QuizPreviewDialog } from './QuizPreviewDialog.tsx';
import { QuizQuestionsTable } from './QuizQuestionsTable.tsx';
import {
  NEW_TEST_FORM, TESTS_KEY as KEY, questionSnippet, questionsResource, readQuestion, readTest, testForm, testFormFields, testValues,
  testsResource, type QuestionData, type TestForm, type TestTypeOption, type WireQuestion,
} from './quizData.ts';
import { useContractHttp } from '../../http/index.ts';
import { useRecordCache } from '../../editor/index.ts';
import { useNestedTabRows } from '../useNestedTabRows.ts';

export interface QuizEditorProps {
  owner: TestOwnerContract;
  ownerId: number;
  /** null while the test is new */
  testId: number | null;
  canManage: boolean;
  types: readonly TestTypeOption[];
  /** a new test was saved (before a question or an import, spec 2 §4.5) */
  onIdChange(id: number): void;
  onBack(): void;
}

/** The editor's fields in screen order: the first invalid one gets the focus (spec 2 §5). */
const FIELD_ORDER = ['test_type', 'title', 'maximum_attempts', 'time_to_answer', 'avaliable_in', 'test_score', 'qty_total_questions', 'minimum_score', 'status'] as const;
type Field = (typeof FIELD_ORDER)[number];

type QuestionEditor = { testId: number; question: QuestionData | null } | null;

/**
 * spec 2 §2.3 test editor, an inline screen: type (with its description), title, maximum
 * attempts, time to answer, available-from, score, random questions and answers, number of
 * exam questions, minimum score and status — each optional field shown as the type uses it;
 * the questions table with Preview, Import test and New; Back and Save. §4.4: with results the
 * warning shows and the locked fields and actions are disabled. §4.5: a question or an import
 * first saves the test.
 */
export function QuizEditor({ owner, ownerId, testId, canManage, types, onIdChange, onBack }: QuizEditorProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const records = useRecordCache();
  const [form, setForm] = useState<TestForm>(NEW_TEST_FORM);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [questionEditor, setQuestionEditor] = useState<QuestionEditor>(null);
  const [importFor, setImportFor] = useState<number | null>(null);
  const [preview, setPreview] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLElement | null>>>({});

  // the test: a record of the owner's nested resource `{owner}/{id}/tests`, read as this editor
  // opens it (a row of the tests table primes the cache with fewer fields: only a read fills the form)
  const tests = testsResource(owner, ownerId);
  const record = useGetOne<RaRecord>(tests, { id: testId ?? 0 }, {
    enabled: testId !== null,
    staleTime: 0,
    retry: false,
    onError: (error) => console.error('test load failed', error),
  });
  const loaded = testId !== null && record.isFetchedAfterMount ? record.data : undefined;
  const test = useMemo(() => (loaded ? readTest(owner, loaded) : null), [loaded, owner]);
  const filledFor = useRef<number | null>(null);
  useEffect(() => {
    // the form takes the test once per test; later reads (after questions change) only update its counters
    if (!test || filledFor.current === test.id) return;
    filledFor.current = test.id;
    setForm(testForm(test));
  }, [test]);

  const type = types.find((t) => String(t.id) === form.test_type) ?? null;
  const uses = testTypeFields(type);
  const locks = testLocks(test?.qty_user_results);
  const lockedField = (field: LockedTestField) => locks.fields.includes(field);
  // the questions table: a nested resource of the test (spec 2 §8: a failed load or delete is only logged)
  const questionRows = useNestedTabRows<WireQuestion>(testId === null ? null : questionsResource(owner, ownerId, testId), KEY);
  const questions = useMemo(() => (questionRows.rows ?? []).map((q) => readQuestion(owner, q)), [questionRows.rows, owner]);
  const removing = questionRows.removing ? readQuestion(owner, questionRows.removing) : null;
  const mandatoryCount = questions.filter((q) => q.is_mandatory).length;

  const set = <K extends keyof TestForm>(field: K, value: TestForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirst = (found: Partial<Record<Field, string>>) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
  };

  /** Validates and saves; the test's id, or null when it is invalid or the save failed. */
  const persist = async (announce: boolean): Promise<number | null> => {
    const found = validateTest(testValues(form), { type, qtyQuestions: questions.length, qtyMandatoryQuestions: mandatoryCount }, 'test_type') as Partial<Record<Field, string>>;
    if (Object.keys(found).length) {
      setErrors(Object.fromEntries(Object.entries(found).map(([f, code]) => [f, `errors.${code}`])));
      notify('errors.make_sure_that_all_fields_are_filled_in', { type: 'error' });
      focusFirst(found);
      return null;
    }
    const creating = testId === null;
    setSaving(true);
    try {
      const fields = testFormFields(owner, form, type);
      // a multipart form (spec 2 §7.1): a typed call; its answer is the record the editor shows
      const answer = creating
        ? await http.form<RaRecord>(owner.tests(ownerId), 'POST', fields)
        : await http.form<RaRecord>(owner.test(ownerId, testId), 'PUT', fields);
      records.set(tests, answer);
      const saved = readTest(owner, answer);
      if (announce) notify(`${KEY}.${creating ? 'test_add_success' : 'test_edit_success'}`, { type: 'success' });
      if (creating) onIdChange(saved.id);
      return saved.id;
    } catch (error) {
      console.error('test save failed', error);
      notify(`${KEY}.${creating ? 'test_add_error' : 'test_edit_error'}`, { type: 'error' });
      // the server's field errors (already translation keys) go back to their inputs
      const fields = error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
      if (fields) {
        const mapped = Object.fromEntries(Object.entries(fields).map(([f, key]) => [f === owner.typeField ? 'test_type' : f, key])) as Partial<Record<Field, string>>;
        setErrors(mapped);
        focusFirst(mapped);
      }
      return null;
    } finally {
      setSaving(false);
    }
  };

  // spec 2 §4.5: "A plain save returns to the list"
  const save = async () => {
    if ((await persist(true)) !== null) onBack();
  };

  // spec 2 §4.5: adding a question, or importing, first validates and saves the test
  const newQuestion = async () => {
    const id = await persist(false);
    if (id !== null) setQuestionEditor({ testId: id, question: null });
  };
  const openImport = async () => {
    const id = await persist(false);
    if (id !== null) setImportFor(id);
  };

  // the test's counters (qty_questions, results) follow its questions
  const afterQuestions = async () => {
    await questionRows.reload();
    await record.refetch();
  };

  const removeQuestion = async () => {
    // the delete reloads the questions by itself (useDelete invalidates the list)
    if (await questionRows.confirmRemove()) await record.refetch();
  };

  const field = (name: Field) => ({
    inputRef: (node: HTMLElement | null) => { inputs.current[name] = node; },
    error: !!errors[name],
    helperText: errors[name] ? translate(errors[name]!) : undefined,
  });
  const numberInput = { htmlInput: { min: 0, step: 1, inputMode: 'numeric' as const } };

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">{translate(`${KEY}.${testId === null ? 'editor_title_new' : 'editor_title_edit'}`)}</Typography>
      {locks.hasResults && <Alert severity="warning">{translate('errors.test_has_user_results')}</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            select
            required
            fullWidth
            label={translate(`${KEY}.fields.test_type`)}
            value={form.test_type}
            disabled={!canManage || lockedField('test_type')}
            onChange={(event) => set('test_type', event.target.value)}
            {...field('test_type')}
            helperText={errors.test_type ? translate(errors.test_type) : type ? translate(`trainings.test_types.${type.slug}_description`) : undefined}
          >
            {types.map((option) => (
              <MenuItem key={option.id} value={String(option.id)}>{translate(`trainings.test_types.${option.slug}`)}</MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            required
            fullWidth
            label={translate(`${KEY}.fields.title`)}
            value={form.title}
            disabled={!canManage}
            onChange={(event) => set('title', event.target.value)}
            {...field('title')}
            helperText={errors.title ? translate(errors.title) : `${Array.from(form.title).length}/${TEST_LIMITS.titleMax}`}
          />
        </Grid>
        {uses.maximumAttempts && (
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              required
              fullWidth
              type="number"
              label={translate(`${KEY}.fields.maximum_attempts`)}
              value={form.maximum_attempts}
              disabled={!canManage || lockedField('maximum_attempts')}
              onChange={(event) => set('maximum_attempts', event.target.value)}
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
              {...field('maximum_attempts')}
            />
          </Grid>
        )}
        {uses.time && (
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              required
              fullWidth
              type="time"
              label={translate(`${KEY}.fields.time_to_answer`)}
              value={form.time_to_answer}
              disabled={!canManage || lockedField('time_to_answer')}
              onChange={(event) => set('time_to_answer', event.target.value)}
              slotProps={{ htmlInput: { step: 1 }, inputLabel: { shrink: true } }}
              {...field('time_to_answer')}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            fullWidth
            type="date"
            label={translate(`${KEY}.fields.avaliable_in`)}
            value={form.avaliable_in}
            disabled={!canManage}
            onChange={(event) => set('avaliable_in', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            {...field('avaliable_in')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            fullWidth
            type="number"
            label={translate(`${KEY}.fields.test_score`)}
            value={form.test_score}
            disabled={!canManage}
            onChange={(event) => set('test_score', event.target.value)}
            slotProps={numberInput}
            {...field('test_score')}
            helperText={errors.test_score ? translate(errors.test_score) : translate(`${KEY}.fields.test_score_hint`)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            fullWidth
            type="number"
            label={translate(`${KEY}.fields.qty_total_questions`)}
            value={form.qty_total_questions}
            disabled={!canManage || lockedField('qty_total_questions')}
            onChange={(event) => set('qty_total_questions', event.target.value)}
            slotProps={numberInput}
            {...field('qty_total_questions')}
            helperText={errors.qty_total_questions
              ? translate(errors.qty_total_questions)
              : translate(`${KEY}.fields.question_bank_summary`, {
                total: translate(`${KEY}.counts.questions`, { smart_count: questions.length }),
                mandatory: translate(`${KEY}.counts.mandatory`, { smart_count: mandatoryCount }),
                random: translate(`${KEY}.counts.random`, { smart_count: questions.length - mandatoryCount }),
              })}
          />
        </Grid>
        {uses.minimumScore && (
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              fullWidth
              required={form.status === 1}
              type="number"
              label={translate(`${KEY}.fields.minimum_score`)}
              value={form.minimum_score}
              disabled={!canManage || lockedField('minimum_score')}
              onChange={(event) => set('minimum_score', event.target.value)}
              slotProps={numberInput}
              {...field('minimum_score')}
              helperText={errors.minimum_score ? translate(errors.minimum_score) : translate(`${KEY}.fields.minimum_score_hint`)}
            />
          </Grid>
        )}
        <Grid size={12}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormControlLabel
              control={<Switch checked={form.randomize_questions} disabled={!canManage} onChange={(event) => set('randomize_questions', event.target.checked)} />}
              label={translate(`${KEY}.fields.randomize_questions`)}
            />
            <FormControlLabel
              control={<Switch checked={form.randomize_answers} disabled={!canManage} onChange={(event) => set('randomize_answers', event.target.checked)} />}
              label={translate(`${KEY}.fields.randomize_answers`)}
            />
            <FormControlLabel
              control={(
                <Switch
                  checked={form.status === 1}
                  disabled={!canManage}
                  inputRef={(node: HTMLElement | null) => { inputs.current.status = node; }}
                  onChange={(event) => set('status', event.target.checked ? 1 : 2)}
                />
              )}
              label={translate(`common.content_status.${form.status === 1 ? 'published_f' : 'unpublished_f'}`)}
            />
          </Stack>
        </Grid>
      </Grid>

      <QuizQuestionsTable
        questions={questions}
        canManage={canManage}
        busy={saving}
        locks={locks}
        onPreview={() => setPreview(true)}
        onImport={() => void openImport()}
        onNew={() => void newQuestion()}
        onEdit={(question) => testId !== null && setQuestionEditor({ testId, question })}
        onDelete={(question) => questionRows.askRemove(questionRows.rows?.find((row) => row.id === question.id) ?? null)}
      />

      <Stack direction="row" spacing={1}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>{translate(`${KEY}.back`)}</Button>
        <Button variant="contained" startIcon={<SaveIcon />} disabled={!canManage || saving} onClick={() => void save()}>
          {translate('ra.action.save')}
        </Button>
      </Stack>

      {questionEditor && (
        <QuestionDialog
          owner={owner}
          ownerId={ownerId}
          testId={questionEditor.testId}
          question={questionEditor.question}
          canManage={canManage}
          locked={locks.changeAlternatives}
          onClose={() => setQuestionEditor(null)}
          onSaved={() => {
            setQuestionEditor(null);
            void afterQuestions();
          }}
        />
      )}
      {importFor !== null && (
        <ImportQuizDialog
          owner={owner}
          testId={importFor}
          onClose={() => setImportFor(null)}
          onImported={() => {
            setImportFor(null);
            void afterQuestions();
          }}
        />
      )}
      {preview && <QuizPreviewDialog title={form.title} questions={questions} onClose={() => setPreview(false)} />}
      <Confirm
        isOpen={!!removing}
        title={`${KEY}.delete_question_title`}
        content={`${KEY}.delete_question_content`}
        translateOptions={{ title: removing ? questionSnippet(removing.title) : '' }}
        onConfirm={() => void removeQuestion()}
        onClose={() => questionRows.askRemove(null)}
      />
    </Stack>
  );
}
