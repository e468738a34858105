import type { SessionUser } from '@lp/shared/contract';
import { CompleteRegistration } from '../complete-registration/index.tsx';
import { PasswordChangeGate } from '../password-change-gate/index.tsx';
import { TermsGate } from '../terms-gate/index.tsx';

/**
 * What the session asks before any page (index.tsx decides when): first the client's current
 * terms (spec 1 §3.1 accept_terms_and_conditions), then a new password in place of the default
 * one (user_change_password), then a pre-registered account's data (§4.1 complete_registration).
 * Loaded only for a session that needs one of them.
 */
export default function Gates({ user }: { user: SessionUser }) {
  if (!user.accept_terms_and_conditions && user.terms_version) return <TermsGate version={user.terms_version} />;
  if (user.user_change_password) return <PasswordChangeGate>{null}</PasswordChangeGate>;
  return <CompleteRegistration user={user} />;
}
