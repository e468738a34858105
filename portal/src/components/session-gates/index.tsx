import type { ComponentChildren } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import type { SessionUser } from '@lp/shared/contract';
import { useI18n, withMessages } from '../../lib/i18n.ts';
import { useSessionUser } from '../../hooks/use-session-user.ts';
import { MandatorySurveyGate } from '../mandatory-survey-gate/index.tsx';

// the gates and their forms load only for a session that meets one (the first load stays small)
const Gates = lazy(() => withMessages('access', import('./gates.tsx')));

/** Whether the session must pass a gate before any page (gates.tsx). */
export const needsGate = (user: SessionUser | undefined): user is SessionUser =>
  !!user && (user.user_change_password || user.must_complete_registration || (!user.accept_terms_and_conditions && !!user.terms_version));

/**
 * The learner area's gates (spec 1 §3.1, §4.1): the terms, the new password and a pre-registered
 * account's data (lazy), then the mandatory survey; otherwise the page.
 */
export function SessionGates({ children }: { children: ComponentChildren }) {
  const { t } = useI18n();
  const { data: user } = useSessionUser();
  if (needsGate(user)) {
    return <Suspense fallback={<p class="loading">{t('portal.loading')}</p>}><Gates user={user} /></Suspense>;
  }
  return <MandatorySurveyGate>{children}</MandatorySurveyGate>;
}
