import fp from 'fastify-plugin';
import { translate } from '../../../lib/i18n.ts';
import { faqManagers, markReceivedQuestionMailed, unmailedReceivedQuestion } from '../../../repositories/faq.ts';
import { FAQ_QUESTION_MAIL_JOB } from '../../../routes/faq/ask.ts';

/** The e-mail to each FAQ manager of the receiving client, in their language; a row is mailed once. */
export default fp(async (app) => {
  app.jobs.define<{ ids: number[] }>(FAQ_QUESTION_MAIL_JOB, async ({ ids }) => {
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
  });
}, { name: 'job-faq-question-mail', dependencies: ['jobs'] });
