import type { ComponentChildren } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import { Route, Switch } from 'wouter-preact';
import { useI18n } from './lib/i18n.ts';
import { AuthGuard } from './components/auth-guard/index.tsx';
import { AppLayout } from './components/app-layout/index.tsx';
import Login from './routes/login/index.tsx';
import NotFound from './routes/not-found/index.tsx';

// the login page is the first load; everything else comes when it is visited
// (lazy pages of the learner side are declared beside their anchor comments below)
const Home = lazy(() => import('./routes/home/index.tsx'));
const Profile = lazy(() => import('./routes/profile/index.tsx'));
const RecoverPassword = lazy(() => import('./routes/recover-password/index.tsx'));
const SetNewPassword = lazy(() => import('./routes/set-new-password/index.tsx'));
// courses: catalogue and training detail/player (video.js, hls.js, scorm-again load inside the player)
const Courses = lazy(() => import('./routes/courses/index.tsx'));
const CourseDetail = lazy(() => import('./routes/course-detail/index.tsx'));
// trails, certificates, test taking (the test-taking code loads only with its page)
const TestTaking = lazy(() => import('./routes/test-taking/index.tsx'));
const ProfileCertificates = lazy(() => import('./routes/profile-certificates/index.tsx'));
const CertificateVerify = lazy(() => import('./routes/certificate-verify/index.tsx'));
const Trails = lazy(() => import('./routes/trails/index.tsx'));
const Trail = lazy(() => import('./routes/trail/index.tsx'));

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
  return (
    <Switch>
      <Route path="/" component={Login} />
      <Route path="/recover-password">
        <Public><RecoverPassword /></Public>
      </Route>
      <Route path="/recover-password/:username/:uidb64/:token">
        <Public><SetNewPassword /></Public>
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
      <Route path="/trails/:id_trail/course/:id">
        <Private><CourseDetail /></Private>
      </Route>
      {/* trails, certificates (profile tab and public verification), test taking */}
      {/* issue 6: webcasts list and watch page */}
      {/* issue 7: news, FAQ, library, podcasts, messages, calendar, institutional and wildcard pages */}
      <Route path="/courses/:id/tests/:testId">
        <Private><TestTaking /></Private>
      </Route>
      <Route path="/profile/certificates">
        <Private><ProfileCertificates /></Private>
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
