import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../plugins/app/mail.ts';
import { createReset } from '../repositories/passwordResets.ts';
import { translate } from './i18n.ts';

export const uidb64 = (id: number) => Buffer.from(String(id)).toString('base64url');

/**
 * spec 1 §2.1 recovery link `/recover-password/{username}/{uidb64}/{token}`, e-mailed to the
 * user. Used by the learner's "forgot password" and the admin's "reset password by e-mail".
 */
export async function sendRecoveryMail(
  deps: { db: Db; config: Config; mailer: Mailer },
  user: { id: number; email: string; full_name: string; language_id: number },
): Promise<void> {
  const { db, config, mailer } = deps;
  const token = await createReset(db, user.id, config.passwordResetTtlSeconds);
  const link = `${config.publicUrl}/recover-password/${encodeURIComponent(user.email)}/${uidb64(user.id)}/${token}`;
  const hours = String(Math.round(config.passwordResetTtlSeconds / 3600));
  await mailer.send({
    to: user.email,
    subject: translate(user.language_id, 'mail.recover_password.subject'),
    text: translate(user.language_id, 'mail.recover_password.body', { name: user.full_name, link, hours }),
  });
}
