import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_RESOURCES, DetailResponse, HELP_REQUEST_PATH, HelpRequestInput, LEGAL_TEXT_PATHS, LegalTextAdmin, LegalTextInput, PublicLegalText,
  PublicLegalTextQuery,
} from '@lp/shared/contract';
import {
  CONTENT_LANGUAGES, LEGAL_TEXT_KINDS, hasText, isLegalTextKind, isValidEmail, pickLanguage, type LegalTextKind,
} from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { translate } from '../../lib/i18n.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { helpDesk, helpRequester, insertHelpRequest, legalTexts, publicClientId, removeLegalText, saveLegalText } from '../../repositories/legal.ts';
import { findAccessToken } from '../../repositories/tokens.ts';
import { titleAccess } from '../../lib/access.ts';

async function adminTexts(db: Db, clientId: number, kind: LegalTextKind): Promise<LegalTextAdmin> {
  const rows = await legalTexts(db, clientId, kind);
  return {
    kind,
    texts: CONTENT_LANGUAGES.map((language) => {
      const row = rows.find((r) => r.language === language);
      return { language, content: row?.content ?? '', updated_at: row?.updated_at ?? null };
    }),
  };
}

/**
 * Legal texts (spec 1 §2.3 terms, about, policy, cookies_policy: superuser only, §6.1) per client
 * and content language, edited as rich text (sanitised here); read by the public about, privacy
 * and terms pages and the learner's institutional/* (spec 1 §2.1, §2.2) without login; and the
 * help request form of spec 1 §2.1 (help, institutional/help).
 */
const legal: FastifyPluginAsyncTypebox = async (app) => {
  for (const kind of LEGAL_TEXT_KINDS) {
    const guard = titleAccess(ADMIN_RESOURCES[kind].title);
    app.get(LEGAL_TEXT_PATHS.admin(kind), { config: { access: guard }, schema: { response: { 200: LegalTextAdmin } } }, async (request) =>
      adminTexts(app.db, clientOf(request), kind));

    app.put(LEGAL_TEXT_PATHS.admin(kind), { config: { access: guard }, schema: { body: LegalTextInput, response: { 200: LegalTextAdmin } } }, async (request) => {
      const clientId = clientOf(request);
      const by = authOf(request).user.id;
      await app.db.transaction().execute(async (trx) => {
        for (const [language, html] of Object.entries(request.body.texts)) {
          if (html === undefined) continue;
          const content = sanitizeRichText(html);
          // an emptied editor removes the language's text: readers then get Portuguese
          if (!hasText(content)) {
            await removeLegalText(trx, clientId, kind, language);
            continue;
          }
          await saveLegalText(trx, clientId, kind, language, content, by);
        }
      });
      return adminTexts(app.db, clientId, kind);
    });
  }

  app.get(LEGAL_TEXT_PATHS.public(':kind'), {
    config: { access: 'public' },
    schema: { params: Type.Object({ kind: Type.String({ maxLength: 20 }) }), querystring: PublicLegalTextQuery, response: { 200: PublicLegalText } },
  }, async (request) => {
    const { kind } = request.params;
    if (!isLegalTextKind(kind)) throw notFound();
    const clientId = await publicClientId(app.db, request.query.client_id);
    if (clientId === null) throw notFound();
    const rows = await legalTexts(app.db, clientId, kind);
    const language = pickLanguage(rows.map((r) => r.language), request.query.language);
    const row = rows.find((r) => r.language === language);
    if (!row) throw new HttpError(404, 'not_found', 'This text has not been written yet');
    return { kind, language: row.language, content: row.content, updated_at: row.updated_at };
  });

  /**
   * spec 1 §2.1 help request form: anyone (a user who cannot log in, or a learner from
   * institutional/help). Kept, and mailed to the platform's superusers, who run the help desk.
   */
  app.post(HELP_REQUEST_PATH, { config: { access: 'public' }, schema: { body: HelpRequestInput, response: { 201: DetailResponse } } }, async (request, reply) => {
    const name = request.body.name.trim();
    const email = request.body.email.trim();
    const message = request.body.message.trim();
    const fields: Record<string, 'make_sure_that_all_fields_are_filled_in' | 'invalid_email'> = {};
    if (!name) fields.name = 'make_sure_that_all_fields_are_filled_in';
    if (!message) fields.message = 'make_sure_that_all_fields_are_filled_in';
    if (!isValidEmail(email)) fields.email = 'invalid_email';
    const first = Object.values(fields)[0];
    if (first) throw new HttpError(400, first, 'Invalid help request', fields);

    // a form open to anyone that mails every superuser: a few an hour per client address and per
    // e-mail is plenty for someone locked out (docs/security.md "Rate limits")
    await app.limit('help_ip', request, request.ip, 'too_many_questions');
    await app.limit('help_email', request, email.toLowerCase(), 'too_many_questions');

    // a learner's own session says who and where they are; a visitor's request stands alone
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const token = bearer ? await findAccessToken(app.db, bearer) : null;
    const user = token ? await helpRequester(app.db, token.userId) : undefined;
    await insertHelpRequest(app.db, { client_id: user?.selected_client_id ?? null, user_id: user?.id ?? null, name, email, message });

    const desk = await helpDesk(app.db);
    for (const admin of desk.filter((u) => u.is_superuser)) {
      const vars = { name: admin.full_name, from: `${name} <${email}>`, message };
      try {
        await app.mailer.send({
          to: admin.email,
          subject: translate(admin.language_id, 'mail.help_request.subject', { from: name }),
          text: translate(admin.language_id, 'mail.help_request.body', vars),
        });
      } catch (error) {
        // the request is kept: a mail server down does not lose it, nor fail the visitor's form
        request.log.error({ err: error }, 'help request mail failed');
      }
    }
    return reply.status(201).send({ detail: 'help_request_sent' });
  });
};
export default legal;
