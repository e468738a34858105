import { useEffect, useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { validateEvaluationModel } from '@lp/shared/rules';
import type { BaseEvaluation, BaseEvaluationQuestion, EvaluationCreated, Paged } from '@lp/shared/contract';
import type { EvaluationOwner } from './evaluationOwner.ts';
import { useContractHttp, useReferenceList } from '../../http/index.ts';

const KEY = 'resources.trainings.evaluations';

export interface EvaluationModelDialogProps {
  owner: EvaluationOwner;
  ownerId: number;
  typeLabel(typeId: number): string;
  /** the evaluation the server created from the model */
  onCreated(id: number): void;
  onClose(): void;
}

/**
 * spec 2 §2.3 'evaluation_model': choose a base evaluation, preview its questions (id, title,
 * type), then save, which creates the evaluation on the server (§4.5, §7.1
 * create_evaluation_from_base). §5.6: a base evaluation must be chosen.
 */
export function EvaluationModelDialog({ owner, ownerId, typeLabel, onCreated, onClose }: EvaluationModelDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const models = useReferenceList<BaseEvaluation>(owner.paths.baseEvaluations);
  const [chosen, setChosen] = useState<number | ''>('');
  const [questions, setQuestions] = useState<BaseEvaluationQuestion[]>([]);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (chosen === '') return undefined;
    let live = true;
    http.json<Paged<BaseEvaluationQuestion>>(`${owner.paths.baseEvaluationQuestions(chosen)}?page_size=0`, 'GET').then(
      (page) => live && setQuestions(page.results),
      (error: unknown) => {
        console.error('model questions load failed', error);
        if (live) setQuestions([]);
      },
    );
    return () => {
      live = false;
    };
  }, [chosen, http, owner]);

  const save = async () => {
    if (Object.keys(validateEvaluationModel({ base_evaluation_id: chosen === '' ? null : chosen })).length) {
      setMissing(true);
      notify('errors.make_sure_that_all_fields_are_filled_in', { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      const fields = { [owner.fromBaseField]: chosen };
      const created = owner.body === 'form'
        ? await http.form<EvaluationCreated>(owner.paths.fromBase(ownerId), 'POST', fields)
        : await http.json<EvaluationCreated>(owner.paths.fromBase(ownerId), 'POST', fields);
      notify(`${KEY}.question_model_add_success`, { type: 'success' });
      onCreated(created.id);
    } catch (error) {
      console.error('evaluation from model failed', error);
      notify(`${KEY}.question_model_add_error`, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open fullWidth maxWidth="md" onClose={saving ? undefined : onClose} aria-labelledby="evaluation-model-title">
      <DialogTitle id="evaluation-model-title">{translate(`${KEY}.evaluation_model`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            required
            label={translate(`${KEY}.base_evaluation`)}
            value={chosen}
            error={missing}
            helperText={missing ? translate('errors.make_sure_that_all_fields_are_filled_in') : undefined}
            onChange={(event) => {
              setMissing(false);
              setChosen(Number(event.target.value));
            }}
          >
            {(models.data ?? []).map((model) => (
              <MenuItem key={model.id} value={model.id}>{model.title}</MenuItem>
            ))}
          </TextField>
          {chosen !== '' && (
            <Table size="small" aria-label={translate(`${KEY}.model_questions`)}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${KEY}.columns.id`)}</TableCell>
                  <TableCell>{translate(`${KEY}.columns.question_title`)}</TableCell>
                  <TableCell>{translate(`${KEY}.columns.question_type`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {questions.map((question) => (
                  <TableRow key={question.id}>
                    <TableCell>{question.id}</TableCell>
                    <TableCell>{question.title}</TableCell>
                    <TableCell>{typeLabel(question.question_type)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>{translate(`${KEY}.cancel`)}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>{translate(`${KEY}.save`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
