import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AskQuestionAnswer, AskQuestionBody, FAQ_PATHS, LearnerFaq } from '@lp/shared/contract';
import { formErrorCode, validateAskedQuestion } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { learnerFaq, senderKey } from '../../repositories/faq.ts';
import { receiveQuestion } from './ask.ts';

/**
 * The learner's institutional/faq (spec 1 §2.2, spec 3 §2): every published question of the
 * selected client by category, and "send your question" from a known user (name and e-mail are
 * the user's own).
 */
const learnerFaqRoutes: FastifyPluginAsyncTypebox = async (app) => {

  app.get(FAQ_PATHS.learner, { config: { access: 'authenticated' }, schema: { response: { 200: LearnerFaq } } }, async (request) => learnerFaq(app.db, clientOf(request)));

  app.post(FAQ_PATHS.learnerAsk, { config: { access: 'authenticated' }, schema: { body: AskQuestionBody, response: { 201: AskQuestionAnswer } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const { user } = authOf(request);
    const fields = validateAskedQuestion(request.body, { visitor: false });
    const code = formErrorCode(fields);
    if (code) throw new HttpError(400, code, 'The question is not valid', fields);
    await receiveQuestion(app, request, {
      clientIds: [clientId], origin: 'portal', userId: user.id, name: user.full_name, email: user.email,
      question: request.body.question.trim(), senderKey: senderKey('user', user.id),
    });
    return reply.status(201).send({ detail: 'Question received' });
  });
};
export default learnerFaqRoutes;
