import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CompleteRegistrationRequest, DetailResponse, PreRegisterRequest, REGISTRATION_PATHS } from '@lp/shared/contract';
import { documentDigits, normaliseUsername, validateRegisterFields } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { sendFirstAccessMail } from '../../lib/passwordRecovery.ts';
import { authOf } from '../../plugins/app/auth.ts';
import { getLoginParams } from '../../repositories/clients.ts';
import { completePreRegistration, otherHolder } from '../../repositories/registration.ts';
import { findUserByUsername } from '../../repositories/users.ts';

const blank = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * spec 1 §2.1 pre-register (login link while user_pre_register is on) and §4.1 pre_registered /
 * complete_registration: an administrator or an import pre-registers a person; the person asks
 * for their first-access link by e-mail or document, sets a password, logs in and completes the
 * data the login configuration asks (register.fields) — the account is then active.
 */
const preRegistration: FastifyPluginAsyncTypebox = async (app) => {
  app.post(REGISTRATION_PATHS.preRegister, {
    config: { access: 'public' },
    schema: { body: PreRegisterRequest, response: { 200: DetailResponse } },
  }, async (request) => {
    const params = await getLoginParams(app.db);
    if (!params.user_pre_register) throw new HttpError(403, 'registration_closed', 'Pre-registration is not open');
    const username = normaliseUsername(request.body.username);
    // the recovery limits: each answer may send a mail
    await app.limit('recovery_ip', request, request.ip);
    await app.limit('recovery_email', request, username);
    await app.captcha.check(params.use_recaptcha, request.body.captcha);
    const user = username ? await findUserByUsername(app.db, username) : undefined;
    // spec 1 §8.2 "User not found or incorrect"; "User already registered or doesn't have access"
    if (!user) throw new HttpError(404, 'user_not_found', 'User not found or incorrect');
    if (user.status !== 'pre_registered' && user.status !== 'complete_registration') {
      throw new HttpError(409, 'user_already_registered', "User already registered or doesn't have access");
    }
    await sendFirstAccessMail(app, user);
    return { detail: 'sent' };
  });

  app.post(REGISTRATION_PATHS.complete, {
    config: { access: 'authenticated' },
    schema: { body: CompleteRegistrationRequest, response: { 200: DetailResponse } },
  }, async (request) => {
    const { user } = authOf(request);
    if (user.status !== 'pre_registered' && user.status !== 'complete_registration') {
      throw new HttpError(409, 'user_already_registered', "User already registered or doesn't have access");
    }
    const body = request.body;
    const errors = validateRegisterFields(body, (await getLoginParams(app.db)).register.fields);
    const first = Object.values(errors)[0];
    if (first) throw new HttpError(400, first, first, errors);
    const document = body.document?.trim() ? documentDigits(body.document) : null;
    const register = blank(body.register);
    const conflicts = {
      ...(document && await otherHolder(app.db, user.id, 'document', document) ? { document: 'document_already_registered' as const } : {}),
      ...(register && await otherHolder(app.db, user.id, 'register', register) ? { register: 'register_not_unique' as const } : {}),
    };
    const conflict = Object.values(conflicts)[0];
    if (conflict) throw new HttpError(409, conflict, conflict, conflicts);
    // what was left blank keeps what the administrator or the import wrote
    const values = Object.fromEntries(Object.entries({
      full_name: blank(body.full_name), document, register, nick_name: blank(body.nick_name), gender: blank(body.gender),
      birthday: blank(body.birthday), mobile_area_code: blank(body.mobile_area_code), mobile: blank(body.mobile?.replace(/[\s-]/g, '')),
    }).filter(([, v]) => v !== null));
    if (!(await completePreRegistration(app.db, user.id, values))) {
      throw new HttpError(409, 'user_already_registered', "User already registered or doesn't have access");
    }
    return { detail: 'completed' };
  });
};
export default preRegistration;
