import type { ComponentChildren } from 'preact';
import { Link } from 'wouter-preact';
import type { HomeDashboard } from '@lp/shared/contract';
import type { HomeBlock } from '@lp/shared/rules';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { formatHours, useDateFormat } from '../../lib/format.ts';
import { useSessionUser } from '../../hooks/use-session-user.ts';
import { useHome } from '../../hooks/use-home.ts';
import { CourseBadges, CourseCard } from '../../components/course-card/index.tsx';
import { TrailCard } from '../../components/trail-card/index.tsx';
import { ProgressBar } from '../../components/progress-bar/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { RankingList } from '../../components/ranking-list/index.tsx';
import { PointsStatement } from '../../components/points-statement/index.tsx';
import { HomeTimeline } from '../../components/feed-timeline/index.tsx';
import { HomeBanners } from '../../components/banners/index.tsx';
import { CalendarItemText } from '../../components/calendar-item/index.tsx';

/**
 * spec 1 §2.2 home: next steps, my score and statistics, the schedule, pending and finished
 * courses and trails, ranking, points statement and timeline — the ones the client shows, in its
 * order (spec 1 §2.3 admin `home`); the account shortcuts stay at the end.
 */
export default function Home() {
  const { t } = useI18n();
  const { data: user } = useSessionUser();
  const { data: home, error } = useHome();
  const dates = useDateFormat();
  if (!user) return <p class="loading">{t('portal.loading')}</p>;
  const today = dates.instant(new Date());
  const client = user.user_clients.find((c) => c.id === user.id_user_client_selected) ?? user.user_clients[0];
  return (
    <div class="home">
      <header class="home-head">
        <h1 id="home-title">{t('portal.home.greeting', { name: user.nick_name || user.full_name })}</h1>
        <p>{t('portal.home.today', { date: today })}</p>
        {client && <p>{t('portal.home.client', { client: client.name })}</p>}
      </header>
      {/* spec 3 §3 banners: the top one over the page, the cards and the campaign among the sections */}
      <HomeBanners place="top" />
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!home && !error && <p class="loading">{t('portal.loading')}</p>}
      <HomeBanners place="campaign" />
      <HomeBanners place="card" />
      {home && <Dashboard home={home} />}
      <Section id="home-account" title={t('portal.home.account_title')}>
        <ul class="tiles">
          <li>
            <Link href="/profile">
              <strong>{t('portal.home.profile_link')}</strong>
              <span>{t('portal.home.profile_text')}</span>
            </Link>
          </li>
          <li>
            <Link href="/profile/certificates">
              <strong>{t('portal.home.certificates_link')}</strong>
              <span>{t('portal.home.certificates_text')}</span>
            </Link>
          </li>
          <li>
            <Link href="/profile#change-password">
              <strong>{t('portal.home.password_link')}</strong>
              <span>{t('portal.home.password_text')}</span>
            </Link>
          </li>
        </ul>
      </Section>
    </div>
  );
}

function Section({ id, title, children, more }: { id: string; title: string; children: ComponentChildren; more?: ComponentChildren }) {
  return (
    <section class="home-section" aria-labelledby={id}>
      <div class="home-section-head">
        <h2 id={id}>{title}</h2>
        {more}
      </div>
      {children}
    </section>
  );
}

/** Consecutive narrow blocks (ranking, points statement) share a row of two columns. */
const NARROW = new Set<HomeBlock>(['ranking', 'points_statement']);

/**
 * The client's shown blocks in its order (spec 1 §2.3 admin `home`; the answer's `blocks`): a
 * hidden block is neither drawn nor asked for (ranking, points and timeline have their own calls).
 */
function Dashboard({ home }: { home: HomeDashboard }) {
  const rows: HomeBlock[][] = [];
  for (const block of home.blocks) {
    const last = rows.at(-1);
    if (last && NARROW.has(block) && NARROW.has(last[0]!)) last.push(block);
    else rows.push([block]);
  }
  return (
    <>
      {rows.map((row) => (row.length > 1
        ? <div class="home-columns" key={row.join('+')}>{row.map((block) => <Block key={block} block={block} home={home} />)}</div>
        : <Block key={row[0]} block={row[0]!} home={home} />))}
    </>
  );
}

function Block({ block, home }: { block: HomeBlock; home: HomeDashboard }) {
  const { t, locale } = useI18n();
  const number = new Intl.NumberFormat(locale === 'pt-br' ? 'pt-BR' : locale);
  switch (block) {
    case 'next_steps': return <NextSteps home={home} />;
    case 'my_score': {
      const score = home.my_score;
      if (!score) return null;
      return (
        <Section id="home-score" title={t('portal.home.my_score')}>
          <dl class="stats">
            <div>
              <dt>{t('portal.home.points')}</dt>
              <dd>{number.format(score.points)}</dd>
            </div>
            <div>
              <dt>{t('portal.home.position')}</dt>
              <dd>{score.position === null ? t('portal.home.not_ranked') : t('portal.home.position_value', { position: score.position })}</dd>
            </div>
          </dl>
        </Section>
      );
    }
    case 'statistics': {
      const stats = home.statistics;
      if (!stats) return null;
      return (
        <Section id="home-statistics" title={t('portal.home.statistics')}>
          <dl class="stats">
            <div>
              <dt>{t('portal.home.stats_finished')}</dt>
              <dd>{number.format(stats.trainings_finished)}</dd>
            </div>
            <div>
              <dt>{t('portal.home.stats_ongoing')}</dt>
              <dd>{number.format(stats.trainings_ongoing)}</dd>
            </div>
            <div>
              <dt>{t('portal.home.stats_certificates')}</dt>
              <dd>{number.format(stats.certificates)}</dd>
            </div>
            <div>
              <dt>{t('portal.home.stats_hours')}</dt>
              <dd>{t('portal.home.hours_value', { hours: formatHours(stats.hours, locale) })}</dd>
            </div>
          </dl>
        </Section>
      );
    }
    // spec 1 §2.2 / spec 3 §2 home "schedule": the next items of the learner's calendar, live classes among them
    case 'schedule': {
      const schedule = home.schedule ?? [];
      return (
        <Section id="home-schedule" title={t('portal.home.schedule')}
          more={<Link href="/calendar">{t('portal.home.all_calendar')}</Link>}>
          {schedule.length === 0
            ? <p class="note">{t('portal.home.schedule_empty')}</p>
            : (
              <ul class="schedule-list">
                {schedule.map((item) => (
                  <li key={`${item.kind}:${item.live_class_id ?? item.webcast_id ?? item.training?.id ?? ''}:${item.date ?? item.starts_at ?? ''}:${item.title}`}>
                    <CalendarItemText item={item} withDay />
                  </li>
                ))}
              </ul>
            )}
        </Section>
      );
    }
    case 'pending_courses': {
      const pending = home.pending_trainings ?? [];
      return (
        <Section id="home-pending-courses" title={t('portal.home.pending_courses')}
          more={<Link href="/courses">{t('portal.home.all_courses')}</Link>}>
          {pending.length === 0
            ? <p class="note">{t('portal.home.pending_courses_empty')}</p>
            : <ul class="card-grid">{pending.map((training) => <li key={training.id}><CourseCard training={training} headingLevel={3} /></li>)}</ul>}
        </Section>
      );
    }
    case 'pending_trails': {
      const pending = home.pending_trails ?? [];
      return (
        <Section id="home-pending-trails" title={t('portal.home.pending_trails')}
          more={<Link href="/trails">{t('portal.home.all_trails')}</Link>}>
          {pending.length === 0
            ? <p class="note">{t('portal.home.pending_trails_empty')}</p>
            : <ul class="card-grid">{pending.map((trail) => <li key={trail.id}><TrailCard trail={trail} headingLevel={3} /></li>)}</ul>}
        </Section>
      );
    }
    case 'finished': {
      const trainings = home.finished_trainings ?? [];
      const trails = home.finished_trails ?? [];
      return (
        <Section id="home-finished" title={t('portal.home.finished')}>
          {trainings.length === 0 && trails.length === 0
            ? <p class="note">{t('portal.home.finished_empty')}</p>
            : (
              <ul class="card-grid">
                {trainings.map((training) => <li key={`t${training.id}`}><CourseCard training={training} headingLevel={3} /></li>)}
                {trails.map((trail) => <li key={`r${trail.id}`}><TrailCard trail={trail} headingLevel={3} /></li>)}
              </ul>
            )}
        </Section>
      );
    }
    case 'ranking':
      return <Section id="home-ranking" title={t('portal.home.ranking')}><RankingList /></Section>;
    case 'points_statement':
      return <Section id="home-points" title={t('portal.home.points_title')}><PointsStatement /></Section>;
    // spec 1 §2.2 home "timeline" (§9 event kinds)
    case 'timeline':
      return <HomeTimeline />;
  }
}

function NextSteps({ home }: { home: HomeDashboard }) {
  const { t } = useI18n();
  const surveys = home.open_surveys ?? [];
  const drills = home.todays_drills ?? [];
  const tests = home.open_general_tests ?? [];
  const next = home.next_steps ?? [];
  return (
    <Section id="home-next" title={t('portal.home.next_steps')}>
      {surveys.length > 0 && (
        <ul class="next-steps next-surveys">
          {surveys.map((survey) => (
            <li key={`survey-${survey.id}`}>
              <Link href={`/surveys/${survey.id}`} class="next-step-title">{t('portal.home.open_survey', { title: survey.title })}</Link>
              {survey.mandatory && <p class="badges"><span class="badge">{t('portal.home.mandatory_survey')}</span></p>}
            </li>
          ))}
        </ul>
      )}
      {(drills.length > 0 || tests.length > 0) && (
        <ul class="next-steps next-surveys">
          {drills.map((drill) => (
            <li key={`drill-${drill.id}`}>
              <Link href={`/drills/${drill.id}`} class="next-step-title">{t('portal.home.todays_drill', { title: drill.title })}</Link>
            </li>
          ))}
          {tests.map((test) => (
            <li key={`general-test-${test.id}`}>
              <Link href={`/general_tests/${test.id}`} class="next-step-title">{t('portal.home.open_general_test', { title: test.title })}</Link>
            </li>
          ))}
        </ul>
      )}
      {next.length === 0 && surveys.length === 0 && drills.length === 0 && tests.length === 0
        ? <p class="note">{t('portal.home.next_steps_empty')}</p>
        : next.length > 0 && (
          <ol class="next-steps">
            {next.map((training) => (
              <li key={training.id}>
                <Link href={`/courses/${training.id}`} class="next-step-title">{training.title}</Link>
                <CourseBadges training={training} />
                <ProgressBar percent={training.percent} status={training.status} />
              </li>
            ))}
          </ol>
        )}
    </Section>
  );
}
