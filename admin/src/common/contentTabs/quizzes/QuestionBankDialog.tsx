import { useEffect, useState } from 'react';
import {
  Autocomplete, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemIcon,
  ListItemText, Stack, TextField, Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslate } from 'react-admin';
import { QUESTION_SEARCH, htmlToPlainText } from '@lp/shared/rules';
import type { HitAlternative, TestOwnerContract } from '@lp/shared/contract';
import { highlightMatch } from '../../ownersInput/highlightMatch.tsx';
import { TESTS_KEY as KEY } from './quizData.ts';
import { useContractHttp } from '../../http/index.ts';

/** A question bank hit (spec 2 §3.4) in the screen's own names. */
export interface BankQuestion {
  id: number;
  ownerTitle: string;
  testTitle: string;
  /** HTML */
  title: string;
  alternatives: HitAlternative[];
}

const SEARCH_DELAY_MS = 300;

function readHit(owner: TestOwnerContract, wire: Record<string, unknown>): BankQuestion {
  const p = owner.hitPrefix;
  return {
    id: Number(wire.id),
    ownerTitle: String(wire[`${p}_title`] ?? ''),
    testTitle: String(wire[`${p}_test_title`] ?? ''),
    title: String(wire[`${p}_test_question_title`] ?? ''),
    alternatives: (wire.alternatives as HitAlternative[] | undefined) ?? [],
  };
}

export interface QuestionBankDialogProps {
  owner: TestOwnerContract;
  onImport(question: BankQuestion): void;
  onClose(): void;
}

/**
 * spec 2 §2.3 question database search: autocomplete over training (or webcast), test and question titles
 * (§5.11: from 3 characters, at most 25 results, the match underlined); the chosen question's
 * training, test, question and alternatives read-only; Import.
 */
export function QuestionBankDialog({ owner, onImport, onClose }: QuestionBankDialogProps) {
  const translate = useTranslate();
  const http = useContractHttp();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<BankQuestion[]>([]);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<BankQuestion | null>(null);
  const term = input.trim();
  const enough = Array.from(term).length >= QUESTION_SEARCH.minChars;

  useEffect(() => {
    if (!enough) {
      setOptions([]);
      return undefined;
    }
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      http.json<{ questions: Array<Record<string, unknown>> }>(owner.searchQuestions, 'POST', { search_question: term }).then(
        (answer) => live && setOptions(answer.questions.slice(0, QUESTION_SEARCH.maxResults).map((q) => readHit(owner, q))),
        (error: unknown) => {
          console.error('question search failed', error);
          if (live) setOptions([]);
        },
      ).finally(() => live && setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [http, owner, term, enough]);

  const label = (q: BankQuestion) => `${q.ownerTitle} › ${q.testTitle} › ${htmlToPlainText(q.title)}`;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="question-bank-title">
      <DialogTitle id="question-bank-title">{translate(`${KEY}.question_bank.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete<BankQuestion>
            options={options}
            value={chosen}
            onChange={(_, value) => setChosen(value)}
            inputValue={input}
            onInputChange={(_, value, reason) => {
              if (reason !== 'reset') setInput(value);
            }}
            // the server already filtered
            filterOptions={(list) => list}
            getOptionLabel={label}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={loading}
            noOptionsText={translate(enough ? `${KEY}.question_bank.no_results` : `${KEY}.question_bank.type_at_least`, { min: QUESTION_SEARCH.minChars, smart_count: QUESTION_SEARCH.minChars })}
            loadingText={translate(`${KEY}.question_bank.searching`)}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props}>
                <Box>
                  <Typography variant="body2">{highlightMatch(htmlToPlainText(option.title), term)}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {highlightMatch(option.ownerTitle, term)} › {highlightMatch(option.testTitle, term)}
                  </Typography>
                </Box>
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate(`${KEY}.question_bank.search`)}
                helperText={translate(`${KEY}.question_bank.hint`, { min: QUESTION_SEARCH.minChars, smart_count: QUESTION_SEARCH.minChars })}
                slotProps={{
                  input: {
                    ...params.InputProps,
                    endAdornment: <>{loading && <CircularProgress size={16} />}{params.InputProps.endAdornment}</>,
                  },
                }}
              />
            )}
          />
          {chosen && (
            <Box role="region" aria-label={translate(`${KEY}.question_bank.chosen`)}>
              <Typography variant="caption" color="text.secondary">{translate(`${KEY}.question_bank.${owner.ownerKind}`)}</Typography>
              <Typography gutterBottom>{chosen.ownerTitle}</Typography>
              <Typography variant="caption" color="text.secondary">{translate(`${KEY}.question_bank.test`)}</Typography>
              <Typography gutterBottom>{chosen.testTitle}</Typography>
              <Typography variant="caption" color="text.secondary">{translate(`${KEY}.question_bank.question`)}</Typography>
              {/* sanitised by the server when it was saved */}
              <Box dangerouslySetInnerHTML={{ __html: chosen.title }} />
              <Typography variant="caption" color="text.secondary">{translate(`${KEY}.question_bank.alternatives`)}</Typography>
              <List dense aria-label={translate(`${KEY}.question_bank.alternatives`)}>
                {chosen.alternatives.map((a, i) => (
                  <ListItem key={i}>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      {a.is_correct
                        ? <CheckCircleIcon color="success" fontSize="small" titleAccess={translate(`${KEY}.correct`)} />
                        : <RadioButtonUncheckedIcon fontSize="small" titleAccess={translate(`${KEY}.incorrect`)} />}
                    </ListItemIcon>
                    <ListItemText primary={<span dangerouslySetInnerHTML={{ __html: a.title }} />} />
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!chosen} onClick={() => chosen && onImport(chosen)}>{translate(`${KEY}.question_bank.import`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
