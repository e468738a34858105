import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { LEARNER_PATHS, type ScormState } from '@lp/shared/contract';
import { PACKAGE_FRAME_SANDBOX } from '@lp/shared/rules';
import { api, errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../message/index.tsx';
import { listenToScormFrame } from './bridge.ts';

export interface ScormPlayerProps {
  trainingId: number;
  moduleId: number;
  title: string;
  /** the package's runtime started: it is shown, loaded (reported before its first commit) */
  onOpened?(): Promise<void>;
  /** after LMSFinish / Terminate: the training's progress may have changed on the server */
  onFinish?(): void;
}

/**
 * SCORM 1.2 / 2004 (spec 2 §2.1; docs/security.md "SCORM"): the launch URL is the
 * package on the content origin, signed for this learner, whose pages carry the runtime with
 * their CMI. The frame is sandboxed without allow-same-origin: the package reaches nothing of
 * the portal, and the portal saves what it posts (bridge.ts).
 */
export function ScormPlayer({ trainingId, moduleId, title, onOpened, onFinish }: ScormPlayerProps) {
  const { t } = useI18n();
  const [launchUrl, setLaunchUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const finished = useRef(onFinish);
  finished.current = onFinish;
  const opened = useRef(onOpened);
  opened.current = onOpened;
  // the language may change while a package runs; its messages follow it without reloading the package
  const translate = useRef(t);
  translate.current = t;
  const path = LEARNER_PATHS.scorm(trainingId, moduleId);

  useEffect(() => {
    let gone = false;
    setLaunchUrl(null);
    setError(null);
    api.json<ScormState>(path)
      .then((state) => { if (!gone) setLaunchUrl(state.launch_url); })
      .catch((failure: unknown) => { if (!gone) setError(errorText(translate.current, errorCode(failure))); });
    return () => { gone = true; };
  }, [path]);

  // in the commit that renders the frame, before it can load: the package's first message is not missed
  useLayoutEffect(() => {
    if (!launchUrl) return undefined;
    const bridge = listenToScormFrame({
      source: () => frame.current?.contentWindow ?? null,
      commit: (cmi, { keepalive }) => api.json<void>(path, { method: 'PUT', body: JSON.stringify({ cmi }), keepalive }),
      onCommitError: (failure) => setError(errorText(translate.current, errorCode(failure))),
      onFinish: () => finished.current?.(),
      opened: () => opened.current?.() ?? Promise.resolve(),
    });
    return () => void bridge.close();
  }, [launchUrl, path]);

  return (
    <div class="scorm-player">
      {error && <Message kind="error">{error}</Message>}
      {!launchUrl && !error && <p class="loading">{t('portal.courses.player.loading')}</p>}
      {launchUrl && (
        <iframe ref={frame} class="content-frame" src={launchUrl} title={title} allow="fullscreen"
          sandbox={PACKAGE_FRAME_SANDBOX} referrerpolicy="no-referrer" />
      )}
    </div>
  );
}
