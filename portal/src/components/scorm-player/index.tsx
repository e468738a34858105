import { useEffect, useRef, useState } from 'preact/hooks';
import { LEARNER_PATHS, type ScormState } from '@lp/shared';
import { api, errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../message/index.tsx';
import { startScorm } from './runtime.ts';

export interface ScormPlayerProps {
  trainingId: number;
  moduleId: number;
  title: string;
  /** after LMSFinish / Terminate: the training's progress may have changed on the server */
  onFinish?(): void;
}

/**
 * SCORM 1.2 / 2004 (spec 2 §2.1; DESIGN "SCORM runtime in the portal with scorm-again"): loads the
 * learner's CMI, starts the API, then frames the package's launch page. The frame is not
 * sandboxed: SCORM content must reach window.API in its parent, served from this origin.
 */
export function ScormPlayer({ trainingId, moduleId, title, onFinish }: ScormPlayerProps) {
  const { t } = useI18n();
  const [launchUrl, setLaunchUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const finished = useRef(onFinish);
  finished.current = onFinish;

  useEffect(() => {
    const path = LEARNER_PATHS.scorm(trainingId, moduleId);
    let gone = false;
    let close: () => Promise<void> = async () => undefined;
    setLaunchUrl(null);
    setError(null);
    (async () => {
      const state = await api.json<ScormState>(path);
      const bridge = await startScorm(state, {
        commit: (cmi, { keepalive }) => api.json<void>(path, { method: 'PUT', body: JSON.stringify({ cmi }), keepalive }),
        onCommitError: (failure) => {
          if (!gone) setError(errorText(t, errorCode(failure)));
        },
        onFinish: () => finished.current?.(),
      });
      if (gone) {
        await bridge.close();
        return;
      }
      close = () => bridge.close();
      setLaunchUrl(state.launch_url);
    })().catch((failure: unknown) => {
      if (!gone) setError(errorText(t, errorCode(failure)));
    });
    return () => {
      gone = true;
      void close();
    };
    // t changes with the language only; the runtime is not restarted for it
  }, [trainingId, moduleId]);

  return (
    <div class="scorm-player">
      {error && <Message kind="error">{error}</Message>}
      {!launchUrl && !error && <p class="loading">{t('portal.courses.player.loading')}</p>}
      {launchUrl && <iframe class="content-frame" src={launchUrl} title={title} allow="fullscreen" />}
    </div>
  );
}
