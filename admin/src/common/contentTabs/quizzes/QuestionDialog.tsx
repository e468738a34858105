import { useState } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, IconButton, Radio, Stack, Switch, Table,
  TableBody, TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import StorageIcon from '@mui/icons-material/Storage';
import { useNotify, useTranslate } from 'react-admin';
import {
  TEST_DEFAULTS, addAlternative, canSaveQuestion, chooseCorrectAlternative, editAlternative, isBlankHtml, removeAlternative,
  validateQuestion, type Alternative,
} from '@lp/shared/rules';
import type { TestOwnerContract } from '@lp/shared/contract';
import { AlternativeDialog } from './AlternativeDialog.tsx';
import { QuestionBankDialog, type BankQuestion } from './QuestionBankDialog.tsx';
import { RichTextValue } from './RichTextValue.tsx';
import { TESTS_KEY as KEY, alternativeSnippet, type QuestionData } from './quizData.ts';
import { useContractHttp } from '../../http/index.ts';

export interface QuestionDialogProps {
  owner: TestOwnerContract;
  ownerId: number;
  testId: number;
  /** null for a new question */
  question: QuestionData | null;
  canManage: boolean;
  /** spec 2 §4.4: the test has results */
  locked: boolean;
  onClose(): void;
  onSaved(): void;
}

type AlternativeEditor = { mode: 'add' } | { mode: 'edit'; index: number } | null;

/**
 * spec 2 §2.3 question dialog: rich-text title with its HTML dialog, 'import from questions
 * database' (new questions only), the alternatives table (correct radio, title, edit, delete)
 * with add and edit dialogs, the mandatory toggle, Cancel and Save. The §5.4 rules come from
 * shared; §4.4 locks adding, deleting and the correct choice on a test with results.
 */
export function QuestionDialog({ owner, ownerId, testId, question, canManage, locked, onClose, onSaved }: QuestionDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const [title, setTitle] = useState(question?.title ?? '');
  const [titleSource, setTitleSource] = useState({ html: question?.title ?? '', version: 0 });
  const [answers, setAnswers] = useState<readonly Alternative[]>(question?.answers ?? []);
  const [mandatory, setMandatory] = useState(question?.is_mandatory ?? TEST_DEFAULTS.is_mandatory);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [editor, setEditor] = useState<AlternativeEditor>(null);
  const [bankOpen, setBankOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const editable = canManage;
  const creating = question === null;

  const fromBank = (hit: BankQuestion) => {
    setTitle(hit.title);
    setTitleSource((s) => ({ html: hit.title, version: s.version + 1 }));
    setAnswers(hit.alternatives.map((a) => ({ title: a.title, is_correct: a.is_correct })));
    setBankOpen(false);
  };

  const save = async () => {
    if (isBlankHtml(title)) {
      setTitleError('ra.validation.required');
      notify('errors.make_sure_that_all_fields_are_filled_in', { type: 'error' });
      return;
    }
    setTitleError(null);
    // spec 2 §5.4: without 2 alternatives (and one correct) nothing happens and no message is shown
    if (!canSaveQuestion({ title, answers })) {
      const errors = validateQuestion({ title, answers });
      if (errors.title) setTitleError(`errors.${errors.title}`);
      return;
    }
    const body = {
      title,
      is_mandatory: mandatory,
      [owner.answersField]: answers.map((a) => ({ ...(a.id ? { id: a.id } : {}), title: a.title, is_correct: a.is_correct })),
    };
    setSaving(true);
    try {
      if (creating) await http.json(owner.questions(ownerId, testId), 'POST', body);
      else await http.json(owner.question(ownerId, testId, question.id), 'PUT', body);
      // spec 2 §8: creating a training test question shows no message (a webcast's says question_add_success)
      if (!creating) notify(`${KEY}.question_edit_success`, { type: 'success' });
      else if (owner.ownerKind === 'webcast') notify(`${KEY}.question_add_success`, { type: 'success' });
      onSaved();
    } catch (error) {
      console.error('question save failed', error);
      notify(`${KEY}.${creating ? 'question_add_error' : 'question_edit_error'}`, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const editing = editor?.mode === 'edit' ? answers[editor.index] : undefined;

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="question-dialog-title">
        <DialogTitle id="question-dialog-title">{translate(`${KEY}.${creating ? 'new_question' : 'edit_question'}`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {locked && <Alert severity="warning">{translate('errors.test_has_user_results')}</Alert>}
            {creating && (
              <Box>
                <Button startIcon={<StorageIcon />} disabled={!editable} onClick={() => setBankOpen(true)}>
                  {translate(`${KEY}.import_from_bank`)}
                </Button>
              </Box>
            )}
            <RichTextValue
              initial={titleSource.html}
              formKey={titleSource.version}
              label={`${KEY}.fields.question_title`}
              disabled={!editable}
              error={titleError}
              ownerKind={owner.ownerKind}
              onChange={setTitle}
            />
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>{translate(`${KEY}.alternatives`)}</Typography>
              <Button startIcon={<AddIcon />} disabled={!editable || locked} onClick={() => setEditor({ mode: 'add' })}>
                {translate(`${KEY}.add_alternative`)}
              </Button>
            </Box>
            <Table size="small" aria-label={translate(`${KEY}.alternatives`)}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">{translate(`${KEY}.columns.correct`)}</TableCell>
                  <TableCell>{translate(`${KEY}.columns.alternative`)}</TableCell>
                  <TableCell align="right">{translate(`${KEY}.columns.edit`)}</TableCell>
                  <TableCell align="right">{translate(`${KEY}.columns.delete`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {answers.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4} align="center">{translate(`${KEY}.no_alternatives`)}</TableCell>
                  </TableRow>
                )}
                {answers.map((a, index) => {
                  const text = alternativeSnippet(a.title);
                  return (
                    <TableRow key={`${a.id ?? 'new'}-${index}`}>
                      <TableCell padding="checkbox">
                        <Radio
                          checked={a.is_correct}
                          disabled={!editable || locked}
                          onChange={() => setAnswers((list) => chooseCorrectAlternative(list, index))}
                          slotProps={{ input: { 'aria-label': translate(`${KEY}.mark_correct`, { title: text }) } }}
                        />
                      </TableCell>
                      <TableCell title={text}>{text}</TableCell>
                      <TableCell align="right">
                        <IconButton size="small" disabled={!editable} aria-label={translate(`${KEY}.edit_alternative_named`, { title: text })} onClick={() => setEditor({ mode: 'edit', index })}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                      <TableCell align="right">
                        <Tooltip title={translate(`${KEY}.delete`)}>
                          <span>
                            <IconButton
                              size="small"
                              disabled={!editable || locked}
                              aria-label={translate(`${KEY}.delete_alternative`, { title: text })}
                              onClick={() => setAnswers((list) => removeAlternative(list, index))}
                            >
                              <DeleteIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            <FormControlLabel
              control={<Switch checked={mandatory} disabled={!editable} onChange={(event) => setMandatory(event.target.checked)} />}
              label={translate(`${KEY}.fields.is_mandatory`)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!editable || saving} onClick={() => void save()}>{translate('ra.action.save')}</Button>
        </DialogActions>
      </Dialog>
      {/* outside the question's form: a dialog's form must not submit another */}
      {editor && (
        <AlternativeDialog
          mode={editor.mode}
          initial={editing?.title ?? ''}
          ownerKind={owner.ownerKind}
          onClose={() => setEditor(null)}
          onSave={(html) => {
            setAnswers((list) => (editor.mode === 'add' ? addAlternative(list, html) : editAlternative(list, editor.index, html)));
            setEditor(null);
          }}
        />
      )}
      {bankOpen && <QuestionBankDialog owner={owner} onImport={fromBank} onClose={() => setBankOpen(false)} />}
    </>
  );
}
