import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enqueueQuestionMail } from '../../faq/questionMail.ts';
import { faqManagers, insertReceivedQuestion } from '../../repositories/faq.ts';
import { notify } from '../../repositories/notifications.ts';

export interface AskedQuestion {
  clientIds: number[];
  origin: 'public' | 'portal';
  userId: number | null;
  name: string;
  email: string;
  question: string;
  senderKey: string;
}

const NOTIFICATION_QUESTION_LENGTH = 120;
const shorten = (text: string, max: number) => (Array.from(text).length <= max ? text : `${Array.from(text).slice(0, max - 1).join('')}…`);

/**
 * "send your question": at most FAQ_ASK_RATE.max per sender in the window (429
 * too_many_questions; config.rateLimits.faq_ask), stored for each receiving client, its FAQ managers notified in the app
 * at once and by e-mail from a job (a slow mail server never holds the answer).
 */
export async function receiveQuestion(app: FastifyInstance, request: FastifyRequest, q: AskedQuestion): Promise<void> {
  // per sender (a visitor's address or a learner), and a visitor's typed e-mail too
  await app.limit('faq_ask', request, q.senderKey, 'too_many_questions');
  if (q.origin === 'public') await app.limit('faq_ask', request, `email:${q.email}`, 'too_many_questions');
  const ids = await app.db.transaction().execute(async (trx) => {
    const stored = await insertReceivedQuestion(trx, { ...q, submission: randomBytes(16).toString('hex') });
    for (const [index, clientId] of q.clientIds.entries()) {
      for (const manager of await faqManagers(trx, clientId)) {
        await notify(trx, {
          userId: manager.id, clientId, kind: 'faq_question_received',
          payload: { id: stored[index]!, name: q.name, question: shorten(q.question, NOTIFICATION_QUESTION_LENGTH), link: '/admin/faqs?tab=received' },
        });
      }
    }
    return stored;
  });
  await enqueueQuestionMail(app, ids);
}
