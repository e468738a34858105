import { useEffect, useRef, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import { MIN_VIEW_SECONDS, PACKAGE_FRAME_SANDBOX, isPackageFrameMessage } from '@lp/shared/rules';
import { embedProviderOf } from '../../lib/embed-providers.ts';
import { useI18n } from '../../lib/i18n.ts';
import { playbackTracker, type MediaReport } from '../../lib/media-progress.ts';

/**
 * Counts the seconds `target` is shown — the page visible and the frame at least half on screen —
 * while `running`, and calls `onReached` once at `seconds` (shared learning/completion.ts
 * MIN_VIEW_SECONDS: content that tells nothing of itself is done after that time shown loaded).
 */
export function useViewTime(target: RefObject<Element>, running: boolean, onReached: () => void, seconds = MIN_VIEW_SECONDS) {
  const reached = useRef(onReached);
  reached.current = onReached;
  useEffect(() => {
    if (!running) return undefined;
    let shown = 0;
    let onScreen = true;
    const element = target.current;
    const observer = element && typeof IntersectionObserver !== 'undefined'
      ? new IntersectionObserver((entries) => { onScreen = entries.some((e) => e.isIntersecting); }, { threshold: 0.5 })
      : null;
    if (element) observer?.observe(element);
    const timer = setInterval(() => {
      if (document.hidden || !onScreen) return;
      shown += 1;
      if (shown < seconds) return;
      clearInterval(timer);
      reached.current();
    }, 1000);
    return () => {
      clearInterval(timer);
      observer?.disconnect();
    };
  }, [running, seconds, target]);
}

function ViewTimeNote({ shown }: { shown: boolean }) {
  const { t } = useI18n();
  return shown ? <p class="note">{t('portal.courses.player.view_time_note', { count: MIN_VIEW_SECONDS })}</p> : null;
}

export interface FrameProps {
  src: string;
  title: string;
  /** the content is shown, loaded */
  onOpened(): void;
  /** done by the package's word, or by the time shown */
  onCompleted(by: 'package' | 'time'): void;
  /** the module is already done: no time is counted */
  finished: boolean;
}

/**
 * An HTML package (docs/security.md: the content origin, a sandbox without allow-same-origin). It
 * is opened when its page says it is shown (the content origin's bridge, packageBridge.js): a frame
 * whose package never arrives — an error, a frame refused — is never opened nor done. It is done
 * when the package says so (`{type: 'lp-package', kind: 'completed'}`) or after MIN_VIEW_SECONDS shown.
 */
export function PackageFrame({ src, title, onOpened, onCompleted, finished }: FrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const done = useRef(finished);
  const latest = useRef({ onOpened, onCompleted });
  latest.current = { onOpened, onCompleted };
  const complete = (by: 'package' | 'time') => {
    if (done.current) return;
    done.current = true;
    latest.current.onCompleted(by);
  };

  useEffect(() => {
    let opened = false;
    const onMessage = (event: MessageEvent) => {
      // only the package's own frame, whose sandbox gives it the opaque origin "null"
      if (!frame.current || event.source !== frame.current.contentWindow || event.origin !== 'null') return;
      if (!isPackageFrameMessage(event.data)) return;
      if (!opened) {
        opened = true;
        setLoaded(true);
        latest.current.onOpened();
      }
      if (event.data.kind === 'completed') complete('package');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [src]);
  useViewTime(frame, loaded && !done.current, () => complete('time'));

  return (
    <>
      <iframe ref={frame} class="content-frame" src={src} title={title} allow="fullscreen"
        sandbox={PACKAGE_FRAME_SANDBOX} referrerpolicy="no-referrer" />
      <ViewTimeNote shown={loaded && !finished} />
    </>
  );
}

export interface EmbedFrameProps extends Omit<FrameProps, 'onCompleted'> {
  kind: 'youtube' | 'vimeo' | 'slideshare';
  onCompleted(by: 'time'): void;
  /** a provider's player tells what is played: reported as a video's */
  onPlayed(progress: MediaReport): void;
}

const HELLO_EVERY_MS = 500;
const HELLO_TRIES = 20;

/**
 * A hosted video or slide deck (spec 2 §3.2 embeds). YouTube and Vimeo players say what is played
 * (lib/embed-providers.ts): then the module is done as a video is, at its watched share. Where the
 * provider says nothing (SlideShare, a player that does not answer) it is done after
 * MIN_VIEW_SECONDS shown since the frame loaded.
 */
export function EmbedFrame({ kind, src, title, onOpened, onCompleted, onPlayed, finished }: EmbedFrameProps) {
  const provider = embedProviderOf(kind);
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [speaking, setSpeaking] = useState(false);
  // read by the view time at once, before a render follows the state
  const heard = useRef(false);
  const done = useRef(finished);
  const latest = useRef({ onOpened, onCompleted, onPlayed });
  latest.current = { onOpened, onCompleted, onPlayed };
  const frameSrc = provider ? provider.frameUrl(src, window.location.origin) : src;
  const target = (() => {
    try {
      return new URL(frameSrc).origin;
    } catch {
      return null;
    }
  })();

  useEffect(() => {
    if (!loaded || !provider || !target) return undefined;
    const post = (messages: unknown[]) => { for (const m of messages) frame.current?.contentWindow?.postMessage(m, target); };
    let position = 0;
    const tracker = playbackTracker({ report: (progress) => { if (progress.duration > 0) latest.current.onPlayed(progress); } });
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow || !provider.fromPlayer(event.origin)) return;
      const news = provider.read(event.data);
      if (!news) return;
      if (!heard.current) {
        heard.current = true;
        setSpeaking(true);
        post(provider.onReady());
      }
      if (news.duration !== undefined) tracker.duration(news.duration);
      if (news.position !== undefined) position = news.position;
      if (news.playing === true) tracker.playing(position);
      else if (news.playing === false || news.ended) tracker.stopped(position, news.ended ?? false);
      else if (news.position !== undefined) tracker.at(position);
    };
    window.addEventListener('message', onMessage);
    // the player answers once it hears the page listening (YouTube); Vimeo's says it is ready by itself
    let tries = 0;
    post(provider.hello());
    const hello = setInterval(() => {
      tries += 1;
      if (heard.current || tries >= HELLO_TRIES) clearInterval(hello);
      else post(provider.hello());
    }, HELLO_EVERY_MS);
    return () => {
      clearInterval(hello);
      window.removeEventListener('message', onMessage);
      tracker.close(position);
    };
  }, [loaded, provider, target]);

  const onLoad = () => {
    if (loaded) return;
    setLoaded(true);
    latest.current.onOpened();
  };
  useViewTime(frame, loaded && !speaking && !done.current, () => {
    if (done.current || heard.current) return;
    done.current = true;
    latest.current.onCompleted('time');
  });

  return (
    <>
      <iframe ref={frame} class="content-frame" src={frameSrc} title={title} allow="fullscreen; picture-in-picture"
        referrerpolicy="strict-origin-when-cross-origin" onLoad={onLoad} />
      <ViewTimeNote shown={loaded && !speaking && !finished} />
    </>
  );
}
