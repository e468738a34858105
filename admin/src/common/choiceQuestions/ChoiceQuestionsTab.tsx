import { useState } from 'react';
import {
  Box, Button, Card, CardContent, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, IconButton, Radio, Stack,
  Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, useTranslate } from 'react-admin';
import type { ChoiceQuestion, ChoiceQuestionInput } from '@lp/shared/contract';
import { htmlToPlainText, validateQuestion } from '@lp/shared/rules';
import { useNestedTabRows } from '../contentTabs/useNestedTabRows.ts';
import { fieldCodesOf, translatedErrors } from '../editor/index.ts';
import { useContractHttp } from '../http/index.ts';
import { nestedResource } from '../nested/nestedResources.ts';

const F = 'resources.choice_questions';

export interface ChoiceQuestionFormValues {
  title: string;
  is_mandatory: boolean;
  alternatives: Array<{ id?: number; title: string; is_correct: boolean }>;
}

const NEW_QUESTION: ChoiceQuestionFormValues = { title: '', is_mandatory: false, alternatives: [{ title: '', is_correct: true }, { title: '', is_correct: false }] };

const formOf = (q: ChoiceQuestion): ChoiceQuestionFormValues => ({
  title: htmlToPlainText(q.title), is_mandatory: q.is_mandatory,
  alternatives: q.alternatives.map((a) => ({ id: a.id, title: htmlToPlainText(a.title), is_correct: a.is_correct })),
});

/** The dialog's values → the question body (shared ChoiceQuestionInput). */
export function choiceQuestionPayload(values: ChoiceQuestionFormValues): ChoiceQuestionInput {
  return {
    title: values.title.trim(),
    is_mandatory: values.is_mandatory,
    alternatives: values.alternatives.map((a) => ({ ...(a.id ? { id: a.id } : {}), title: a.title.trim(), is_correct: a.is_correct })),
  };
}

/** spec 2 §5.4 in the dialog, as the server checks it (keys `alternatives…`). */
export function validateChoiceQuestion(values: ChoiceQuestionFormValues): Record<string, string> {
  const body = choiceQuestionPayload(values);
  const errors = validateQuestion({ title: body.title, answers: body.alternatives });
  return translatedErrors(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^answers/, 'alternatives'), v])));
}

export interface ChoiceQuestionsTabProps {
  /** the editor's resource (drills, general-tests): the nested resource `{resource}/{id}/questions` */
  resource: string;
  ownerId: number;
  paths: { questions(id: number): string; question(id: number, questionId: number): string };
  /** general tests: the bank's mandatory flag (spec 3 §9); drills have none */
  mandatory: boolean;
  /** the editor refuses changes (a general test with results): the table only */
  locked?: boolean;
}

/**
 * The questions of a drill or a general test (spec 3 §3: questions with alternatives, one correct),
 * the nested resource `{resource}/{id}/questions`, with a dialog checked as the server checks it.
 */
export function ChoiceQuestionsTab({ resource, ownerId, paths, mandatory, locked = false }: ChoiceQuestionsTabProps) {
  const translate = useTranslate();
  const { rows, reload, removing, askRemove, confirmRemove } = useNestedTabRows<ChoiceQuestion>(nestedResource(resource, ownerId, 'questions'), F);
  const [editing, setEditing] = useState<{ id: number | null; values: ChoiceQuestionFormValues } | null>(null);
  return (
    <Card sx={{ contain: 'inline-size' }}>
      <CardContent>
        {!locked && (
          <Box sx={{ display: 'flex', mb: 1 }}>
            <Button startIcon={<AddIcon />} variant="contained" onClick={() => setEditing({ id: null, values: NEW_QUESTION })}>{translate(`${F}.add_question`)}</Button>
          </Box>
        )}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(`${F}.questions`)}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>{translate(`${F}.title`)}</TableCell>
                {mandatory && <TableCell>{translate(`${F}.is_mandatory`)}</TableCell>}
                <TableCell>{translate(`${F}.alternatives`)}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(rows ?? []).map((q, i) => (
                <TableRow key={q.id}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{htmlToPlainText(q.title)}</TableCell>
                  {mandatory && <TableCell>{translate(q.is_mandatory ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>}
                  <TableCell>{q.alternatives.length}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {!locked && <IconButton aria-label={translate('ra.action.edit')} onClick={() => setEditing({ id: q.id, values: formOf(q) })}><EditIcon /></IconButton>}
                    {!locked && <IconButton aria-label={translate('ra.action.delete')} onClick={() => askRemove(q)}><DeleteIcon /></IconButton>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {rows?.length === 0 && <Typography sx={{ mt: 2 }} color="text.secondary">{translate(`${F}.no_questions`)}</Typography>}
      </CardContent>
      {editing && (
        <ChoiceQuestionDialog ownerId={ownerId} paths={paths} mandatory={mandatory} questionId={editing.id} initial={editing.values}
          onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void reload(); }} />
      )}
      <Confirm isOpen={removing !== null} title="ra.message.delete_title" content="ra.message.delete_content"
        titleTranslateOptions={{ name: translate(`${F}.title`), id: removing?.id }}
        onConfirm={() => void confirmRemove()} onClose={() => askRemove(null)} />
    </Card>
  );
}

interface DialogProps {
  ownerId: number;
  paths: ChoiceQuestionsTabProps['paths'];
  mandatory: boolean;
  questionId: number | null;
  initial: ChoiceQuestionFormValues;
  onClose(): void;
  onSaved(): void;
}

function ChoiceQuestionDialog({ ownerId, paths, mandatory, questionId, initial, onClose, onSaved }: DialogProps) {
  const translate = useTranslate();
  const http = useContractHttp();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (next: Partial<ChoiceQuestionFormValues>) => setValues({ ...values, ...next });
  const setAlternative = (i: number, next: Partial<ChoiceQuestionFormValues['alternatives'][number]>) =>
    set({ alternatives: values.alternatives.map((a, j) => (j === i ? { ...a, ...next } : next.is_correct ? { ...a, is_correct: false } : a)) });

  const save = async () => {
    const problems = validateChoiceQuestion(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const body = choiceQuestionPayload(values);
      if (questionId) await http.json(paths.question(ownerId, questionId), 'PUT', body);
      else await http.json(paths.questions(ownerId), 'POST', body);
      onSaved();
    } catch (failure) {
      const codes = fieldCodesOf(failure);
      const code = (failure as { body?: { code?: string } } | null)?.body?.code;
      setErrors(Object.keys(codes).length ? translatedErrors(codes) : { title: `errors.${code ?? 'unexpected_error'}` });
    } finally {
      setBusy(false);
    }
  };
  const message = (field: string) => (errors[field] ? translate(errors[field]!) : undefined);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="choice-question-title">
      <DialogTitle id="choice-question-title">{translate(questionId ? 'ra.action.edit' : `${F}.add_question`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label={translate(`${F}.title`)} value={values.title} onChange={(e) => set({ title: e.target.value })} multiline fullWidth
            error={!!errors.title} helperText={message('title')} />
          {mandatory && (
            <FormControlLabel control={<Checkbox checked={values.is_mandatory} onChange={(e) => set({ is_mandatory: e.target.checked })} />}
              label={translate(`${F}.is_mandatory`)} />
          )}
          <Stack spacing={1}>
            <Typography variant="subtitle2">{translate(`${F}.alternatives`)}</Typography>
            {values.alternatives.map((a, i) => (
              <Box key={a.id ?? `new-${i}`} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <Radio checked={a.is_correct} onChange={() => setAlternative(i, { is_correct: true })}
                  inputProps={{ 'aria-label': `${translate(`${F}.correct`)} ${i + 1}` }} />
                <TextField size="small" fullWidth label={`${translate(`${F}.alternative`)} ${i + 1}`} value={a.title}
                  onChange={(e) => setAlternative(i, { title: e.target.value })} error={!!errors[`alternatives.${i}`]} helperText={message(`alternatives.${i}`)} />
                <IconButton aria-label={translate('ra.action.remove')} onClick={() => set({ alternatives: values.alternatives.filter((_, j) => j !== i) })}><DeleteIcon /></IconButton>
              </Box>
            ))}
            {errors.alternatives && <Typography color="error" variant="body2" role="alert">{message('alternatives')}</Typography>}
            <Button startIcon={<AddIcon />} onClick={() => set({ alternatives: [...values.alternatives, { title: '', is_correct: false }] })} sx={{ alignSelf: 'flex-start' }}>
              {translate(`${F}.add_alternative`)}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
