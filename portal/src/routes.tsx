import type { ComponentChildren } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import { useState } from 'preact/hooks';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter-preact';
import { preload } from 'swr';
import { LEARNER_PATHS, REWARD_EVENT_PAGE } from '@lp/shared/contract';
import { fetcher } from './lib/api.ts';
import { useI18n, withMessages } from './lib/i18n.ts';
import { AuthGuard } from './components/auth-guard/index.tsx';
import { AppLayout } from './components/app-layout/index.tsx';
import Login from './routes/login/index.tsx';
import NotFound from './routes/not-found/index.tsx';
import { isInstitutionalPage } from './lib/institutional.ts';
import { handoffOrigin, isMobileDevice } from './lib/mobile-app.ts';

// the login page is the first load; everything else comes when it is visited
// (lazy pages of the learner side are declared beside their anchor comments below)
// the home's data is asked for with its code, not after it (one round trip less on a phone)
const Home = lazy(() => {
  // the page's own useSWR reads this request, its failure included: here it is only started
  preload(LEARNER_PATHS.home, fetcher).catch(() => undefined);
  // (its timeline's texts, portal.feed, come with it)
  return withMessages('feed', import('./routes/home/index.tsx'));
});
// (the profile's badges and picture texts, portal.badges and portal.profileImage, come with it)
const Profile = lazy(() => withMessages('badges', withMessages('profileImage', import('./routes/profile/index.tsx'))));
const RecoverPassword = lazy(() => import('./routes/recover-password/index.tsx'));
const SetNewPassword = lazy(() => import('./routes/set-new-password/index.tsx'));
// spec 1 §2.1 register and its verify-your-email link, with their texts
const Register = lazy(() => withMessages('access', import('./routes/register/index.tsx')));
const VerifyEmail = lazy(() => withMessages('access', import('./routes/verify-email/index.tsx')));
const PreRegister = lazy(() => withMessages('access', import('./routes/pre-register/index.tsx')));
const RecoverBySms = lazy(() => withMessages('access', import('./routes/recover-sms/index.tsx')));
const LoginPartner = lazy(() => import('./routes/login-partner/index.tsx'));
// spec 1 §2.1 /app-store and the mobile-browser redirect to the app (APP_SCHEME), with their texts
const AppStore = lazy(() => withMessages('access', import('./routes/app-store/index.tsx')));
const MobileHandoff = lazy(() => withMessages('access', import('./components/mobile-app/handoff.tsx')));
// courses: catalogue and training detail/player (video.js, hls.js, scorm-again load inside the player)
const Courses = lazy(() => import('./routes/courses/index.tsx'));
// (the training forum, with its texts, loads inside it only for a training that has one)
const CourseDetail = lazy(() => import('./routes/course-detail/index.tsx'));
// trails, certificates, test taking (the test-taking code loads only with its page)
const TestTaking = lazy(() => import('./routes/test-taking/index.tsx'));
// games: a training's game played as an activity, and the admin editor's framed preview (no login)
const Game = lazy(() => withMessages('games', import('./routes/game/index.tsx')));
const GamePreview = lazy(() => withMessages('games', import('./routes/game-preview/index.tsx')));
const ProfileCertificates = lazy(() => import('./routes/profile-certificates/index.tsx'));
// the profile's Downloads tab (trainings kept for offline use, lib/offline), with its texts
const ProfileDownloads = lazy(() => withMessages('offline', import('./routes/profile-downloads/index.tsx')));
const CertificateVerify = lazy(() => import('./routes/certificate-verify/index.tsx'));
const Trails = lazy(() => import('./routes/trails/index.tsx'));
const Trail = lazy(() => import('./routes/trail/index.tsx'));
// webcasts list, watch page (player, hls.js and the chat load inside it) and webcast tests
// (their texts, portal.webcasts, come with them)
const Webcasts = lazy(() => withMessages('webcasts', import('./routes/webcasts/index.tsx')));
const WebcastWatch = lazy(() => withMessages('webcasts', import('./routes/webcast-watch/index.tsx')));
const WebcastTest = lazy(() => withMessages('webcasts', import('./routes/webcast-test/index.tsx')));
// spec 1 §2.3 "view editor as a student": an administrator's read-only preview of a training or webcast
const Preview = lazy(() => import('./routes/preview/index.tsx'));
// live classes: list, detail (the Jitsi IFrame API loads only when a room is entered) and tests; texts with them
const LiveClasses = lazy(() => withMessages('liveClasses', import('./routes/live-classes/index.tsx')));
const LiveClass = lazy(() => withMessages('liveClasses', import('./routes/live-class/index.tsx')));
const LiveClassTest = lazy(() => withMessages('liveClasses', import('./routes/live-class-test/index.tsx')));
// face-to-face trainings: list, detail (the QR code library loads only for an instructor's window), an event's test and the QR link; texts with them
const PresentialList = lazy(() => withMessages('presential', import('./routes/presential/index.tsx')));
const PresentialDetail = lazy(() => withMessages('presential', import('./routes/presential-detail/index.tsx')));
const PresentialTest = lazy(() => withMessages('presential', import('./routes/presential-test/index.tsx')));
const PresentialQrTest = lazy(() => withMessages('presential', import('./routes/presential-qr/index.tsx')));
// surveys: the list and the answering page (also the mandatory-survey gate's page), texts with them
const Surveys = lazy(() => withMessages('surveys', import('./routes/surveys/index.tsx')));
// reward campaigns (spec 3 §2 "Learner campaign pages"): the list and the campaign page, texts with them
const RewardCampaigns = lazy(() => withMessages('rewards', import('./routes/rewards/index.tsx')));
const RewardCampaign = lazy(() => withMessages('rewards', import('./routes/reward-campaign/index.tsx')));
// the page an event's QR code opens (credits the event's points once)
const RewardEventScan = lazy(() => withMessages('rewards', import('./routes/reward-event/index.tsx')));
const Survey = lazy(() => withMessages('surveys', import('./routes/survey/index.tsx')));
// drills (today's questions with the server's countdown) and general tests (the shared test screen), texts with them
const Drills = lazy(() => withMessages('drills', import('./routes/drills/index.tsx')));
const Drill = lazy(() => withMessages('drills', import('./routes/drill/index.tsx')));
const GeneralTests = lazy(() => withMessages('generalTests', import('./routes/general-tests/index.tsx')));
const GeneralTest = lazy(() => withMessages('generalTests', import('./routes/general-test/index.tsx')));
// field-sales tasks (the operator's side, 4traders_apply_events): my tasks and one task, texts with them
const FieldTasks = lazy(() => withMessages('fieldSales', import('./routes/field-tasks/index.tsx')));
const FieldTask = lazy(() => withMessages('fieldSales', import('./routes/field-task/index.tsx')));
// library (previews load video.js only for a video) and podcasts (the player with its page)
const Library = lazy(() => withMessages('library', import('./routes/library/index.tsx')));
const Podcasts = lazy(() => withMessages('podcasts', import('./routes/podcasts/index.tsx')));
const Podcast = lazy(() => withMessages('podcasts', import('./routes/podcast/index.tsx')));
// news (an item opens in a modal over the list) and the learner's FAQ
const News = lazy(() => import('./routes/news/index.tsx'));
const InstitutionalFaq = lazy(() => import('./routes/institutional-faq/index.tsx'));
// the user's messages
const Messages = lazy(() => import('./routes/messages/index.tsx'));
// the user's notifications (the header bell's page), texts with it
const Notifications = lazy(() => withMessages('notices', import('./routes/notifications/index.tsx')));
// feed (timeline), calendar, institutional pages (public and learner), help form, wildcard pages (/p/{slug})
const Feed = lazy(() => withMessages('feed', import('./routes/feed/index.tsx')));
const Calendar = lazy(() => import('./routes/calendar/index.tsx'));
const Institutional = lazy(() => import('./routes/institutional/index.tsx'));
const PublicInstitutional = lazy(async () => ({ default: (await import('./routes/institutional/index.tsx')).PublicInstitutional }));
const Help = lazy(() => import('./routes/help/index.tsx'));
const PublicHelp = lazy(async () => ({ default: (await import('./routes/help/index.tsx')).PublicHelp }));
const WildcardPage = lazy(() => import('./routes/wildcard-page/index.tsx'));

function Private({ children }: { children: ComponentChildren }) {
  return (
    <AuthGuard>
      <AppLayout>{children}</AppLayout>
    </AuthGuard>
  );
}

function Public({ children }: { children: ComponentChildren }) {
  const { t } = useI18n();
  return <Suspense fallback={<p class="loading">{t('portal.loading')}</p>}>{children}</Suspense>;
}

/** Every portal route (spec 1 §2.1 public, §2.2 learner area); anything else is Not Found. */
export function AppRoutes() {
  const [location] = useLocation();
  const search = useSearch();
  // spec 1 §2.1 mobile-browser redirect: once declined (or without APP_SCHEME, or in the native app
  // itself, which the handoff tells by the login params' user-agent marker) the page goes on here
  const [inBrowser, setInBrowser] = useState(false);
  const origin = !inBrowser && isMobileDevice() ? handoffOrigin(location, search) : null;
  if (origin) {
    return <Public><MobileHandoff origin={origin} path={location} search={search ? `?${search}` : ''} onWeb={() => setInBrowser(true)} /></Public>;
  }
  return (
    <Switch>
      <Route path="/" component={Login} />
      {/* spec 1 §2.1: the login used during maintenance (the server lets only superusers in) and the login variant */}
      <Route path="/maintenance-login" component={Login} />
      <Route path="/redirect-control-pannel-v2" component={Login} />
      <Route path="/recover-password">
        <Public><RecoverPassword /></Public>
      </Route>
      <Route path="/recover-password/sms">
        <Public><RecoverBySms /></Public>
      </Route>
      <Route path="/recover-password/:username/:uidb64/:token">
        <Public><SetNewPassword /></Public>
      </Route>
      <Route path="/set-password/:username/:uidb64/:token">
        <Public><SetNewPassword firstAccess /></Public>
      </Route>
      <Route path="/app-store">
        <Public><AppStore /></Public>
      </Route>
      <Route path="/register">
        <Public><Register /></Public>
      </Route>
      {/* spec 1 §2.1 login-{partner}: the partner single sign-on's return point */}
      <Route path={/^\/login-(?<partner>[a-z0-9-]+)$/}>
        {(params: { partner: string }) => <Public><LoginPartner partner={params.partner} /></Public>}
      </Route>
      <Route path="/pre-register">
        <Public><PreRegister /></Public>
      </Route>
      <Route path="/verify-email/:username/:uidb64/:token">
        <Public><VerifyEmail /></Public>
      </Route>
      <Route path="/home">
        <Private><Home /></Private>
      </Route>
      <Route path="/profile">
        <Private><Profile /></Private>
      </Route>
      {/* courses: catalogue and training detail/player */}
      <Route path="/courses">
        <Private><Courses /></Private>
      </Route>
      <Route path="/courses/:id">
        <Private><CourseDetail /></Private>
      </Route>
      {/* spec 2 §2.1 public link {host}/online-courses/{id} (the editor copies it) */}
      <Route path="/online-courses/:id">
        <Private><CourseDetail /></Private>
      </Route>
      <Route path="/trails/:id_trail/course/:id">
        <Private><CourseDetail /></Private>
      </Route>
      {/* trails, certificates (profile tab and public verification), test taking */}
      {/* webcasts list and watch page */}
      <Route path="/webcasts">
        <Private><Webcasts /></Private>
      </Route>
      <Route path="/webcasts/:id">
        <Private><WebcastWatch /></Private>
      </Route>
      {/* spec 2 §2.1 public link {host}/webinars/{id} */}
      <Route path="/webinars/:id">
        <Private><WebcastWatch /></Private>
      </Route>
      <Route path="/webcasts/:id/tests/:testId">
        <Private><WebcastTest /></Private>
      </Route>
      <Route path="/preview/:kind/:id">
        <Private><Preview /></Private>
      </Route>
      {/* live classes (spec 1 §2.2 'live_classes', 'live_classes/{id}'; 'live-classes' paths redirect) */}
      <Route path="/live_classes">
        <Private><LiveClasses /></Private>
      </Route>
      <Route path="/live_classes/:id">
        <Private><LiveClass /></Private>
      </Route>
      <Route path="/live_classes/:id/tests/:testId">
        <Private><LiveClassTest /></Private>
      </Route>
      {/* face-to-face trainings (spec 1 §2.2 'presential' — also named presentials — and 'presential/{id}'; issue 17) */}
      <Route path="/presential">
        <Private><PresentialList /></Private>
      </Route>
      <Route path="/presentials">
        <Redirect to="/presential" replace />
      </Route>
      <Route path="/presential/qr/:token">
        <Private><PresentialQrTest /></Private>
      </Route>
      <Route path="/presential/:id">
        <Private><PresentialDetail /></Private>
      </Route>
      <Route path="/presential/:id/events/:eventId/tests/:testId">
        <Private><PresentialTest /></Private>
      </Route>
      {/* surveys (spec 1 §2.3 / spec 3 §2; /surveys/mandatory is the gate's page, spec 1 §3.1) */}
      <Route path="/surveys">
        <Private><Surveys /></Private>
      </Route>
      <Route path="/surveys/:id">
        <Private><Survey /></Private>
      </Route>
      {/* drills and general tests (spec 3 §2, §3) */}
      <Route path="/drills">
        <Private><Drills /></Private>
      </Route>
      <Route path="/drills/:id">
        <Private><Drill /></Private>
      </Route>
      <Route path="/general_tests">
        <Private><GeneralTests /></Private>
      </Route>
      <Route path="/general_tests/:id">
        <Private><GeneralTest /></Private>
      </Route>
      {/* field-sales tasks: the representative's tasks today and this week, check-in, questionnaire, check-out */}
      <Route path="/field_sales">
        <Private><FieldTasks /></Private>
      </Route>
      <Route path="/field_sales/:id">
        <Private><FieldTask /></Private>
      </Route>
      {/* reward campaigns (spec 3 §2 "Learner campaign pages") */}
      <Route path="/rewards">
        <Private><RewardCampaigns /></Private>
      </Route>
      <Route path={REWARD_EVENT_PAGE}>
        <Private><RewardEventScan /></Private>
      </Route>
      <Route path="/rewards/:id">
        <Private><RewardCampaign /></Private>
      </Route>
      <Route path="/live-classes">
        <Redirect to="/live_classes" replace />
      </Route>
      <Route path="/live-classes/:id">
        {(params: { id: string }) => <Redirect to={`/live_classes/${encodeURIComponent(params.id)}`} replace />}
      </Route>
      {/* news, FAQ, library, podcasts, messages, calendar, institutional and wildcard pages */}
      <Route path="/library">
        <Private><Library /></Private>
      </Route>
      <Route path="/library/:name">
        <Private><Library /></Private>
      </Route>
      <Route path="/podcasts">
        <Private><Podcasts /></Private>
      </Route>
      <Route path="/podcasts/:id">
        <Private><Podcast /></Private>
      </Route>
      <Route path="/news">
        <Private><News /></Private>
      </Route>
      <Route path="/news/:id">
        <Private><News /></Private>
      </Route>
      <Route path="/institutional/faq">
        <Private><InstitutionalFaq /></Private>
      </Route>
      <Route path="/messages">
        <Private><Messages /></Private>
      </Route>
      <Route path="/notifications">
        <Private><Notifications /></Private>
      </Route>
      <Route path="/feed">
        <Private><Feed /></Private>
      </Route>
      <Route path="/calendar">
        <Private><Calendar /></Private>
      </Route>
      <Route path="/institutional/:page">
        {(params: { page: string }) => (isInstitutionalPage(params.page)
          ? <Private><Institutional page={params.page} /></Private>
          : params.page === 'help' ? <Private><Help /></Private> : <NotFound />)}
      </Route>
      <Route path="/p/:slug">
        <Private><WildcardPage /></Private>
      </Route>
      {/* spec 1 §2.1: about, privacy, terms and help open without login */}
      <Route path="/about">
        <Public><PublicInstitutional page="about" /></Public>
      </Route>
      <Route path="/privacy">
        <Public><PublicInstitutional page="privacy" /></Public>
      </Route>
      <Route path="/terms">
        <Public><PublicInstitutional page="terms" /></Public>
      </Route>
      <Route path="/help">
        <Public><PublicHelp /></Public>
      </Route>
      <Route path="/courses/:id/tests/:testId">
        <Private><TestTaking /></Private>
      </Route>
      <Route path="/courses/:id/games/:gameId">
        <Private><Game /></Private>
      </Route>
      <Route path="/game-preview">
        <Public><GamePreview /></Public>
      </Route>
      <Route path="/profile/certificates">
        <Private><ProfileCertificates /></Private>
      </Route>
      <Route path="/profile/downloads">
        <Private><ProfileDownloads /></Private>
      </Route>
      <Route path="/certificates/verify/:code">
        <Public><CertificateVerify /></Public>
      </Route>
      <Route path="/trails">
        <Private><Trails /></Private>
      </Route>
      <Route path="/trails/:id">
        <Private><Trail /></Private>
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
