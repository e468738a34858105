import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { Confirm, Loading, useTranslate } from 'react-admin';
import { formatInZone, htmlToPlainText } from '@lp/shared/rules';
import type { MediaEnv, StudioSnapshot, StudioStatus } from '@lp/streaming';
import { useWebcast } from '../useWebcast.ts';
import { ConfigureStreamingDialog, DeviceOptionsDialog } from './StreamDialogs.tsx';
import { STREAM_KEYS, useStreamStudio } from './useStreamStudio.ts';

export interface WebcastStreamTabProps {
  webcastId: number;
  /** webcasts_manage: without it the controls are disabled */
  canManage: boolean;
  /** the browser's media (tests pass fake devices) */
  mediaEnv?: MediaEnv;
}

const ERROR_STATUSES: readonly StudioStatus[] = ['app_requirements_not_met', 'you_need_at_least_a_microphone_to_stream'];

/** The transmission's wall clock in the webcast's zone, 'YYYY-MM-DD HH:mm' (spec 2 §2.6). */
export const scheduleText = (transmissionDate: string, timezone: string) => formatInZone(transmissionDate, timezone, 'yyyy-MM-dd HH:mm');

function Preview({ snapshot, wide }: { snapshot: StudioSnapshot; wide: boolean }) {
  const translate = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = snapshot.preview;
  }, [snapshot.preview]);
  return (
    <Box sx={{ position: 'relative', width: '100%', maxWidth: wide ? '100%' : 480, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden', aspectRatio: '16 / 9' }}>
      <video ref={video} autoPlay muted playsInline aria-label={translate(`${STREAM_KEYS}.preview`)} style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />
      {snapshot.live && (
        <Chip label={translate(`${STREAM_KEYS}.live_badge`)} color="error" size="small" sx={{ position: 'absolute', top: 8, left: 8, fontWeight: 700 }} />
      )}
    </Box>
  );
}

/**
 * spec 2 §2.6 stream tab (browser broadcasting), with the flow of §4.14 and the rules of §5.10:
 * the webcast's title, description and start, a local preview, and the studio's controls. The
 * logic is @lp/streaming's StreamStudio; this renders its snapshot.
 */
export function WebcastStreamTab({ webcastId, canManage, mediaEnv }: WebcastStreamTabProps) {
  const translate = useTranslate();
  const { data: webcast } = useWebcast(webcastId);
  const { studio, snapshot } = useStreamStudio(webcastId, webcast, mediaEnv);
  const [wide, setWide] = useState(true);
  const [dialog, setDialog] = useState<'configure' | 'devices' | 'end' | null>(null);

  // leaving the page while publishing ends the transmission: the browser asks first
  const publishing = !!snapshot?.publishing;
  useEffect(() => {
    if (!publishing) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = translate(`${STREAM_KEYS}.leave_while_live`);
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [publishing, translate]);

  if (!webcast || !studio || !snapshot) return <Loading />;
  const s = snapshot;
  const t = (key: string) => translate(`${STREAM_KEYS}.${key}`);
  const locked = !canManage || s.ending;
  const hasMicrophone = s.audioDevices.length > 0;
  const hasCamera = s.videoDevices.length > 0;
  const sourceOn = s.cameraActive || s.displayActive;
  const devices = { audioDeviceId: s.audioDeviceId, videoDeviceId: s.videoDeviceId };

  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">{webcast.title}</Typography>
          {webcast.description && <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>{htmlToPlainText(webcast.description)}</Typography>}
          <Typography variant="body2" sx={{ mt: 1 }}>
            {`${t('webinar_start_schedule')}: ${scheduleText(webcast.transmission_date, webcast.timezone)}`}
          </Typography>
        </CardContent>
      </Card>

      {s.status && (
        <Alert role="status" severity={ERROR_STATUSES.includes(s.status) ? 'error' : 'info'}>{t(s.status)}</Alert>
      )}

      {s.supported && (
        <>
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <Preview snapshot={s} wide={wide} />
            <Tooltip title={t(wide ? 'narrow_frame' : 'wide_frame')}>
              <IconButton aria-label={t(wide ? 'narrow_frame' : 'wide_frame')} onClick={() => setWide(!wide)}>
                {wide ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
              </IconButton>
            </Tooltip>
          </Stack>

          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            {hasMicrophone && (
              <Button variant="outlined" disabled={locked} onClick={() => setDialog('configure')}>{t('configure_streaming')}</Button>
            )}
            <Button variant="outlined" disabled={locked || !s.ready} onClick={() => setDialog('devices')}>{t('device_options')}</Button>
            {s.server === 'offline' && !s.publishing && !s.converting && hasMicrophone && (
              <Button variant="contained" disabled={locked} onClick={() => void studio.createTransmission()}>{t('create_transmission')}</Button>
            )}
            {!sourceOn && (
              <>
                <Button variant="outlined" disabled={locked || !hasCamera} onClick={() => void studio.startWithCamera()}>{t('start_with_camera')}</Button>
                <Button variant="outlined" disabled={locked} onClick={() => void studio.startWithDisplay()}>{t('start_with_display')}</Button>
              </>
            )}
            {s.cameraActive && <Button variant="outlined" disabled={locked} onClick={() => void studio.shareScreen()}>{t('share_screen')}</Button>}
            {s.displayActive && <Button variant="outlined" disabled={locked || !hasCamera} onClick={() => void studio.shareCamera()}>{t('share_camera')}</Button>}
            {s.server === 'online' && !s.publishing && (
              <Button variant="contained" color="error" disabled={locked} onClick={() => void studio.goLive()}>{t('go_live')}</Button>
            )}
            {(s.server !== 'offline' || s.publishing) && (
              <Button variant="contained" color="warning" disabled={locked} onClick={() => setDialog('end')}>{t('end_transmission')}</Button>
            )}
          </Stack>
        </>
      )}

      {s.status === 'transmission_ended_ready_to_download' && (
        <Stack spacing={1} alignItems="flex-start">
          <Button variant="contained" disabled={!canManage || s.saving} onClick={() => void studio.saveVideo()}>{t('save_webinar_video')}</Button>
          <Alert severity="warning">{t('record_warning')}</Alert>
        </Stack>
      )}

      <ConfigureStreamingDialog
        open={dialog === 'configure'}
        audioDevices={s.audioDevices}
        videoDevices={s.videoDevices}
        current={devices}
        preset={s.preset}
        onClose={() => setDialog(null)}
        onSave={(choice) => studio.configure(choice)}
      />
      <DeviceOptionsDialog
        open={dialog === 'devices'}
        audioDevices={s.audioDevices}
        videoDevices={s.videoDevices}
        current={devices}
        onClose={() => setDialog(null)}
        onApply={(choice) => void studio.applyDeviceOptions(choice)}
      />
      <Confirm
        isOpen={dialog === 'end'}
        title={`${STREAM_KEYS}.end_transmission`}
        content={`${STREAM_KEYS}.confirm_end_transmission`}
        confirm={`${STREAM_KEYS}.end`}
        cancel={`${STREAM_KEYS}.cancel`}
        onConfirm={() => {
          setDialog(null);
          studio.endTransmission();
        }}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
