import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { LearnerTraining, ModuleProgressAnswer, ModuleProgressBody } from '@lp/shared/contract';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { trackMediaProgress, type MediaReport } from '../../lib/media-progress.ts';
import { listenToModule, progressOutbox, queueProgress } from '../../lib/offline/progress-outbox.ts';
import { Message } from '../message/index.tsx';
import { PdfViewer } from '../pdf-viewer/index.tsx';
import { VideoPlayer } from '../video-player/index.tsx';
import { ScormPlayer } from '../scorm-player/index.tsx';
import { EmbedFrame, PackageFrame } from './frames.tsx';

type Activity = LearnerTraining['activities'][number];
export type PlayableModule = NonNullable<Activity['module']>;

export interface ModulePlayerProps {
  trainingId: number;
  moduleId: number;
  title: string;
  module: PlayableModule;
  /** the module is done already (a review): nothing is counted toward it */
  finished?: boolean;
  /**
   * The learner's progress changed on the server: with the answer to a progress report, or
   * without one after a SCORM session ended (its commits carry the progress).
   */
  onChanged?(answer?: ModuleProgressAnswer): void;
}

/** What a player of any kind tells the module player. */
interface Reports {
  /** the content is shown, loaded: the server starts its clock (nothing is taken before); settles once answered */
  opened(): Promise<void>;
  played(progress: MediaReport): void;
  page(page: number, pages: number): void;
  completed(by: 'package' | 'time' | 'download'): void;
}

/**
 * Plays one module by its kind (spec 2 §3.2) and reports what the learner really did with it, one
 * report after the other; the server judges each by the completion rules of shared
 * learning/completion.ts — nothing is done because it was opened, nor when its content failed to load.
 */
export function ModulePlayer({ trainingId, moduleId, title, module, finished = false, onChanged }: ModulePlayerProps) {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ onChanged, t });
  latest.current = { onChanged, t };

  // the server's answers to this module's events: the ones sent now, and the ones kept offline
  // (in the commit itself: a medium may load, and its opening be answered, before passive effects run)
  useLayoutEffect(() => listenToModule(trainingId, moduleId, {
    answered: (answer) => {
      setError(null);
      latest.current.onChanged?.(answer);
    },
    refused: (code) => setError(latest.current.t('portal.courses.player.progress_error', { reason: errorText(latest.current.t, code) })),
  }), [trainingId, moduleId]);
  // no connection: what the learner does is kept on the device and sent when it is back
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    const outbox = progressOutbox();
    const follow = () => setWaiting(outbox.offline && outbox.size > 0);
    follow();
    return outbox.subscribe(follow);
  }, []);

  const reports = useMemo((): Reports => {
    // every event goes through the learner's one outbox, in the order it happened (issue 24 item 6)
    const report = (body: ModuleProgressBody) => queueProgress({ trainingId, moduleId, body });
    // nothing is played of what never loaded (the server would refuse it anyway)
    let opened = false;
    return {
      opened: () => {
        opened = true;
        return report({ event: 'opened' });
      },
      // the share is counted on the medium's duration: nothing to tell before it is known
      played: (p) => {
        if (opened && p.duration > 0) void report({ event: 'played', played: p.played.map(([a, b]) => [a, b]), duration: p.duration, position_seconds: p.position_seconds });
      },
      page: (page, pages) => void report({ event: 'page', page, pages }),
      completed: (by) => void report({ event: 'completed', by }),
    };
  }, [trainingId, moduleId]);

  return (
    <div class={`module-player module-${module.kind}`}>
      <PlayerBody module={module} title={title} trainingId={trainingId} moduleId={moduleId} finished={finished}
        reports={reports} onScormFinish={() => latest.current.onChanged?.()} />
      {error && <Message kind="error">{error}</Message>}
      {waiting && !error && <Message kind="info">{t('portal.offline.progress_kept')}</Message>}
    </div>
  );
}

interface BodyProps {
  module: PlayableModule;
  title: string;
  trainingId: number;
  moduleId: number;
  finished: boolean;
  reports: Reports;
  onScormFinish(): void;
}

function PlayerBody({ module, title, trainingId, moduleId, finished, reports, onScormFinish }: BodyProps) {
  const { t } = useI18n();
  const url = module.resource_url;
  const kind = module.kind;
  switch (kind) {
    case 'video':
      return url
        ? <VideoPlayer url={url} title={title} resumeAt={module.position_seconds} onLoaded={reports.opened} onProgress={reports.played} />
        : <Missing />;
    case 'audio':
      return url ? <AudioPlayer url={url} title={title} resumeAt={module.position_seconds} reports={reports} /> : <Missing />;
    case 'pdf':
      return url ? <PdfViewer url={url} title={title} onLoaded={reports.opened} onPage={reports.page} /> : <Missing />;
    case 'scorm':
      return <ScormPlayer trainingId={trainingId} moduleId={moduleId} title={title} onOpened={reports.opened} onFinish={onScormFinish} />;
    case 'html':
      return url
        ? <PackageFrame src={url} title={title} finished={finished} onOpened={reports.opened} onCompleted={reports.completed} />
        : <Missing />;
    case 'youtube':
    case 'vimeo':
    case 'slideshare':
      return module.embed_url
        ? <EmbedFrame kind={kind} src={module.embed_url} title={title} finished={finished} onOpened={reports.opened} onCompleted={reports.completed} onPlayed={reports.played} />
        : <Missing />;
    case 'powerpoint':
    case 'file':
      return url ? (
        <p class="download-module">
          <a class="button-link" href={url} download target="_blank" rel="noopener" onClick={() => {
            void reports.opened();
            reports.completed('download');
          }}>
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

function AudioPlayer({ url, title, resumeAt, reports }: { url: string; title: string; resumeAt: number; reports: Reports }) {
  const element = useRef<HTMLAudioElement>(null);
  const latest = useRef({ reports, resumeAt });
  latest.current = { reports, resumeAt };
  // attached in the commit itself, before the element can play and fire anything
  useLayoutEffect(() => trackMediaProgress(element.current!, {
    resumeAt: latest.current.resumeAt,
    loaded: () => void latest.current.reports.opened(),
    report: (progress) => latest.current.reports.played(progress),
  }), [url]);
  return <audio ref={element} class="audio-player" src={url} controls preload="metadata" aria-label={title} />;
}
