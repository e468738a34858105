import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { EVALUATION_LIMITS, validateEvaluationQuestion, type EvaluationFieldErrors } from '@lp/shared/rules';
import { TRAINING_EVALUATION_QUESTION_TYPE_FIELD } from '@lp/shared/contract';

const KEY = 'resources.trainings.evaluations';
const TYPE = TRAINING_EVALUATION_QUESTION_TYPE_FIELD;

export interface QuestionTypeOption {
  id: number;
  slug: string;
}

export interface QuestionValues {
  title: string;
  question_type: number;
}

export interface EvaluationQuestionDialogProps {
  /** the question being edited; null for a new one */
  question: { title: string; question_type: number } | null;
  types: QuestionTypeOption[];
  disabled: boolean;
  /** true when saved (the dialog then closes) */
  onSave(values: QuestionValues): Promise<boolean>;
  onClose(): void;
}

/**
 * spec 2 §2.3 reaction question dialog: question type select and title, checked with the
 * §5.6 rules. It cannot be dismissed by the backdrop or Escape: only Cancel or Save close it.
 */
export function EvaluationQuestionDialog({ question, types, disabled, onSave, onClose }: EvaluationQuestionDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [title, setTitle] = useState(question?.title ?? '');
  const [type, setType] = useState<number | ''>(question?.question_type ?? '');
  const [errors, setErrors] = useState<EvaluationFieldErrors>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const found = validateEvaluationQuestion({ title, question_type: type === '' ? null : type });
    setErrors(found);
    if (Object.keys(found).length) {
      notify('errors.make_sure_that_all_fields_are_filled_in', { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      await onSave({ title: title.trim(), question_type: type as number });
    } finally {
      setSaving(false);
    }
  };

  const helper = (field: string) => (errors[field] ? translate(`errors.${errors[field]}`) : undefined);

  return (
    // no onClose: neither the backdrop nor Escape dismisses it (spec 2 §2.3)
    <Dialog open fullWidth maxWidth="sm" aria-labelledby="evaluation-question-title">
      <DialogTitle id="evaluation-question-title">
        {translate(question ? `${KEY}.question_dialog_edit` : `${KEY}.question_dialog_new`)}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            required
            label={translate(`${KEY}.question_type`)}
            value={type}
            disabled={disabled}
            error={!!errors[TYPE]}
            helperText={helper(TYPE)}
            onChange={(event) => setType(Number(event.target.value))}
          >
            {types.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {translate(`trainings.evaluation_question_types.${option.slug}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            required
            label={translate(`${KEY}.question_title`)}
            value={title}
            disabled={disabled}
            error={!!errors.title}
            helperText={helper('title') ?? `${Array.from(title).length}/${EVALUATION_LIMITS.titleMax}`}
            onChange={(event) => setTitle(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>{translate(`${KEY}.cancel`)}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={disabled || saving}>
          {translate(`${KEY}.save`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
