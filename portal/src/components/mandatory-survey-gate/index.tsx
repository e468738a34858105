import type { ComponentChildren } from 'preact';
import { Redirect, useLocation } from 'wouter-preact';
import { useSessionUser } from '../../hooks/use-session-user.ts';

/** Where the gate sends the learner: the answering page picks their first open mandatory survey. */
export const MANDATORY_SURVEY_PATH = '/surveys/mandatory';

/**
 * spec 1 §3.1 has_mandatory_surveys, spec 3 §1 "Surveys (some mandatory)": while the session says
 * so, every page of the learner area is the survey's — the learner answers it before anything else
 * and cannot dismiss it (the server keeps a half-filled one). Answering it refreshes the session.
 */
export function MandatorySurveyGate({ children }: { children: ComponentChildren }) {
  const { data: user } = useSessionUser();
  const [location] = useLocation();
  if (user?.has_mandatory_surveys && !location.startsWith('/surveys/')) return <Redirect to={MANDATORY_SURVEY_PATH} replace />;
  return <>{children}</>;
}
