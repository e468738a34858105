import { useEffect, useState } from 'react';
import {
  Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, IconButton, Switch, Tooltip,
} from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { useTranslate } from 'react-admin';

const KEY = 'resources.trainings.configure';
/** spec 2 §9 "Close-training confirmation countdown: 5 seconds" */
export const CLOSE_TRAINING_COUNTDOWN_SECONDS = 5;

export interface OpenTrainingToggleProps {
  isOpen: boolean;
  hasDoneActivities: boolean;
  canManage: boolean;
  /** saves the flag; false when it failed (the toggle shows the saved value either way) */
  onChange(isOpen: boolean): Promise<unknown>;
}

/**
 * spec 2 §4.6 the open toggle: opening, or closing without done activities, saves directly;
 * closing with done activities asks first ('close_training'), with Confirm disabled for a
 * visible 5-second countdown, and Cancel leaves the training open. A closed training with
 * done activities cannot be reopened, so the toggle is then disabled.
 */
export function OpenTrainingToggle({ isOpen, hasDoneActivities, canManage, onChange }: OpenTrainingToggleProps) {
  const translate = useTranslate();
  const [helping, setHelping] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [seconds, setSeconds] = useState(CLOSE_TRAINING_COUNTDOWN_SECONDS);
  const [busy, setBusy] = useState(false);
  const locked = !isOpen && hasDoneActivities;

  useEffect(() => {
    if (!confirming) return undefined;
    const timer = window.setInterval(() => {
      setSeconds((left) => {
        if (left <= 1) window.clearInterval(timer);
        return Math.max(0, left - 1);
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, [confirming]);

  const save = async (next: boolean) => {
    setBusy(true);
    try {
      await onChange(next);
    } finally {
      setBusy(false);
    }
  };

  const toggle = (next: boolean) => {
    if (!next && hasDoneActivities) {
      setSeconds(CLOSE_TRAINING_COUNTDOWN_SECONDS);
      setConfirming(true);
    } else {
      void save(next);
    }
  };

  const confirmClose = async () => {
    setConfirming(false);
    await save(false);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <Tooltip describeChild title={locked ? translate(`${KEY}.closed_with_done_activities`) : ''}>
        <FormControlLabel
          label={translate(`${KEY}.open_training`)}
          control={(
            <Switch
              // while the close dialog is up the toggle shows "closed"; Cancel puts it back
              checked={isOpen && !confirming}
              disabled={!canManage || locked || busy}
              onChange={(event) => toggle(event.target.checked)}
            />
          )}
        />
      </Tooltip>
      <IconButton size="small" aria-label={translate(`${KEY}.open_training_help`)} onClick={() => setHelping(true)}>
        <HelpOutlineIcon fontSize="small" />
      </IconButton>

      <Dialog open={helping} onClose={() => setHelping(false)} aria-labelledby="open-training-help-title">
        <DialogTitle id="open-training-help-title">{translate(`${KEY}.open_training`)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(`${KEY}.open_training_helper`)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setHelping(false)}>{translate(`${KEY}.ok`)}</Button>
        </DialogActions>
      </Dialog>

      <Dialog open={confirming} aria-labelledby="close-training-title">
        <DialogTitle id="close-training-title">{translate(`${KEY}.close_training`)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(`${KEY}.confirm_close_training_this_cannot_be_undone`)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate(`${KEY}.cancel`)}</Button>
          <Button variant="contained" color="warning" disabled={seconds > 0} onClick={() => void confirmClose()}>
            {seconds > 0 ? translate(`${KEY}.confirm_countdown`, { seconds }) : translate(`${KEY}.confirm`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
