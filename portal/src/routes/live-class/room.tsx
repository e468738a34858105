import { useEffect, useRef, useState } from 'preact/hooks';
import { LEARNER_LIVE_CLASS_PATHS, type LearnerLiveClass, type LiveClassRoom } from '@lp/shared/contract';
import { api, errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../../components/message/index.tsx';

type JitsiRoom = Extract<LiveClassRoom, { platform: 'jitsi' }>;

/** The part of the Jitsi Meet IFrame API used here (https://jitsi.github.io/handbook/docs/dev-guide/dev-guide-iframe). */
interface JitsiApi { dispose(): void; addListener(event: string, listener: () => void): void }
type JitsiConstructor = new (domain: string, options: {
  roomName: string; parentNode: HTMLElement; width: string; height: string; userInfo: { displayName: string };
  configOverwrite: Record<string, unknown>;
}) => JitsiApi;
declare global { interface Window { JitsiMeetExternalAPI?: JitsiConstructor } }

const scripts = new Map<string, Promise<JitsiConstructor>>();

/** Loads the IFrame API script of the configured Jitsi server once (its `external_api.js`). */
function loadJitsi(domain: string): Promise<JitsiConstructor> {
  let loading = scripts.get(domain);
  if (!loading) {
    loading = new Promise<JitsiConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://${domain}/external_api.js`;
      script.async = true;
      script.onload = () => (window.JitsiMeetExternalAPI ? resolve(window.JitsiMeetExternalAPI) : reject(new Error('no JitsiMeetExternalAPI')));
      script.onerror = () => reject(new Error(`could not load ${script.src}`));
      document.head.append(script);
    });
    loading.catch(() => scripts.delete(domain));
    scripts.set(domain, loading);
  }
  return loading;
}

/** The embedded Jitsi room (spec 3 §2 rooms): the instructor joins as the moderator the server named. */
function JitsiMeeting({ room, title, onLeave }: { room: JitsiRoom; title: string; onLeave(): void }) {
  const { t } = useI18n();
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let meeting: JitsiApi | null = null;
    let gone = false;
    loadJitsi(room.domain).then((Api) => {
      if (gone || !host.current) return;
      meeting = new Api(room.domain, {
        roomName: room.room_name, parentNode: host.current, width: '100%', height: '100%',
        userInfo: { displayName: room.display_name },
        configOverwrite: { subject: title, prejoinConfig: { enabled: true } },
      });
      meeting.addListener('readyToClose', onLeave);
    }).catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      meeting?.dispose();
    };
  }, [room, title, onLeave]);
  if (failed) return <Message kind="error">{errorText(t, 'unexpected_error')}</Message>;
  return (
    <section aria-label={t('portal.liveClasses.room_region')}>
      <div class="live-class-room" ref={host} data-testid="jitsi-room" />
      <button type="button" class="button-secondary" onClick={onLeave}>{t('portal.liveClasses.leave')}</button>
    </section>
  );
}

/**
 * "Enter the class" (spec 3 §2, §9): shown only while the server says the room is open for this
 * learner. The room is asked for on the click (the server records the first entry then): an
 * external meeting opens in a new tab, a Jitsi room is embedded here.
 */
export function EnterRoom({ liveClass }: { liveClass: LearnerLiveClass }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [room, setRoom] = useState<LiveClassRoom | null>(null);
  const leave = useRef(() => setRoom(null)).current;

  async function enter() {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.json<LiveClassRoom>(LEARNER_LIVE_CLASS_PATHS.room(liveClass.id));
      // the tab opens in the click's activation (browsers allow a few seconds); the link below stays in case it was blocked
      if (answer.platform === 'external') window.open(answer.url, '_blank', 'noopener,noreferrer');
      setRoom(answer);
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
    }
  }

  const label = t(liveClass.role === 'instructor' ? 'portal.liveClasses.start' : 'portal.liveClasses.enter');
  if (room?.platform === 'jitsi') return <JitsiMeeting room={room} title={liveClass.title} onLeave={leave} />;
  return (
    <>
      {room?.platform === 'external'
        ? (
          <a class="button-primary" href={room.url} target="_blank" rel="noopener noreferrer">
            {label} <span class="note">{t('portal.liveClasses.new_tab')}</span>
          </a>
        )
        : <button type="button" class="button-primary" disabled={busy} onClick={() => void enter()}>{label}</button>}
      {error && <Message kind="error">{error}</Message>}
    </>
  );
}
