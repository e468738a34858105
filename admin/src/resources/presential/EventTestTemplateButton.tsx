import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import QuizIcon from '@mui/icons-material/Quiz';
import { useNotify, useTranslate } from 'react-admin';
import { PRESENTIAL_TEST_TEMPLATE_PATHS as T, type ApplyTestTemplateBody, type PresentialEvent, type PresentialTestTemplateChoice } from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';
import { K, useNotifyRefusal } from './presentialUi.ts';

const P = `${K}.test_templates`;

/**
 * spec 3 §2 "Tests per event type": an event with an online or presential test takes a test
 * template's questions (spec 1 §6.2 presential_test_templates) as a test of its own. Offered with
 * the key that changes the event's tests (presential_edit_evaluations).
 */
export function EventTestTemplateButton({ event, day }: { event: PresentialEvent; day: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refuse = useNotifyRefusal();
  const http = useContractHttp();
  const [open, setOpen] = useState(false);
  const [choices, setChoices] = useState<PresentialTestTemplateChoice[] | null>(null);
  const [picked, setPicked] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    http.json<PresentialTestTemplateChoice[]>(T.choices, 'GET').then((rows) => { if (live) setChoices(rows); }, (error: unknown) => { if (live) refuse(error); });
    return () => { live = false; };
  }, [open, http, refuse]);

  if (event.event_type === 'without_tests') return null;
  const close = () => { setOpen(false); setPicked(''); };
  const apply = async () => {
    if (picked === '') return;
    setBusy(true);
    try {
      await http.json(T.applyToEvent(event.id), 'POST', { template_id: picked } satisfies ApplyTestTemplateBody);
      notify(`${P}.applied`, { type: 'success', messageArgs: { title: choices?.find((c) => c.id === picked)?.title ?? '' } });
      close();
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Tooltip title={translate(`${P}.button`)}>
        <IconButton size="small" aria-label={translate(`${P}.button_for`, { date: day })} onClick={() => setOpen(true)}><QuizIcon fontSize="small" /></IconButton>
      </Tooltip>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <DialogTitle>{translate(`${P}.title`, { date: day })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(`${P}.help`)}</Typography>
          {choices && choices.length === 0
            ? <Typography>{translate(`${P}.none`)}</Typography>
            : (
              <TextField select fullWidth size="small" label={translate(`${P}.template`)} value={picked} onChange={(e) => setPicked(Number(e.target.value))}>
                {(choices ?? []).map((c) => <MenuItem key={c.id} value={c.id}>{translate(`${P}.choice`, { title: c.title, smart_count: c.qty_questions })}</MenuItem>)}
              </TextField>
            )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={picked === '' || busy} onClick={() => void apply()}>{translate(`${P}.apply`)}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
