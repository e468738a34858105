import fp from 'fastify-plugin';
import { FAQ_QUESTION_MAIL_JOB, mailReceivedQuestions, type FaqQuestionMailPayload } from '../../../faq/questionMail.ts';

/** The e-mail to each FAQ manager of the receiving client, in their language; a row is mailed once. */
export default fp(async (app) => {
  app.jobs.define<FaqQuestionMailPayload>(FAQ_QUESTION_MAIL_JOB, async ({ ids }) => {
    await mailReceivedQuestions(app, ids);
  });
}, { name: 'job-faq-question-mail', dependencies: ['jobs'] });
