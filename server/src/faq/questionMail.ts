/**
 * FAQ "send your question" (spec 3 §2): the e-mail to each FAQ manager of the receiving client, sent
 * by the job 'faq_question_mail' that the question's route enqueues — a slow mail server never
 * holds the answer. A received question is mailed once.
 */
import type { FastifyInstance } from 'fastify';
import { translate } from '../lib/i18n.ts';
import { faqManagers, markReceivedQuestionMailed, unmailedReceivedQuestion } from '../repositories/faq.ts';

export const FAQ_QUESTION_MAIL_JOB = 'faq_question_mail';

export interface FaqQuestionMailPayload {
  /** the received questions' rows, one per receiving client */
  ids: number[];
}

export async function enqueueQuestionMail(app: FastifyInstance, ids: number[]): Promise<void> {
  await app.jobs.enqueue(FAQ_QUESTION_MAIL_JOB, { ids } satisfies FaqQuestionMailPayload);
}

/** The job's work: each manager's e-mail, in their language, for every question not mailed yet. */
export async function mailReceivedQuestions(app: FastifyInstance, ids: number[]): Promise<void> {
  for (const id of ids) {
    const row = await unmailedReceivedQuestion(app.db, id);
    if (!row) continue;
    const vars = { name: row.name, email: row.email, question: row.question, link: `${app.config.publicUrl}/admin/faqs?tab=received` };
    for (const manager of await faqManagers(app.db, row.client_id)) {
      await app.mailer.send({
        to: manager.email,
        subject: translate(manager.language_id, 'mail.faq_question.subject', vars),
        text: translate(manager.language_id, 'mail.faq_question.body', { ...vars, manager: manager.full_name }),
      });
    }
    await markReceivedQuestionMailed(app.db, id);
  }
}
