import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../plugins/app/mail.ts';
import { createReset, type LinkPurpose } from '../repositories/passwordResets.ts';
import { translate } from './i18n.ts';

export const uidb64 = (id: number) => Buffer.from(String(id)).toString('base64url');

type LinkDeps = { db: Db; config: Config; mailer: Mailer };
type LinkUser = { id: number; email: string; full_name: string; language_id: number };

/**
 * Each one-time link of spec 1 §2.1: its portal route `{route}/{username}/{uidb64}/{token}`, its
 * lifetime and its e-mail (mail.{mail}.subject / .body with {name}, {link}, {hours}).
 */
const LINKS: Record<LinkPurpose, { route: string; mail: string; ttl: (config: Config) => number }> = {
  recovery: { route: 'recover-password', mail: 'recover_password', ttl: (c) => c.passwordResetTtlSeconds },
  first_access: { route: 'set-password', mail: 'first_access', ttl: (c) => c.firstAccessTtlSeconds },
  verify_email: { route: 'verify-email', mail: 'verify_email', ttl: (c) => c.emailVerificationTtlSeconds },
};

/** Makes the user's link of that kind (replacing an earlier unused one) and e-mails it. */
export async function sendLinkMail(deps: LinkDeps, user: LinkUser, purpose: LinkPurpose): Promise<void> {
  const { db, config, mailer } = deps;
  const spec = LINKS[purpose];
  const ttl = spec.ttl(config);
  const token = await createReset(db, user.id, ttl, purpose);
  const link = `${config.publicUrl}/${spec.route}/${encodeURIComponent(user.email)}/${uidb64(user.id)}/${token}`;
  const hours = translate(user.language_id, 'mail.counts.hours', { count: Math.max(1, Math.round(ttl / 3600)) });
  await mailer.send({
    to: user.email,
    subject: translate(user.language_id, `mail.${spec.mail}.subject`),
    text: translate(user.language_id, `mail.${spec.mail}.body`, { name: user.full_name, link, hours }),
  });
}

/**
 * spec 1 §2.1 recovery link `/recover-password/{username}/{uidb64}/{token}`, e-mailed to the
 * user. Used by the learner's "forgot password" and the admin's "reset password by e-mail".
 */
export const sendRecoveryMail = (deps: LinkDeps, user: LinkUser) => sendLinkMail(deps, user, 'recovery');

/**
 * spec 1 §2.1 first access `/set-password/{username}/{uidb64}/{token}`: a new user (admin form,
 * import) chooses their own password instead of receiving a shared default one.
 */
export const sendFirstAccessMail = (deps: LinkDeps, user: LinkUser) => sendLinkMail(deps, user, 'first_access');
