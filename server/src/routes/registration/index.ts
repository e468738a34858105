import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DetailResponse, RecoverLink, REGISTRATION_PATHS, RegisterRequest, RegisterResponse } from '@lp/shared/contract';
import { documentDigits, validateRegistration } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { sendLinkMail } from '../../lib/passwordRecovery.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { getLoginParams } from '../../repositories/clients.ts';
import { publicClientId } from '../../repositories/legal.ts';
import { clientOfImportCode } from '../../repositories/importCodes.ts';
import { consumeReset, findUsableReset } from '../../repositories/passwordResets.ts';
import { activateSelfRegistered, createRegisteredUser, registrationConflicts } from '../../repositories/registration.ts';
import { uniqueConflictOf } from '../../repositories/userUniqueness.ts';
import { findUserById } from '../../repositories/users.ts';
import preRegistration from './preRegistration.ts';

const blank = (v: string | undefined) => (v?.trim() ? v.trim() : null);
const uidFrom = (value: string) => {
  const id = Number(Buffer.from(value, 'base64url').toString('utf8'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * spec 1 §2.1 register (shown when the login configuration's user_register is on): the form's
 * fields come from register.fields, the password meets password_strong_level (§5.1). The account
 * then awaits approval (awaiting_validation: superior approvers and users managers approve it,
 * and the approval e-mails the person — routes/users/admin/status.ts) or, without
 * register_needs_approval, is self_registered until the e-mailed verification link is opened.
 */
const registration: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(preRegistration);

  app.post(REGISTRATION_PATHS.register, {
    config: { access: 'public' },
    schema: { body: RegisterRequest, response: { 201: RegisterResponse } },
  }, async (request, reply) => {
    const params = await getLoginParams(app.db);
    if (!params.user_register) throw new HttpError(403, 'registration_closed', 'Registration is not open');
    await app.limit('register_ip', request, request.ip);
    await app.captcha.check(params.use_recaptcha, request.body.captcha);
    const body = request.body;
    const { captcha: _captcha, ...fields } = body;
    const errors = validateRegistration(fields, { fields: params.register.fields, level: params.register.password_strong_level });
    const first = Object.values(errors)[0];
    if (first) throw new HttpError(400, first, first, errors);
    // spec 1 §2.3 import-code: a code attaches the person to the client it names
    const code = body.import_code?.trim();
    const clientId = code ? await clientOfImportCode(app.db, code) : await publicClientId(app.db, undefined);
    if (clientId === null && code) throw new HttpError(400, 'invalid_import_code', 'Unknown import code', { import_code: 'invalid_import_code' });
    if (clientId === null) throw new HttpError(403, 'registration_closed', 'Registration is not open');

    const email = body.email.trim().toLowerCase();
    const document = body.document?.trim() ? documentDigits(body.document) : null;
    const register = blank(body.register);
    const conflicts = await registrationConflicts(app.db, { email, document, register });
    const conflict = Object.values(conflicts)[0];
    if (conflict) throw new HttpError(409, conflict, conflict, conflicts);

    const needsApproval = params.register_needs_approval;
    const now = new Date();
    let userId: number;
    try {
      userId = await createRegisteredUser(app.db, {
        full_name: body.full_name.trim(), email, document, register,
        nick_name: blank(body.nick_name), gender: blank(body.gender), birthday: blank(body.birthday),
        mobile_area_code: blank(body.mobile_area_code), mobile: blank(body.mobile?.replace(/[\s-]/g, '')),
        gmin_number: null, sap_code: null,
        password_hash: await hashPassword(body.password, app.config.scryptLogN),
        is_superuser: false,
        status: needsApproval ? 'awaiting_validation' : 'self_registered',
        language_id: body.language_id ?? params.default_language_id,
        selected_client_id: clientId, must_change_password: false,
        created_at: now, updated_at: now, date_joined: now,
      }, clientId);
    } catch (error) {
      // two sign-ups with one e-mail at once: the second meets the unique key
      const raced = uniqueConflictOf(error);
      if (!raced) throw error;
      const fields = {
        ...(raced.email ? { email: 'email_already_in_use' as const } : {}),
        ...(raced.document ? { document: 'document_already_registered' as const } : {}),
        ...(raced.register ? { register: 'register_not_unique' as const } : {}),
      };
      const code = Object.values(fields)[0] ?? 'email_already_in_use';
      throw new HttpError(409, code, code, fields);
    }
    if (!needsApproval) {
      const user = (await findUserById(app.db, userId))!;
      await sendLinkMail(app, user, 'verify_email');
    }
    return reply.status(201).send({ outcome: needsApproval ? 'awaiting_approval' : 'verify_email' });
  });

  // the verify-your-email link (signed by its random token, expiring, single use)
  app.post(REGISTRATION_PATHS.verify, {
    config: { access: 'public' },
    schema: { body: RecoverLink, response: { 200: DetailResponse } },
  }, async (request) => {
    const invalid = () => new HttpError(400, 'invalid_verification_link', 'The verification link is invalid or expired');
    const id = uidFrom(request.body.uidb64);
    const user = id ? await findUserById(app.db, id) : undefined;
    if (!user || user.email !== request.body.username.trim().toLowerCase()) throw invalid();
    const link = await findUsableReset(app.db, user.id, request.body.token, ['verify_email']);
    if (!link || !(await consumeReset(app.db, link.id))) throw invalid();
    if (!(await activateSelfRegistered(app.db, user.id))) throw invalid();
    return { detail: 'verified' };
  });
};
export default registration;
