import type { ComponentChildren } from 'preact';
import { useSWRConfig } from 'swr';
import { useI18n } from '../../lib/i18n.ts';
import { SESSION_USER_KEY, useSessionUser } from '../../hooks/use-session-user.ts';
import { useLoginParams } from '../../hooks/use-login-params.ts';
import { ChangePasswordForm } from '../change-password-form/index.tsx';
import { Message } from '../message/index.tsx';

/**
 * A user holding the default password (reset to default, or created by an import) changes it
 * before anything else (spec 1 §3.1 user_change_password); the server clears the flag.
 */
export function PasswordChangeGate({ children }: { children: ComponentChildren }) {
  const { t } = useI18n();
  const { data: user } = useSessionUser();
  const { data: params } = useLoginParams();
  const { mutate } = useSWRConfig();
  if (!user?.user_change_password) return <>{children}</>;
  return (
    <section class="panel" aria-labelledby="change-password-title">
      <Message kind="info">{t('portal.password.required_first_access')}</Message>
      <ChangePasswordForm
        level={params?.register.password_strong_level ?? 'low'}
        username={user.email}
        onChanged={() => void mutate(SESSION_USER_KEY)}
      />
    </section>
  );
}
