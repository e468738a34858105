/**
 * spec 3 §4 messages: scheduled → sending → sent / send fail, driven by the job
 * 'messages.send', enqueued for the message's send date. The job takes a scheduled message whose
 * date has come (sending), fixes its recipients, and e-mails each recipient still pending — one
 * e-mail per recipient, in the recipient's language, from the client's mailing list sender. An
 * e-mail that fails is retried on the job's next attempts (the sent ones are never sent again);
 * after the last attempt the message ends in send fail with the others sent, otherwise sent.
 * In-app delivery is the recipient row itself: the learner sees it from sending on.
 */
import type { FastifyInstance } from 'fastify';
import { htmlToPlainText, isValidEmail, mailFrom } from '@lp/shared/rules';
import type { MailingListConfig } from '@lp/shared/contract';
import type { JobContext } from '../jobs/index.ts';
import { translate } from '../lib/i18n.ts';
import { MAIL_FROM_ADDRESS, type MailMessage } from '../plugins/app/mail.ts';
import {
  claimMessage, emailRecipients, failedEmailCount, findMessageForJob, mailingListConfig, markEmail, messageState, resolveRecipients,
  setMessageStatus, syncRecipients, type EmailRecipient, type MessageState,
} from '../repositories/messages.ts';

export const SEND_MESSAGE_JOB = 'messages.send';
export const SEND_MESSAGE_ATTEMPTS = 3;
/** a job this early still sends (clocks of nodes differ a little) */
const EARLY_MS = 1000;

export interface SendMessagePayload {
  message_id: number;
}

/**
 * Enqueues the send for the message's date. The key names the date, so a message whose date
 * moves gets a new job; the old one finds the date not come yet and leaves it to the new one.
 */
export async function scheduleMessageSend(app: FastifyInstance, id: number, sendDate: Date, reason = 'send'): Promise<void> {
  await app.jobs.enqueue(SEND_MESSAGE_JOB, { message_id: id } satisfies SendMessagePayload, {
    dedupeKey: `${SEND_MESSAGE_JOB}:${id}:${reason}@${sendDate.toISOString()}`,
    delayMs: Math.max(0, sendDate.getTime() - Date.now()),
    maxAttempts: SEND_MESSAGE_ATTEMPTS,
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One recipient's e-mail, in their language (spec 3 §3 send_email / "send in e-mail body"). */
export function messageMail(state: MessageState, messageId: number, to: EmailRecipient, config: MailingListConfig, publicUrl: string): MailMessage {
  const lang = to.language_id;
  const link = `${publicUrl}/messages?open=${messageId}`;
  const greeting = translate(lang, 'mail.message.greeting', { name: to.full_name });
  const notice = translate(lang, 'mail.message.notice', { title: state.title });
  const readLink = translate(lang, 'mail.message.read_link', { link });
  const body = state.send_email_body ? htmlToPlainText(state.content.replace(/<\/(p|div|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, '\n')) : '';
  const footer = config.footer.trim();
  const text = [greeting, state.send_email_body ? body : notice, readLink, footer].filter(Boolean).join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    state.send_email_body ? state.content : `<p>${escapeHtml(notice)}</p>`,
    `<p>${escapeHtml(translate(lang, 'mail.message.read_link', { link: '' }).trim())} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    footer ? `<p style="color:#555">${escapeHtml(footer).replace(/\n/g, '<br>')}</p>` : '',
  ].join('\n');
  return {
    to: to.email,
    subject: state.title,
    text,
    html,
    ...(config.sender_name.trim() ? { from: mailFrom(config.sender_name, MAIL_FROM_ADDRESS) } : {}),
    ...(config.reply_to ? { replyTo: config.reply_to } : {}),
  };
}

/** The job's work for one message; answers the status it left (or null when it had nothing to do). */
export async function runMessageSend(app: FastifyInstance, messageId: number, ctx: Pick<JobContext, 'attempt' | 'log' | 'heartbeat'>): Promise<string | null> {
  const { db } = app;
  const row = await findMessageForJob(db, messageId);
  if (!row) return null;
  const now = new Date();
  if (row.status === 'scheduled') {
    // a job for a date the admin has since moved: the job of the new date sends it
    if (new Date(row.send_date).getTime() > now.getTime() + EARLY_MS) return null;
    if (!(await claimMessage(db, messageId, new Date(now.getTime() + EARLY_MS)))) return null;
  } else if (row.status !== 'sending') {
    return null;
  }

  const state = await messageState(db, row);
  const config = await mailingListConfig(db, row.client_id);
  const withEmail = state.send_email && config.email_messages;
  await syncRecipients(db, messageId, await resolveRecipients(db, row.client_id, messageId), withEmail);

  if (withEmail) {
    let done = 0;
    for (const recipient of await emailRecipients(db, messageId)) {
      if (!isValidEmail(recipient.email)) {
        await markEmail(db, recipient.id, 'skipped');
        continue;
      }
      try {
        await app.mailer.send(messageMail(state, messageId, recipient, config, app.config.publicUrl));
        await markEmail(db, recipient.id, 'sent');
      } catch (error) {
        ctx.log.warn({ err: error, messageId, recipient: recipient.user_id, attempt: ctx.attempt }, 'message e-mail not sent');
        await markEmail(db, recipient.id, 'failed', 'error_sending_message');
      }
      done += 1;
      if (done % 50 === 0) await ctx.heartbeat();
    }
  }

  const failed = await failedEmailCount(db, messageId);
  // try the failed ones again later; the last attempt settles the status
  if (failed > 0 && ctx.attempt < SEND_MESSAGE_ATTEMPTS) throw new Error(`${failed} message e-mail(s) not sent yet`);
  const status = failed > 0 ? 'send_fail' : 'sent';
  await setMessageStatus(db, messageId, status, ['sending']);
  if (failed > 0) ctx.log.error({ messageId, failed }, 'message ended in send fail');
  return status;
}
