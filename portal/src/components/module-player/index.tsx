import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { PACKAGE_FRAME_SANDBOX } from '@lp/shared/rules';
import type { LearnerTraining, ModuleProgressAnswer } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { trackMediaProgress, type MediaReport } from '../../lib/media-progress.ts';
import { reportModuleProgress, type ModuleProgressReport } from '../../lib/module-progress.ts';
import { Message } from '../message/index.tsx';
import { VideoPlayer } from '../video-player/index.tsx';
import { ScormPlayer } from '../scorm-player/index.tsx';

type Activity = LearnerTraining['activities'][number];
export type PlayableModule = NonNullable<Activity['module']>;

export interface ModulePlayerProps {
  trainingId: number;
  moduleId: number;
  title: string;
  module: PlayableModule;
  /**
   * The learner's progress changed on the server: with the answer to a progress report, or
   * without one after a SCORM session ended (its commits carry the progress).
   */
  onChanged?(answer?: ModuleProgressAnswer): void;
}

/** Plays one module by its kind (spec 2 §3.2) and reports the learner's progress. */
export function ModulePlayer({ trainingId, moduleId, title, module, onChanged }: ModulePlayerProps) {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(onChanged);
  latest.current = onChanged;

  const report = (body: ModuleProgressReport) => {
    reportModuleProgress(trainingId, moduleId, body)
      .then((answer) => {
        setError(null);
        latest.current?.(answer);
      })
      .catch((failure: unknown) => setError(t('portal.courses.player.progress_error', { reason: errorText(t, errorCode(failure)) })));
  };
  const opened = () => report({ finished: true });
  const played = (progress: MediaReport) => report(progress);

  return (
    <div class={`module-player module-${module.kind}`}>
      <PlayerBody kind={module.kind} module={module} title={title} trainingId={trainingId} moduleId={moduleId}
        onOpened={opened} onPlayed={played} onScormFinish={() => latest.current?.()} />
      {error && <Message kind="error">{error}</Message>}
    </div>
  );
}

interface BodyProps {
  kind: PlayableModule['kind'];
  module: PlayableModule;
  title: string;
  trainingId: number;
  moduleId: number;
  onOpened(): void;
  onPlayed(progress: MediaReport): void;
  onScormFinish(): void;
}

function PlayerBody({ kind, module, title, trainingId, moduleId, onOpened, onPlayed, onScormFinish }: BodyProps) {
  const { t } = useI18n();
  const url = module.resource_url;
  switch (kind) {
    case 'video':
      return url ? <VideoPlayer url={url} title={title} resumeAt={module.position_seconds} onProgress={onPlayed} /> : <Missing />;
    case 'audio':
      return url ? <AudioPlayer url={url} title={title} resumeAt={module.position_seconds} onProgress={onPlayed} /> : <Missing />;
    case 'pdf':
      return url ? <PdfViewer url={url} title={title} onOpened={onOpened} /> : <Missing />;
    case 'scorm':
      return <ScormPlayer trainingId={trainingId} moduleId={moduleId} title={title} onFinish={onScormFinish} />;
    case 'html':
      return url ? <OpenedFrame src={url} title={title} onOpened={onOpened} sandboxed /> : <Missing />;
    case 'youtube':
    case 'vimeo':
    case 'slideshare':
      return module.embed_url ? <OpenedFrame src={module.embed_url} title={title} onOpened={onOpened} /> : <Missing />;
    case 'powerpoint':
    case 'file':
      return url ? (
        <p class="download-module">
          <a class="button-link" href={url} download target="_blank" rel="noopener" onClick={onOpened}>
            {t(kind === 'powerpoint' ? 'portal.courses.player.download_powerpoint' : 'portal.courses.player.download_file')}
          </a>
        </p>
      ) : <Missing />;
    default:
      return <Missing />;
  }
}

function Missing() {
  const { t } = useI18n();
  return <Message kind="info">{t('portal.courses.player.unavailable')}</Message>;
}

/** Runs once when the content is shown: documents, frames and embeds count as done when opened. */
function useOpened(onOpened: () => void) {
  const once = useRef(onOpened);
  useEffect(() => once.current(), []);
}

function AudioPlayer({ url, title, resumeAt, onProgress }: { url: string; title: string; resumeAt: number; onProgress(p: MediaReport): void }) {
  const element = useRef<HTMLAudioElement>(null);
  const latest = useRef({ onProgress, resumeAt });
  latest.current = { onProgress, resumeAt };
  // attached in the commit itself, before the element can play and fire anything
  useLayoutEffect(() => trackMediaProgress(element.current!, {
    resumeAt: latest.current.resumeAt,
    report: (progress) => latest.current.onProgress(progress),
  }), [url]);
  return <audio ref={element} class="audio-player" src={url} controls preload="metadata" aria-label={title} />;
}

/** spec 2 §8 'PDF not supported by browser': the fallback offers the file to download. */
function PdfViewer({ url, title, onOpened }: { url: string; title: string; onOpened(): void }) {
  const { t } = useI18n();
  useOpened(onOpened);
  const fallback = (
    <Message kind="info">
      {t('portal.courses.player.pdf_not_supported')}{' '}
      <a href={url} download target="_blank" rel="noopener">{t('portal.courses.player.download_pdf')}</a>
    </Message>
  );
  // phones and browsers without a PDF viewer say so; <object> shows its content where it cannot render
  if (typeof navigator !== 'undefined' && navigator.pdfViewerEnabled === false) return fallback;
  return (
    <object class="content-frame" data={url} type="application/pdf" aria-label={title}>
      {fallback}
    </object>
  );
}

/**
 * HTML packages come from the content origin and run in a sandbox without allow-same-origin
 * (docs/security.md): their scripts reach nothing of the portal nor of any origin.
 */
function OpenedFrame({ src, title, onOpened, sandboxed }: { src: string; title: string; onOpened(): void; sandboxed?: boolean }) {
  useOpened(onOpened);
  return (
    <iframe class="content-frame" src={src} title={title} allow="fullscreen; picture-in-picture"
      sandbox={sandboxed ? PACKAGE_FRAME_SANDBOX : undefined}
      referrerpolicy={sandboxed ? 'no-referrer' : 'strict-origin-when-cross-origin'} />
  );
}
