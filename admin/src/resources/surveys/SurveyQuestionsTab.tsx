import { useState } from 'react';
import {
  Box, Button, Card, CardContent, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, IconButton, MenuItem, Stack,
  Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, SURVEY_PATHS, type SurveyQuestion } from '@lp/shared/contract';
import { SURVEY_QUESTION_TYPES, hasOptions, htmlToPlainText, isSurveyQuestionType } from '@lp/shared/rules';
import { useNestedTabRows } from '../../common/contentTabs/useNestedTabRows.ts';
import { fieldCodesOf } from '../../common/editor/index.ts';
import { useContractHttp } from '../../common/http/index.ts';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { questionPayload, validateQuestionForm, type QuestionFormValues } from './surveyPayload.ts';

const F = 'resources.surveys.fields';
const NEW_QUESTION: QuestionFormValues = { title: '', question_type: 'single_choice', is_mandatory: true, options: [{ title: '' }, { title: '' }] };

const formOf = (q: SurveyQuestion): QuestionFormValues => ({
  title: htmlToPlainText(q.title), question_type: q.question_type, is_mandatory: q.is_mandatory, options: q.options.map((o) => ({ id: o.id, title: htmlToPlainText(o.title) })),
});

/** spec 3 §3 a survey's questions (each of five types, mandatory or optional), the nested resource `surveys/{id}/questions`. */
export function SurveyQuestionsTab({ surveyId }: { surveyId: number }) {
  const translate = useTranslate();
  const { rows, reload, removing, askRemove, confirmRemove } = useNestedTabRows<SurveyQuestion>(
    nestedResource(ADMIN_RESOURCES.surveys.name, surveyId, 'questions'), 'resources.surveys.messages',
  );
  const [editing, setEditing] = useState<{ id: number | null; values: QuestionFormValues } | null>(null);
  return (
    // contain: the table scrolls inside the card on a phone instead of widening the page
    <Card sx={{ contain: 'inline-size' }}>
      <CardContent>
        <Box sx={{ display: 'flex', mb: 1 }}>
          <Button startIcon={<AddIcon />} variant="contained" onClick={() => setEditing({ id: null, values: NEW_QUESTION })}>
            {translate('resources.surveys.actions.add_question')}
          </Button>
        </Box>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('resources.surveys.tabs.questions')}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>{translate(`${F}.title`)}</TableCell>
                <TableCell>{translate(`${F}.question_type`)}</TableCell>
                <TableCell>{translate(`${F}.is_mandatory`)}</TableCell>
                <TableCell>{translate(`${F}.options`)}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(rows ?? []).map((q, i) => (
                <TableRow key={q.id}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{htmlToPlainText(q.title)}</TableCell>
                  <TableCell>{translate(`resources.surveys.question_types.${q.question_type}`)}</TableCell>
                  <TableCell>{translate(q.is_mandatory ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                  <TableCell>{q.options.length}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={translate('ra.action.edit')} onClick={() => setEditing({ id: q.id, values: formOf(q) })}><EditIcon /></IconButton>
                    <IconButton aria-label={translate('ra.action.delete')} onClick={() => askRemove(q)}><DeleteIcon /></IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {rows?.length === 0 && <Typography sx={{ mt: 2 }} color="text.secondary">{translate('resources.surveys.messages.no_questions')}</Typography>}
      </CardContent>
      {editing && (
        <QuestionDialog surveyId={surveyId} questionId={editing.id} initial={editing.values}
          onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void reload(); }} />
      )}
      <Confirm isOpen={removing !== null} title="ra.message.delete_title" content="ra.message.delete_content"
        titleTranslateOptions={{ name: translate('resources.surveys.fields.title'), id: removing?.id }}
        onConfirm={() => void confirmRemove()} onClose={() => askRemove(null)} />
    </Card>
  );
}

interface QuestionDialogProps {
  surveyId: number;
  questionId: number | null;
  initial: QuestionFormValues;
  onClose(): void;
  onSaved(): void;
}

/** One question: its text, type, mandatory flag and options; checked as the server checks it. */
function QuestionDialog({ surveyId, questionId, initial, onClose, onSaved }: QuestionDialogProps) {
  const translate = useTranslate();
  const http = useContractHttp();
  const [values, setValues] = useState<QuestionFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const withOptions = isSurveyQuestionType(values.question_type) && hasOptions(values.question_type);
  const set = (next: Partial<QuestionFormValues>) => setValues({ ...values, ...next });
  const setOption = (i: number, title: string) => set({ options: values.options.map((o, j) => (j === i ? { ...o, title } : o)) });

  const save = async () => {
    const problems = validateQuestionForm(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const body = questionPayload(values);
      if (questionId) await http.json(SURVEY_PATHS.question(surveyId, questionId), 'PUT', body);
      else await http.json(SURVEY_PATHS.questions(surveyId), 'POST', body);
      onSaved();
    } catch (failure) {
      const codes = fieldCodesOf(failure);
      setErrors(Object.keys(codes).length ? Object.fromEntries(Object.entries(codes).map(([k, c]) => [k, `errors.${c}`])) : { title: 'errors.unexpected_error' });
    } finally {
      setBusy(false);
    }
  };
  const message = (field: string) => (errors[field] ? translate(errors[field]!) : undefined);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="survey-question-title">
      <DialogTitle id="survey-question-title">{translate(questionId ? 'ra.action.edit' : 'resources.surveys.actions.add_question')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label={translate(`${F}.title`)} value={values.title} onChange={(e) => set({ title: e.target.value })} multiline fullWidth
            error={!!errors.title} helperText={message('title')} />
          <TextField select label={translate(`${F}.question_type`)} value={values.question_type} onChange={(e) => set({ question_type: e.target.value })}
            error={!!errors.question_type} helperText={message('question_type')}>
            {SURVEY_QUESTION_TYPES.map((type) => <MenuItem key={type} value={type}>{translate(`resources.surveys.question_types.${type}`)}</MenuItem>)}
          </TextField>
          <FormControlLabel control={<Checkbox checked={values.is_mandatory} onChange={(e) => set({ is_mandatory: e.target.checked })} />}
            label={translate(`${F}.is_mandatory`)} />
          {withOptions && (
            <Stack spacing={1}>
              <Typography variant="subtitle2">{translate(`${F}.options`)}</Typography>
              {values.options.map((o, i) => (
                <Box key={o.id ?? `new-${i}`} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TextField size="small" fullWidth label={`${translate(`${F}.options`)} ${i + 1}`} value={o.title}
                    onChange={(e) => setOption(i, e.target.value)} error={!!errors[`options.${i}`]} helperText={message(`options.${i}`)} />
                  <IconButton aria-label={translate('ra.action.remove')} onClick={() => set({ options: values.options.filter((_, j) => j !== i) })}><DeleteIcon /></IconButton>
                </Box>
              ))}
              {errors.options && <Typography color="error" variant="body2" role="alert">{message('options')}</Typography>}
              <Button startIcon={<AddIcon />} onClick={() => set({ options: [...values.options, { title: '' }] })} sx={{ alignSelf: 'flex-start' }}>
                {translate('resources.surveys.actions.add_option')}
              </Button>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
