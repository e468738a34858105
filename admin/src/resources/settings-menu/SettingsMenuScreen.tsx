import { useEffect, useState } from 'react';
import {
  Box, Button, Card, CardContent, Checkbox, FormControlLabel, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { LEARNER_MENU_PATH, type LearnerMenu } from '@lp/shared/contract';
import { LEARNER_MENU_LABEL_MAX, learnerMenuEntries, type LearnerMenuEntry } from '@lp/shared/rules';
import { MoveButtons } from '../../common/ordering/MoveButtons.tsx';
import { useSettingsRecord } from '../../common/settings/index.ts';

const R = 'resources.settings_menu';
const PHONE_HIDDEN = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The entries with one moved a place up or down (no move past either end). */
export function moveEntry(entries: readonly LearnerMenuEntry[], index: number, direction: 'up' | 'down'): LearnerMenuEntry[] {
  const to = direction === 'up' ? index - 1 : index + 1;
  if (to < 0 || to >= entries.length) return [...entries];
  const next = [...entries];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/**
 * spec 1 §2.3 "settings for menu editing" (§6.2 settings_menu): the learner portal's menu of the
 * selected client — each entry renamed (empty keeps the portal's word), hidden, or moved up and
 * down (no drag-and-drop library in the admin: the move buttons of the other ordered lists). The
 * portal reads it from the session, so learners see it at their next load.
 */
export function SettingsMenuScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, isPending, error, save } = useSettingsRecord<LearnerMenu, LearnerMenu>(LEARNER_MENU_PATH);
  const [entries, setEntries] = useState<LearnerMenuEntry[] | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => { if (data) setEntries(learnerMenuEntries(data.entries)); }, [data]);

  if (isPending) return <Loading />;
  if (error || !entries) return <Typography color="error" role="alert">{translate(`${R}.load_error`)}</Typography>;

  const change = (index: number, patch: Partial<LearnerMenuEntry>) =>
    setEntries(entries.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)));

  const submit = async () => {
    setSaving(true);
    try {
      const saved = await save({ entries: entries.map((e) => ({ ...e, label: e.label.trim() })) });
      setEntries(learnerMenuEntries(saved.entries));
      notify(`${R}.saved`, { type: 'success' });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : `${R}.save_error`, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={`${R}.name`} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1">{translate(`${R}.name`)}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${R}.help`)}</Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate(`${R}.name`)}>
              <TableHead>
                <TableRow>
                  {/* a phone shows the entry's name in its field's placeholder: three columns fit 390 px */}
                  <TableCell sx={PHONE_HIDDEN}>{translate(`${R}.columns.entry`)}</TableCell>
                  <TableCell>{translate(`${R}.columns.label`)}</TableCell>
                  <TableCell>{translate(`${R}.columns.visible`)}</TableCell>
                  <TableCell>{translate(`${R}.columns.order`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry, index) => {
                  const name = translate(`${R}.entries.${entry.key}`);
                  return (
                    <TableRow key={entry.key} sx={{ opacity: entry.hidden ? 0.6 : 1 }}>
                      <TableCell sx={PHONE_HIDDEN}>{name}</TableCell>
                      <TableCell sx={{ minWidth: { sm: 180 }, px: { xs: 0.5, sm: 2 } }}>
                        <TextField size="small" fullWidth value={entry.label} placeholder={name}
                          inputProps={{ maxLength: LEARNER_MENU_LABEL_MAX, 'aria-label': translate(`${R}.label_of`, { name }) }}
                          onChange={(event) => change(index, { label: event.target.value })} />
                      </TableCell>
                      <TableCell sx={{ px: { xs: 0.5, sm: 2 } }}>
                        <FormControlLabel label={translate(`${R}.columns.visible`)} sx={{ '& .MuiFormControlLabel-label': { display: { xs: 'none', md: 'inline' } } }}
                          control={<Checkbox checked={!entry.hidden} onChange={(event) => change(index, { hidden: !event.target.checked })}
                            inputProps={{ 'aria-label': translate(`${R}.visible_of`, { name }) }} />} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap', px: { xs: 0.5, sm: 2 } }}>
                        <MoveButtons order={index + 1} count={entries.length} title={name} disabled={saving}
                          onMove={(direction) => setEntries(moveEntry(entries, index, direction))} />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <Button variant="contained" disabled={saving} onClick={() => void submit()}>{translate('ra.action.save')}</Button>
            <Button disabled={saving} onClick={() => setEntries(learnerMenuEntries([]))}>{translate(`${R}.restore`)}</Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

export default SettingsMenuScreen;
