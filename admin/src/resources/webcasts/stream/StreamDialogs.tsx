import { useEffect, useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RECORDING_PRESET_IDS, RECORDING_PRESETS, type RecordingPresetId } from '@lp/shared/contract';
import { DEFAULT_DEVICE_LABEL, type DeviceOption } from '@lp/streaming';
import { STREAM_KEYS } from './useStreamStudio.ts';

function DeviceSelect({ label, options, value, onChange }: { label: string; options: DeviceOption[]; value: string | null; onChange(id: string): void }) {
  const translate = useTranslate();
  const id = useId();
  return (
    <FormControl fullWidth size="small">
      <InputLabel id={id}>{translate(label)}</InputLabel>
      <Select labelId={id} label={translate(label)} value={value ?? ''} onChange={(e) => onChange(String(e.target.value))}>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label === DEFAULT_DEVICE_LABEL ? translate(`${STREAM_KEYS}.default_device`) : o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

export interface DeviceChoice {
  audioDeviceId: string | null;
  videoDeviceId: string | null;
}

interface CommonProps {
  open: boolean;
  audioDevices: DeviceOption[];
  videoDevices: DeviceOption[];
  current: DeviceChoice;
  onClose(): void;
}

/**
 * spec 2 §2.6 configure_streaming: the audio input device, the video input device (only if a
 * camera exists), the recording quality (spec 4 presets 1–3), save_settings and Cancel.
 */
export function ConfigureStreamingDialog({ open, audioDevices, videoDevices, current, preset, onClose, onSave }: CommonProps & {
  preset: RecordingPresetId;
  onSave(choice: DeviceChoice & { preset: RecordingPresetId }): Promise<unknown>;
}) {
  const translate = useTranslate();
  const qualityId = useId();
  const [choice, setChoice] = useState({ ...current, preset });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) setChoice({ ...current, preset });
    // the dialog starts from the studio's choice each time it opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  async function save() {
    setSaving(true);
    try {
      await onSave(choice);
      onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`${qualityId}-title`}>
      <DialogTitle id={`${qualityId}-title`}>{translate(`${STREAM_KEYS}.configure_streaming`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DeviceSelect label={`${STREAM_KEYS}.audio_device`} options={audioDevices} value={choice.audioDeviceId} onChange={(id) => setChoice({ ...choice, audioDeviceId: id })} />
          {videoDevices.length > 0 && (
            <DeviceSelect label={`${STREAM_KEYS}.video_device`} options={videoDevices} value={choice.videoDeviceId} onChange={(id) => setChoice({ ...choice, videoDeviceId: id })} />
          )}
          <FormControl fullWidth size="small">
            <InputLabel id={qualityId}>{translate(`${STREAM_KEYS}.recording_quality`)}</InputLabel>
            <Select
              labelId={qualityId}
              label={translate(`${STREAM_KEYS}.recording_quality`)}
              value={choice.preset}
              onChange={(e) => setChoice({ ...choice, preset: Number(e.target.value) as RecordingPresetId })}
            >
              {RECORDING_PRESET_IDS.map((id) => {
                const p = RECORDING_PRESETS[id];
                return <MenuItem key={id} value={id}>{`${p.label} (${p.width}x${p.height}, ${p.bitRate} kbps)`}</MenuItem>;
              })}
            </Select>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${STREAM_KEYS}.cancel`)}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>{translate(`${STREAM_KEYS}.save_settings`)}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** spec 2 §2.6 device_options: audio and video device selects and Ok (the devices are requested again). */
export function DeviceOptionsDialog({ open, audioDevices, videoDevices, current, onClose, onApply }: CommonProps & { onApply(choice: DeviceChoice): void }) {
  const translate = useTranslate();
  const titleId = useId();
  const [choice, setChoice] = useState(current);
  useEffect(() => {
    if (open) setChoice(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(`${STREAM_KEYS}.device_options`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DeviceSelect label={`${STREAM_KEYS}.audio_device`} options={audioDevices} value={choice.audioDeviceId} onChange={(id) => setChoice({ ...choice, audioDeviceId: id })} />
          <DeviceSelect label={`${STREAM_KEYS}.video_device`} options={videoDevices} value={choice.videoDeviceId} onChange={(id) => setChoice({ ...choice, videoDeviceId: id })} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => { onApply(choice); onClose(); }}>{translate(`${STREAM_KEYS}.ok`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
