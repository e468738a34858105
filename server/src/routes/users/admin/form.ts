import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ADMIN_RESOURCES, AdminUser, UserInput, type ErrorCode } from '@lp/shared/contract';
import { accountChanges, canTransition, isUserStatus, unmaskDocument, validateUserInput } from '@lp/shared/rules';
import type { Db } from '../../../db/database.ts';
import type { UserRow } from '../../../db/tables/user.table.ts';
import { HttpError } from '../../../lib/httpError.ts';
import { sendFirstAccessMail } from '../../../lib/passwordRecovery.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { clientOf } from '../../../plugins/app/auth.ts';
import {
  audit, loadAdminUsers, uniqueConflictOf, uniqueConflicts, unusablePassword,
} from '../../../repositories/adminUsers.ts';
import { defaultCountryCode, getLoginParams } from '../../../repositories/clients.ts';
import { revokeUserFamilies } from '../../../repositories/tokens.ts';
import { canLogIn } from '../../../repositories/users.ts';
import {
  clientLinksOf, countryCodeOf, existingClientCount, insertUser, linkClients, livingUserIdsInClient, ownedIds, profileEmailDomains,
  replaceUserAreas, keepAreaRolesWithin, replaceUserGroups, replaceUserMandatory, replaceUserSuperiors, setMainArea, setUserProfile, unlinkClients, updateUser,
  userAreaIds, userProfileId,
} from '../../../repositories/userForm.ts';
import { defineUserImageKind, userImageUpload } from '../image.ts';
import {
  IdParams, USERS_PATH, administrableClientIds, auditBy, linkedClientIds, requireAccountActions, targetUser, userPath,
} from './common.ts';
import { titleAccess } from '../../../lib/access.ts';

const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** spec 1 §3.4 details as stored (like the other personal fields, an omitted one is cleared). */
function detailValues(input: UserInput) {
  const handicapped = input.is_handicapped ?? false;
  return {
    postal_code: blank(input.postal_code), address: blank(input.address), number: blank(input.number),
    complement: blank(input.complement), neighborhood: blank(input.neighborhood), city: blank(input.city), state: blank(input.state),
    commercial_phone: blank(input.commercial_phone), residential_phone: blank(input.residential_phone), whatsapp: blank(input.whatsapp),
    marital_status: blank(input.marital_status), number_of_children: input.number_of_children ?? null,
    is_handicapped: handicapped, handicap_description: handicapped ? blank(input.handicap_description) : null,
    admission_date: input.admission_date || null, store_manager: input.store_manager ?? false,
    sex: blank(input.sex), country_of_residence_id: input.country_of_residence_id ?? null,
    timezone: blank(input.timezone), user_type: blank(input.user_type),
  };
}

/** Validation the shared rules cannot see: references, clients, status (spec 1 §5.3). */
async function checkInput(db: Db, request: FastifyRequest, input: UserInput, current: { id: number; status: string } | null) {
  const clientId = clientOf(request);
  let countryCode: string | null;
  if (input.country_id) {
    const code = await countryCodeOf(db, input.country_id);
    if (code === undefined) throw new HttpError(400, 'validation_error', 'Unknown country', { country_id: 'validation_error' });
    countryCode = code;
  } else {
    // spec 1 §5.2: a user without a country is checked by the client's default country's rules,
    // so a form that sends no country cannot slip an invalid Brazilian document past
    countryCode = await defaultCountryCode(db, clientId);
  }
  // spec 1 §5.3 "Invalid email for this profile": the chosen profile's domains (a profile of another client is refused below)
  // (an update without profile_id keeps the user's profile here, so its domains still apply)
  const profileId = input.profile_id !== undefined ? input.profile_id : current
    ? await userProfileId(db, current.id, clientId)
    : null;
  const profile = profileId ? await profileEmailDomains(db, clientId, profileId) : undefined;
  const fields: Record<string, ErrorCode> = {} as Record<string, ErrorCode>;
  // the main and mandatory areas are checked against the areas the user will have (kept when omitted)
  const areaIds = input.area_ids ?? (current ? await userAreaIds(db, current.id, clientId) : []);
  Object.assign(fields, validateUserInput({ ...input, area_ids: areaIds }, {
    countryCode, isNew: current === null, passwordLevel: (await getLoginParams(db)).register.password_strong_level,
    profileEmailDomains: profile ? profile.email_domains : [],
  }));
  const administrable = await administrableClientIds(db, request);
  if (!fields.client_ids && !input.client_ids.includes(clientId)) fields.client_ids = 'client_not_available';
  if (administrable !== 'all' && input.client_ids.some((id) => !administrable.includes(id))) fields.client_ids = 'client_not_available';
  if (administrable === 'all' && input.client_ids.length) {
    if ((await existingClientCount(db, input.client_ids)) !== new Set(input.client_ids).size) fields.client_ids = 'client_not_available';
  }
  const check = async (field: 'area_ids' | 'group_ids', table: 'areas' | 'user_groups', ids: number[] = []) => {
    const ok = await ownedIds(db, table, clientId, ids);
    if (ids.some((id) => !ok.has(id))) fields[field] = 'validation_error';
  };
  await check('area_ids', 'areas', input.area_ids);
  await check('group_ids', 'user_groups', input.group_ids);
  const profiles = input.mandatory_profile_ids ?? [];
  const ownProfiles = await ownedIds(db, 'profiles', clientId, profiles);
  if (profiles.some((id) => !ownProfiles.has(id))) fields.mandatory_profile_ids = 'validation_error';
  if (input.country_of_residence_id && (await countryCodeOf(db, input.country_of_residence_id)) === undefined) {
    fields.country_of_residence_id = 'validation_error';
  }
  if (input.profile_id && !profile) fields.profile_id = 'validation_error';
  if (input.branch_id && !(await ownedIds(db, 'branches', clientId, [input.branch_id])).size) fields.branch_id = 'validation_error';
  if (input.superior_ids?.length) {
    // superiors are people of this client (not deleted), never the user themself
    const ids = [...new Set(input.superior_ids)];
    const found = await livingUserIdsInClient(db, clientId, ids);
    if (found.length !== ids.length || (current && ids.includes(current.id))) fields.superior_ids = 'validation_error';
  }
  if (input.status !== undefined) {
    const from = current?.status ?? 'active';
    if (!isUserStatus(input.status) || !canTransition(from, input.status) || input.status === 'deletion_requested') fields.status = 'invalid_status_transition';
  }
  if (current?.status === 'deleted') fields.status = 'invalid_status_transition';
  const first = Object.values(fields)[0];
  if (first) throw new HttpError(400, first, first, fields);
}

/** spec 1 §2.3 user register form: personal data, organisation data (permissions: permissions.ts). */
const form: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(ADMIN_RESOURCES.users.title);
  defineUserImageKind(app);

  async function readOne(request: FastifyRequest, id: number): Promise<AdminUser> {
    await targetUser(app.db, request, id);
    const [user] = await loadAdminUsers(app.db, clientOf(request), [id]);
    return user!;
  }

  /** Writes in one transaction; uniqueness checked inside it and re-mapped if a race hits the constraint. */
  async function save(request: FastifyRequest, input: UserInput, current: UserRow | null): Promise<number> {
    const id = current?.id ?? null;
    const clientId = clientOf(request);
    // spec 1 §3.4 image: a new upload checked as a profile picture (spec 1 §5.4), the stored one kept, or removed
    const image = await userImageUpload(app, request, input.image, current?.image ?? null);
    // a new user sent a first-access link chooses their own password (issue 25 item 5)
    const typed = current === null && input.password_choice === 'email' ? null : input.password;
    const passwordHash = typed ? await hashPassword(typed, app.config.scryptLogN) : null;
    const values = {
      full_name: input.full_name.trim(),
      nick_name: blank(input.nick_name),
      email: input.email.trim().toLowerCase(),
      document: input.document ? unmaskDocument(input.document) || null : null,
      register: blank(input.register),
      gmin_number: blank(input.gmin_number),
      sap_code: blank(input.sap_code),
      gender: blank(input.gender),
      birthday: input.birthday || null,
      mobile_country_code: blank(input.mobile_country_code),
      mobile_area_code: blank(input.mobile_area_code),
      mobile: blank(input.mobile),
      country_id: input.country_id ?? null,
      branch_id: input.branch_id ?? null,
      ...detailValues(input),
      ...(image.changed ? { image: image.resource } : {}),
      updated_at: new Date(),
    };
    const endsSessions = id !== null && (passwordHash !== null || (input.status !== undefined && !canLogIn(input.status)));
    try {
      const saved = await image.saving(() => app.db.transaction().execute(async (trx) => {
        const conflicts = await uniqueConflicts(trx, values, id);
        const first = Object.values(conflicts)[0];
        if (first) throw new HttpError(409, first, first, conflicts);
        let userId: number;
        if (id === null) {
          const now = new Date();
          userId = await insertUser(trx, {
            ...values, password_hash: passwordHash ?? unusablePassword(), is_superuser: false,
            status: input.status ?? 'active', language_id: 1, selected_client_id: clientId, must_change_password: false,
            created_at: now, date_joined: now,
          });
        } else {
          userId = id;
          await updateUser(trx, id, {
            ...values, ...(input.status ? { status: input.status } : {}), ...(passwordHash ? { password_hash: passwordHash } : {}),
          });
        }
        // clients: the ones the actor administers follow the input; other links stay
        const administrable = await administrableClientIds(trx, request);
        const existing = await clientLinksOf(trx, userId);
        const removed = existing.filter((e) => !input.client_ids.includes(e.client_id) && (administrable === 'all' || administrable.includes(e.client_id)));
        if (removed.length) await unlinkClients(trx, userId, removed.map((r) => r.client_id));
        const added = input.client_ids.filter((c) => !existing.some((e) => e.client_id === c));
        if (added.length) await linkClients(trx, userId, added);
        if (input.profile_id !== undefined) await setUserProfile(trx, userId, clientId, input.profile_id);
        if (input.area_ids) await replaceUserAreas(trx, userId, clientId, input.area_ids);
        if (input.group_ids) await replaceUserGroups(trx, userId, clientId, input.group_ids);
        if (input.superior_ids) await replaceUserSuperiors(trx, userId, clientId, input.superior_ids);
        if (input.main_area_id !== undefined) await setMainArea(trx, userId, clientId, input.main_area_id);
        if (input.mandatory_area_ids) await replaceUserMandatory(trx, 'user_mandatory_areas', userId, clientId, input.mandatory_area_ids);
        // new areas sent alone: a kept main or mandatory area that is no longer among them goes
        if (input.area_ids) await keepAreaRolesWithin(trx, userId, clientId, input.area_ids);
        if (input.mandatory_profile_ids) await replaceUserMandatory(trx, 'user_mandatory_profiles', userId, clientId, input.mandatory_profile_ids);
        await image.commit(trx);
        // a new password, or a status that cannot log in, ends the user's sessions
        if (endsSessions) await revokeUserFamilies(trx, userId);
        const by = { ...auditBy(request), target_user_id: userId, client_id: clientId };
        await audit(trx, { ...by, action: id === null ? 'user_create' : 'user_update' });
        if (current) {
          // docs/security.md "Shared users": each account-wide change on its own line of the audit log
          if (passwordHash) await audit(trx, { ...by, action: 'password_set' });
          if (values.email !== current.email) await audit(trx, { ...by, action: 'email_change', details: { from: current.email, to: values.email } });
          if (values.document !== current.document) {
            await audit(trx, { ...by, action: 'document_change', details: { from: current.document, to: values.document } });
          }
          if (input.status && input.status !== current.status) await audit(trx, { ...by, action: 'status_change', details: { from: current.status, to: input.status } });
          if (added.length || removed.length) {
            await audit(trx, { ...by, action: 'client_links_change', details: { added, removed: removed.map((r) => r.client_id) } });
          }
        }
        return userId;
      }));
      await image.replaced();
      if (endsSessions) await app.realtime.endSessions({ userId: saved });
      return saved;
    } catch (error) {
      const conflicts = uniqueConflictOf(error);
      const first = conflicts && Object.values(conflicts)[0];
      if (first) throw new HttpError(409, first, first, conflicts);
      throw error;
    }
  }

  app.get(userPath(''), { config: { access: guard }, schema: { params: IdParams, response: { 200: AdminUser } } }, async (request) =>
    readOne(request, request.params.id));

  app.post(USERS_PATH, { config: { access: guard }, schema: { body: UserInput, response: { 201: AdminUser } } }, async (request, reply) => {
    await checkInput(app.db, request, request.body, null);
    const id = await save(request, request.body, null);
    // spec 1 §2.1 set-password: the new user's first-access link, not a shared default password
    if (request.body.password_choice === 'email') {
      await sendFirstAccessMail(app, await targetUser(app.db, request, id));
    }
    return reply.status(201).send(await readOne(request, id));
  });

  app.put(userPath(''), { config: { access: guard }, schema: { params: IdParams, body: UserInput, response: { 200: AdminUser } } }, async (request) => {
    const current = await targetUser(app.db, request, request.params.id, { write: true });
    await checkInput(app.db, request, request.body, current);
    // links to clients the actor does not administer stay whatever the input says (save): compare the others
    const administrable = await administrableClientIds(app.db, request);
    const links = (await linkedClientIds(app.db, current.id)).filter((id) => administrable === 'all' || administrable.includes(id));
    const changes = accountChanges({ ...current, client_ids: links }, request.body);
    await requireAccountActions(app.db, request, current.id, changes, request.body.client_ids);
    await save(request, request.body, current);
    return readOne(request, current.id);
  });
};
export default form;
