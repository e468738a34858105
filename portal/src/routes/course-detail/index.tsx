import type { ComponentChildren } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { ApiRequestError } from '@lp/shared/client';
import { LEARNER_PATHS, type LearnerActivity, type LearnerTraining, type ModuleProgressAnswer, type Reactions } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n, withMessages } from '../../lib/i18n.ts';
import { formatHours, useDateFormat } from '../../lib/format.ts';
import { safeHtml } from '../../lib/safe-html.ts';
import { usePreview } from '../../lib/preview.ts';
import { useTraining } from '../../hooks/use-training.ts';
import { ActivityList } from '../../components/activity-list/index.tsx';
import { CourseBadges } from '../../components/course-card/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { ProgressBar } from '../../components/progress-bar/index.tsx';
import { ReactionsBar } from '../../components/reactions-bar/index.tsx';
import { TrainingCertificate } from '../../components/training-certificate/index.tsx';
import { TrainingRestart } from '../../components/training-restart/index.tsx';

// below the activities: the evaluation and the comments load after the page, the forum (and its
// texts) only for a training that has one — the course page's budget, bench/bundle-size.mjs
const TrainingEvaluation = lazy(() => import('../../components/training-evaluation/index.tsx')
  .then((module) => ({ default: module.TrainingEvaluation })));
const TrainingComments = lazy(() => import('../../components/training-comments/index.tsx')
  .then((module) => ({ default: module.TrainingComments })));
const TrainingForum = lazy(() => withMessages('forum', import('../../components/training-forum/index.tsx')
  .then((module) => ({ default: module.TrainingForum }))));

export interface CourseDetailProps {
  trainingId: number;
  /** opened inside a trail (spec 2 §2.1 'trails/{id_trail}/course/{id}'): the way back leads there */
  trailId?: number;
}

// downloading for offline use (lib/offline) loads after the page, as the evaluation does
const OfflineDownload = lazy(() => withMessages('offline', import('../../components/offline-download/index.tsx')
  .then((module) => ({ default: module.OfflineDownload }))));

// the players (and what they report) load when a module is opened, not with the page
// (with the offline texts: what is played without a connection is kept and sent later)
const ModulePlayer = lazy(() => withMessages('offline', import('../../components/module-player/index.tsx').then((m) => ({ default: m.ModulePlayer }))));

/** Routes 'courses/:id' and 'trails/:id_trail/course/:id'. */
export default function CourseDetailPage() {
  const params = useParams<{ id: string; id_trail?: string }>();
  const trailId = params.id_trail ? Number(params.id_trail) : undefined;
  return <CourseDetail trainingId={Number(params.id)} trailId={trailId} />;
}

/** spec 2 §2.1: the training detail and player. */
export function CourseDetail({ trainingId, trailId }: CourseDetailProps) {
  const { t } = useI18n();
  const valid = Number.isInteger(trainingId) && trainingId > 0;
  const { data: training, error, mutate } = useTraining(valid ? trainingId : null);
  const back = trailId
    ? <Link href={`/trails/${trailId}`}>{t('portal.courses.back_to_trail')}</Link>
    : <Link href="/courses">{t('portal.courses.back')}</Link>;

  if (error || !valid) {
    const notFound = !valid || (error instanceof ApiRequestError && error.status === 404);
    return (
      <section class="course-detail">
        <Message kind="error">{notFound ? t('portal.courses.not_found') : errorText(t, errorCode(error))}</Message>
        <p>{back}</p>
      </section>
    );
  }
  if (!training) return <p class="loading">{t('portal.loading')}</p>;
  return (
    <TrainingView training={training} back={back} refresh={() => void mutate()}
      onReactions={(reactions) => void mutate((current) => current && { ...current, ...reactions }, { revalidate: false })}
      onModuleProgress={(moduleId, answer) => void mutate((current) => current && withModuleProgress(current, moduleId, answer), { revalidate: false })} />
  );
}

interface TrainingViewProps {
  training: LearnerTraining;
  back: ComponentChildren;
  /** asks the server for the training again (progress, evaluation, comment, restart changed it) */
  refresh(): void;
  onReactions(reactions: Reactions): void;
  /** a module's percent and position moved on the server, nothing else: shown without asking again */
  onModuleProgress(moduleId: number, answer: ModuleProgressAnswer): void;
}

/** The training with one module's percent and position as a progress answer gives them. */
function withModuleProgress(training: LearnerTraining, moduleId: number, answer: ModuleProgressAnswer): LearnerTraining {
  return {
    ...training,
    activities: training.activities.map((a) => (a.type === 'module' && a.id === moduleId && a.module
      ? { ...a, module: { ...a.module, percent: answer.percent, position_seconds: answer.position_seconds } }
      : a)),
  };
}

function TrainingView({ training, back, refresh, onReactions, onModuleProgress }: TrainingViewProps) {
  const { t, locale } = useI18n();
  // spec 1 §2.3 "view editor as a student": the page as the learner sees it, with nothing that writes
  const preview = usePreview() !== null;
  const dates = useDateFormat();
  const [openModuleId, setOpenModuleId] = useState<number | null>(null);
  const playerHeading = useRef<HTMLHeadingElement>(null);
  const latest = useRef(training);
  latest.current = training;

  const openActivity = training.activities.find((a) => a.type === 'module' && a.id === openModuleId && a.available && a.module);
  // the player opens above the list: take the reader (and the focus) there
  useEffect(() => {
    if (openModuleId === null) return;
    playerHeading.current?.scrollIntoView?.({ block: 'start' });
    playerHeading.current?.focus();
  }, [openModuleId]);

  const open = (activity: LearnerActivity) => setOpenModuleId(activity.id);
  // the list and the training's status follow the server only when something changed there
  const progressChanged = (answer?: ModuleProgressAnswer) => {
    const current = latest.current;
    const activity = current.activities.find((a) => a.type === 'module' && a.id === openModuleId);
    if (!answer || answer.training_status !== current.status || answer.status !== activity?.status) refresh();
    else if (openModuleId !== null && answer.percent !== activity?.module?.percent) onModuleProgress(openModuleId, answer);
  };
  const finished = training.status === 'finished' || training.status === 'expired';

  return (
    <article class="course-detail" aria-labelledby="course-title">
      <p class="breadcrumb">{back}</p>
      <header class={`course-header${training.image ? ' has-image' : ''}`}>
        {training.image && <img class="course-image" src={training.image} alt={training.image_alt_text ?? ''} width={520} height={290} />}
        <div class="course-heading">
          <h1 id="course-title">{training.title}</h1>
          <CourseBadges training={training} />
          {training.tags.length > 0 && (
            <ul class="tags" aria-label={t('portal.courses.tags')}>
              {training.tags.map((tag) => <li key={tag.id}>{tag.name}</li>)}
            </ul>
          )}
          <p class="course-card-meta">{t('portal.courses.workload', { hours: formatHours(training.workload, locale) })}</p>
          <ProgressBar percent={training.percent} status={training.status} />
          {training.completed_at && <p class="note">{t('portal.courses.finished_on', { date: dates.instant(training.completed_at) })}</p>}
          {!preview && (
            <>
              <ReactionsBar title={training.title} reactions={training} onChange={onReactions}
                paths={{ favorite: LEARNER_PATHS.favorite(training.id), like: LEARNER_PATHS.like(training.id), rate: LEARNER_PATHS.rate(training.id) }} />
              <TrainingCertificate training={training} />
            </>
          )}
        </div>
      </header>

      {training.description && (
        // sanitised by the server and again here (lib/safe-html.ts)
        <div class="course-description rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(training.description) }} />
      )}

      <section class="panel player-panel" aria-labelledby="player-title" hidden={!openActivity}>
        <div class="player-head">
          <h2 id="player-title" ref={playerHeading} tabIndex={-1}>{openActivity?.title}</h2>
          <button type="button" class="button-secondary button-small" onClick={() => setOpenModuleId(null)}>
            {t('portal.courses.player.close')}
          </button>
        </div>
        {openActivity?.module && (
          <Suspense fallback={<p class="loading">{t('portal.courses.player.loading')}</p>}>
            <ModulePlayer key={openActivity.id} trainingId={training.id} moduleId={openActivity.id} title={openActivity.title}
              module={openActivity.module} finished={openActivity.status === 'finished'} onChanged={progressChanged} />
          </Suspense>
        )}
      </section>

      <section class="panel" aria-labelledby="activities-title">
        <h2 id="activities-title">{t('portal.courses.activities')}</h2>
        {training.activities.length === 0
          ? <p class="note">{t('portal.courses.no_activities')}</p>
          : <ActivityList trainingId={training.id} activities={training.activities} openModuleId={openActivity ? openModuleId : null} onOpenModule={open}
            readOnly={preview} />}
      </section>

      {!preview && (
        <Suspense fallback={null}>
          <OfflineDownload training={training} onDownloaded={refresh} />
        </Suspense>
      )}

      {training.materials.length > 0 && (
        <section class="panel" aria-labelledby="materials-title">
          <h2 id="materials-title">{t('portal.courses.materials')}</h2>
          <ul class="materials">
            {training.materials.map((material) => (
              <li key={material.id}>
                <a href={material.resource_url} download target="_blank" rel="noopener">{material.title}</a>
                {(material.extension || material.size) && (
                  <span class="muted"> ({[material.extension?.toUpperCase(), material.size ? fileSize(material.size, locale) : null].filter(Boolean).join(', ')})</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {training.evaluation && !preview && (
        <section class="panel" aria-labelledby="evaluation-title">
          <h2 id="evaluation-title">{t('portal.courses.evaluation.title')}</h2>
          <Suspense fallback={<p class="loading">{t('portal.loading')}</p>}>
            <TrainingEvaluation trainingId={training.id} evaluation={training.evaluation} finished={finished} onAnswered={refresh} />
          </Suspense>
        </section>
      )}

      {training.comments_enabled && !preview && (
        <section class="panel" aria-labelledby="comments-title">
          <h2 id="comments-title">{t('portal.courses.comments.title')}</h2>
          <Suspense fallback={<p class="loading">{t('portal.loading')}</p>}>
            <TrainingComments trainingId={training.id} finished={finished} canComment={training.can_comment} onCommented={refresh} />
          </Suspense>
        </section>
      )}

      {training.forum_enabled && !preview && (
        <section class="panel" aria-labelledby="forum-title">
          <h2 id="forum-title">{t('portal.courses.forum')}</h2>
          <Suspense fallback={<p class="loading">{t('portal.loading')}</p>}>
            <TrainingForum trainingId={training.id} />
          </Suspense>
        </section>
      )}

      {/* nothing to restart before starting; a blocked learner stays blocked (spec 2 §4.8: the server refuses) */}
      {training.status !== 'not_started' && training.status !== 'blocked' && !preview && (
        <section class="panel" aria-labelledby="restart-title">
          <h2 id="restart-title">{t('portal.courses.restart.title')}</h2>
          <TrainingRestart trainingId={training.id} onRestarted={() => {
            setOpenModuleId(null);
            refresh();
          }} />
        </section>
      )}
    </article>
  );
}

/** Material sizes are stored in bytes. */
function fileSize(bytes: number, locale: string): string {
  const format = new Intl.NumberFormat(locale === 'pt-br' ? 'pt-BR' : locale, { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${format.format(bytes / (1024 * 1024))} MB`;
  return `${format.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}
