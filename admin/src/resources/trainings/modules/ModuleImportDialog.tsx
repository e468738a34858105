import { useEffect, useState } from 'react';
import {
  Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { MODULE_SEARCH_MAX, MODULE_SEARCH_MIN } from '@lp/shared/rules';
import type { ModuleSearchHit } from '@lp/shared/contract';
import { useTrainingActions } from '../trainingActions.ts';
import { highlightMatch } from '../../../common/ownersInput/highlightMatch.tsx';

const KEY = 'resources.trainings.modules.import';
const DEBOUNCE_MS = 300;

export interface ModuleImportDialogProps {
  open: boolean;
  onClose(): void;
  /** the chosen module and the resource to send for the new one (a copied file's upload id, or the embed) */
  onImport(hit: ModuleSearchHit, resource: string): void;
}

/**
 * spec 2 §2.3 import dialog: autocomplete over the client's modules by training or module title
 * (§5.11: from 3 characters, at most 25 results, the match underlined); the chosen one's
 * training, title and content type; Import copies its resource (§7.1).
 */
export function ModuleImportDialog({ open, onClose, onImport }: ModuleImportDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const actions = useTrainingActions();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<ModuleSearchHit[]>([]);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<ModuleSearchHit | null>(null);
  const [importing, setImporting] = useState(false);
  const typeLabel = (slug: string) => translate(`trainings.module_types.${slug}`, { _: slug });

  useEffect(() => {
    const term = text.trim();
    if (term.length < MODULE_SEARCH_MIN) {
      setOptions([]);
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      actions.searchModules(term).then(
        (answer) => { if (live) setOptions(answer.classes.slice(0, MODULE_SEARCH_MAX)); },
        (error: unknown) => {
          console.error('module search failed', error);
          if (live) setOptions([]);
        },
      ).finally(() => { if (live) setLoading(false); });
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, actions]);

  const importChosen = async () => {
    if (!chosen) return;
    setImporting(true);
    try {
      const answer = await actions.copyModuleResource(chosen.id);
      onImport(chosen, answer.group_training_module_resource);
    } catch (error) {
      // spec 2 §8: a 400 means the source resource was not found
      console.error('module import failed', error);
      notify('errors.module_import_not_found_error', { type: 'error' });
    } finally {
      setImporting(false);
    }
  };

  const short = text.trim().length < MODULE_SEARCH_MIN;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="module-import-title">
      <DialogTitle id="module-import-title">{translate(`${KEY}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete<ModuleSearchHit>
            options={options}
            value={chosen}
            onChange={(_event, value) => setChosen(value)}
            inputValue={text}
            onInputChange={(_event, value) => setText(value)}
            filterOptions={(all) => all}
            getOptionLabel={(hit) => hit.group_training_module_title}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={loading}
            loadingText={translate(`${KEY}.searching`)}
            noOptionsText={translate(short ? `${KEY}.type_at_least` : `${KEY}.no_results`, { min: MODULE_SEARCH_MIN, smart_count: MODULE_SEARCH_MIN })}
            renderOption={({ key, ...optionProps }, hit) => (
              <li key={key} {...optionProps}>
                <Box>
                  <Typography variant="body2">{highlightMatch(hit.group_training_module_title, text)}</Typography>
                  <Typography variant="caption" color="textSecondary">
                    {highlightMatch(hit.group_training_title, text)} · {typeLabel(hit.group_training_module_type_slug)}
                  </Typography>
                </Box>
              </li>
            )}
            renderInput={(params) => <TextField {...params} label={translate(`${KEY}.search`)} />}
          />
          {chosen && (
            <Stack spacing={2} role="group" aria-label={translate(`${KEY}.module`)}>
              <TextField label={translate(`${KEY}.training`)} value={chosen.group_training_title} slotProps={{ htmlInput: { readOnly: true } }} />
              <TextField label={translate(`${KEY}.module`)} value={chosen.group_training_module_title} slotProps={{ htmlInput: { readOnly: true } }} />
              <TextField label={translate(`${KEY}.type`)} value={typeLabel(chosen.group_training_module_type_slug)} slotProps={{ htmlInput: { readOnly: true } }} />
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!chosen || importing} onClick={() => void importChosen()}>
          {translate(`${KEY}.import`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
