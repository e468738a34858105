import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AskQuestionAnswer, AskQuestionBody, FAQ_PATHS, PublicFaq } from '@lp/shared/contract';
import { formErrorCode, validateAskedQuestion } from '@lp/shared/rules';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { getLoginParams } from '../../repositories/clients.ts';
import { publicFaq, publicFaqClients, senderKey } from '../../repositories/faq.ts';
import { receiveQuestion } from './ask.ts';

/**
 * The public FAQ of the login page (spec 1 §2.1 "optional public FAQ with a 'send your
 * question' form, per … show_public_faq"; spec 3 §6 "FAQ questions marked public are visible
 * without login"): no login; answers only while the login configuration shows it; a private
 * question is never part of it.
 */
const publicFaqRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const shown = async () => {
    if (!(await getLoginParams(app.db)).show_public_faq) throw notFound();
  };

  app.get(FAQ_PATHS.public, { config: { access: 'public' }, schema: { response: { 200: PublicFaq } } }, async () => {
    await shown();
    const [categories, clients] = await Promise.all([publicFaq(app.db), publicFaqClients(app.db)]);
    return { categories, accepts_questions: clients.length > 0 };
  });

  app.post(FAQ_PATHS.publicAsk, { config: { access: 'public' }, schema: { body: AskQuestionBody, response: { 201: AskQuestionAnswer } } }, async (request, reply) => {
    await shown();
    await app.captcha.check((await getLoginParams(app.db)).use_recaptcha, request.body.captcha);
    const fields = validateAskedQuestion(request.body, { visitor: true });
    const code = formErrorCode(fields);
    if (code) throw new HttpError(400, code, 'The question is not valid', fields);
    // it goes to the clients whose public questions the visitor was reading
    const clientIds = await publicFaqClients(app.db);
    if (clientIds.length === 0) throw notFound();
    await receiveQuestion(app, request, {
      clientIds, origin: 'public', userId: null, name: request.body.name!.trim(), email: request.body.email!.trim().toLowerCase(),
      question: request.body.question.trim(), senderKey: senderKey('ip', request.ip),
    });
    return reply.status(201).send({ detail: 'Question received' });
  });
};
export default publicFaqRoutes;
