import type { ComponentChildren } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import { Route, Switch } from 'wouter-preact';
import { useI18n } from './lib/i18n.ts';
import { AuthGuard } from './components/auth-guard/index.tsx';
import { AppLayout } from './components/app-layout/index.tsx';
import Login from './routes/login/index.tsx';
import NotFound from './routes/not-found/index.tsx';

// the login page is the first load; everything else comes when it is visited
const Home = lazy(() => import('./routes/home/index.tsx'));
const Profile = lazy(() => import('./routes/profile/index.tsx'));
const RecoverPassword = lazy(() => import('./routes/recover-password/index.tsx'));
const SetNewPassword = lazy(() => import('./routes/set-new-password/index.tsx'));

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
      <Route component={NotFound} />
    </Switch>
  );
}
