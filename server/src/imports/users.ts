import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { canTransition, emailSuitsProfile, unmaskDocument, validateUserInput } from '@lp/shared/rules';
import { bulkInsert, listOf } from '../db/bulk.ts';
import type { UserUpdate } from '../db/tables/user.table.ts';
import { uniqueConflictOf, type UniqueUserField } from '../repositories/userUniqueness.ts';
import { LOOKUP_SLICE, firstPerField, readColumns, type ImportKind, type Resolved, type RowError } from './rows.ts';

/** A users row, normalised the way the admin form stores it (routes/users/admin/form.ts). */
export interface UserImportValue {
  full_name: string;
  email: string;
  document: string | null;
  register: string | null;
  gmin_number: string | null;
  sap_code: string | null;
  nick_name: string | null;
  gender: string | null;
  birthday: string | null;
  mobile_country_code: string | null;
  mobile_area_code: string | null;
  mobile: string | null;
  country_id: number | null;
  language_id: number | null;
  profile_id: number | null;
  /** null: the cell was empty, the user's areas stay as they are */
  area_ids: number[] | null;
  group_ids: number[] | null;
  branch_id: number | null;
  status: string | null;
  // spec 1 §3.4 fields of the newer columns (null: empty cell, the stored value stays)
  sex: string | null;
  user_type: string | null;
  timezone: string | null;
  country_of_residence_id: number | null;
  main_area_id: number | null;
  mandatory_area_ids: number[] | null;
  mandatory_profile_ids: number[] | null;
  details: Record<(typeof DETAIL_KEYS)[number], string | null>;
}

/** Text details taken as written (sizes checked by the template's columns). */
const DETAIL_KEYS = [
  'marital_status', 'admission_date', 'commercial_phone', 'residential_phone', 'whatsapp',
  'postal_code', 'address', 'number', 'complement', 'neighborhood', 'city', 'state',
] as const;

const UNIQUE_FIELDS: UniqueUserField[] = ['email', 'document', 'register', 'gmin_number'];
const UNIQUE_CODES = {
  email: 'email_not_unique', document: 'document_not_unique', register: 'register_not_unique', gmin_number: 'gmin_number_not_unique',
} as const;

/** An unusable password (routes/users/admin: created without one) is what "no password" means. */
const UNUSABLE_PREFIX = '!unusable$';

/** Columns a row sets on an existing user: only the cells it fills (an empty cell keeps the value). */
function personalColumns(v: UserImportValue) {
  const all = {
    full_name: v.full_name, email: v.email, document: v.document, register: v.register, gmin_number: v.gmin_number,
    sap_code: v.sap_code, nick_name: v.nick_name, gender: v.gender, birthday: v.birthday,
    mobile_country_code: v.mobile_country_code, mobile_area_code: v.mobile_area_code, mobile: v.mobile,
    country_id: v.country_id, branch_id: v.branch_id, language_id: v.language_id, status: v.status,
    sex: v.sex, user_type: v.user_type, timezone: v.timezone, country_of_residence_id: v.country_of_residence_id, ...v.details,
  };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== null)) as UserUpdate;
}

/**
 * spec 1 §3.4 / §5.3 users import: the admin form's rules (shared validateUserInput, the four
 * uniqueness keys), the user matched by e-mail then document within the selected client.
 */
export const usersKind: ImportKind<UserImportValue> = {
  parse(raw, ctx) {
    const { text, ref, errors } = readColumns('users', raw, ctx.lookups);
    const country = ref.country as { id: number; code: string } | undefined;
    const email = text.email?.toLowerCase() ?? null;
    const document = text.document ? unmaskDocument(text.document) || null : null;
    const profileId = ref.profile as number | undefined;
    const areaIds = (ref.area as number[] | undefined) ?? null;
    const mainAreaId = (ref.main_area as number | undefined) ?? null;
    const mandatoryAreaIds = (ref.mandatory_areas as number[] | undefined) ?? null;
    // the main and mandatory areas name areas of this row: without its area cell they cannot be checked
    if (areaIds === null && mainAreaId !== null) errors.push({ field: 'main_area', code: 'main_area_not_chosen' });
    if (areaIds === null && mandatoryAreaIds !== null) errors.push({ field: 'mandatory_areas', code: 'mandatory_audience_not_chosen' });
    const shared = validateUserInput(
      {
        full_name: text.full_name, email, document, client_ids: [ctx.clientId],
        area_ids: areaIds ?? [], main_area_id: areaIds ? mainAreaId : null, mandatory_area_ids: areaIds ? mandatoryAreaIds : null,
      },
      { countryCode: country?.code ?? null, isNew: true, profileEmailDomains: (profileId && ctx.lookups.profileEmailDomains.get(profileId)) || [] },
    );
    // the form's field names → the template's columns
    const COLUMN_OF: Record<string, string> = { main_area_id: 'main_area', mandatory_area_ids: 'mandatory_areas' };
    for (const [field, code] of Object.entries(shared)) {
      if (code && field !== 'client_ids') errors.push({ field: COLUMN_OF[field] ?? field, code });
    }
    const all = firstPerField(errors);
    if (all.length) return { value: null, errors: all };
    return {
      errors: [],
      value: {
        full_name: text.full_name!, email: email!, document,
        register: text.register ?? null, gmin_number: text.gmin_number ?? null, sap_code: text.sap_code ?? null,
        nick_name: text.nick_name ?? null, gender: text.gender ?? null, birthday: text.birthday ?? null,
        mobile_country_code: text.mobile_country_code ?? null, mobile_area_code: text.mobile_area_code ?? null, mobile: text.mobile ?? null,
        country_id: country?.id ?? null,
        language_id: (ref.language as number | undefined) ?? null,
        profile_id: (ref.profile as number | undefined) ?? null,
        area_ids: (ref.area as number[] | undefined) ?? null,
        group_ids: (ref.groups as number[] | undefined) ?? null,
        branch_id: (ref.branch as number | undefined) ?? null,
        status: (ref.status as string | undefined) ?? null,
        sex: (ref.sex as string | undefined) ?? null,
        user_type: (ref.user_type as string | undefined) ?? null,
        timezone: (ref.timezone as string | undefined) ?? null,
        country_of_residence_id: (ref.country_of_residence as { id: number } | undefined)?.id ?? null,
        main_area_id: mainAreaId,
        mandatory_area_ids: mandatoryAreaIds,
        mandatory_profile_ids: (ref.mandatory_profiles as number[] | undefined) ?? null,
        details: {
          ...Object.fromEntries(DETAIL_KEYS.map((key) => [key, text[key] ?? null])) as UserImportValue['details'],
          marital_status: (ref.marital_status as string | undefined) ?? null,
        },
      },
    };
  },

  fileKeys(v) {
    return UNIQUE_FIELDS.flatMap((field) => (v[field] ? [{ field, value: v[field]!, code: UNIQUE_CODES[field] }] : []));
  },

  async resolve(db, values, ctx) {
    if (values.length === 0) return [];
    const lists = Object.fromEntries(UNIQUE_FIELDS.map((f) => [f, [...new Set(values.flatMap((v) => (v[f] ? [v[f]!] : [])))]])) as Record<UniqueUserField, string[]>;
    // one round trip per slice: a branch per key (each on its unique index when the list is
    // short), with the link to the selected client
    const found = new Map<number, { id: number; email: string; document: string | null; register: string | null; gmin_number: string | null; status: string }>();
    const linked = new Set<number>();
    /** the profile a matched user has in the selected client */
    const profileOf = new Map<number, number | null>();
    const branch = (field: UniqueUserField, list: string[]) => db.selectFrom('users')
      .leftJoin('user_clients', (join) => join.onRef('user_clients.user_id', '=', 'users.id').on('user_clients.client_id', '=', ctx.clientId))
      .select(['users.id', 'users.email', 'users.document', 'users.register', 'users.gmin_number', 'users.status', 'user_clients.user_id as linked', 'user_clients.profile_id'])
      .where(`users.${field}`, 'in', listOf(db, list));
    const longest = Math.max(...UNIQUE_FIELDS.map((f) => lists[f].length));
    for (let start = 0; start < longest; start += LOOKUP_SLICE) {
      const parts = UNIQUE_FIELDS.filter((f) => lists[f].length > start).map((f) => branch(f, lists[f].slice(start, start + LOOKUP_SLICE)));
      const query = parts.slice(1).reduce((q, part) => q.unionAll(part), parts[0]!);
      for (const r of await query.execute()) {
        found.set(r.id, r);
        if (r.linked !== null) {
          linked.add(r.id);
          profileOf.set(r.id, r.profile_id);
        }
      }
    }
    const holders = [...found.values()];
    const by = Object.fromEntries(UNIQUE_FIELDS.map((f) => [f, new Map(holders.filter((h) => h[f]).map((h) => [h[f]!, h]))])) as
      Record<UniqueUserField, Map<string, (typeof holders)[number]>>;

    return values.map((v): Resolved => {
      const errors: RowError[] = [];
      // spec: the user is matched by e-mail, then by document, within the selected client only;
      // someone else's user is never taken over (another client's user answers not unique)
      let match: (typeof holders)[number] | undefined;
      const byEmail = by.email.get(v.email);
      if (byEmail) {
        if (linked.has(byEmail.id)) match = byEmail;
        else errors.push({ field: 'email', code: 'email_not_unique' });
      } else if (v.document) {
        const byDocument = by.document.get(v.document);
        if (byDocument && linked.has(byDocument.id)) match = byDocument;
      }
      for (const field of ['document', 'register', 'gmin_number'] as const) {
        const holder = v[field] ? by[field].get(v[field]!) : undefined;
        if (holder && holder.id !== match?.id) errors.push({ field, code: UNIQUE_CODES[field] });
      }
      if (match && v.profile_id === null) {
        // an empty profile cell keeps the user's profile, whose e-mail domains still apply (spec 1 §5.3)
        const kept = profileOf.get(match.id);
        const domains = kept ? ctx.lookups.profileEmailDomains.get(kept) : undefined;
        if (domains && !emailSuitsProfile(v.email, domains)) errors.push({ field: 'email', code: 'invalid_email_for_profile' });
      }
      if (match) {
        if (match.status === 'deleted') errors.push({ field: 'status', code: 'invalid_status_transition' });
        else if (v.status && !canTransition(match.status, v.status)) errors.push({ field: 'status', code: 'invalid_status_transition' });
      }
      return { existingId: errors.length ? null : match?.id ?? null, errors };
    });
  },

  async apply(trx, rows, ctx) {
    const now = new Date();
    // null: USER_IMPORT_PASSWORD=link — new users get no password but a first-access link once
    // the import ends (jobs.ts, spec 1 §2.1 set-password); else the default one, to be changed
    const defaultHash = ctx.defaultPasswordHash;
    const creates = rows.filter((r) => r.existingId === null);
    const updates = rows.filter((r) => r.existingId !== null);
    const areaLinks: Array<{ user_id: number; client_id: number; area_id: number }> = [];
    const groupLinks: Array<{ group_id: number; user_id: number }> = [];
    const mandatoryAreas: Array<{ user_id: number; client_id: number; area_id: number }> = [];
    const mandatoryProfiles: Array<{ user_id: number; client_id: number; profile_id: number }> = [];

    if (creates.length) {
      const inserted = await bulkInsert(trx, 'users', creates.map(({ value: v }) => ({
        full_name: v.full_name, email: v.email, document: v.document, register: v.register, gmin_number: v.gmin_number,
        sap_code: v.sap_code, nick_name: v.nick_name, gender: v.gender, birthday: v.birthday,
        mobile_country_code: v.mobile_country_code, mobile_area_code: v.mobile_area_code, mobile: v.mobile,
        country_id: v.country_id, branch_id: v.branch_id,
        sex: v.sex, user_type: v.user_type, timezone: v.timezone, country_of_residence_id: v.country_of_residence_id, ...v.details,
        // spec 1 §2.3 "reset to the default password": the imported user must change it
        password_hash: defaultHash ?? `${UNUSABLE_PREFIX}${randomBytes(24).toString('base64url')}`, must_change_password: defaultHash !== null,
        is_superuser: false, status: v.status ?? 'active', language_id: v.language_id ?? 1,
        selected_client_id: ctx.clientId, created_at: now, updated_at: now, date_joined: now,
      })), ['id', 'email']);
      const idByEmail = new Map(inserted.map((r) => [r.email, r.id]));
      await bulkInsert(trx, 'user_clients', creates.map(({ value: v }) => ({
        user_id: idByEmail.get(v.email)!, client_id: ctx.clientId, profile_id: v.profile_id, main_area_id: v.main_area_id, enrolled_at: now,
      })));
      for (const { value: v } of creates) {
        const userId = idByEmail.get(v.email)!;
        for (const area_id of v.area_ids ?? []) areaLinks.push({ user_id: userId, client_id: ctx.clientId, area_id });
        for (const group_id of v.group_ids ?? []) groupLinks.push({ group_id, user_id: userId });
        for (const area_id of v.mandatory_area_ids ?? []) mandatoryAreas.push({ user_id: userId, client_id: ctx.clientId, area_id });
        for (const profile_id of v.mandatory_profile_ids ?? []) mandatoryProfiles.push({ user_id: userId, client_id: ctx.clientId, profile_id });
      }
    }

    for (const { value: v, existingId } of updates) {
      const userId = existingId!;
      const unusable = `${UNUSABLE_PREFIX}%`;
      await trx.updateTable('users').set({
        ...personalColumns(v),
        updated_at: now,
        // an imported user without a usable password gets the default one, to be changed
        // (every SET expression reads the row as it was before the update); with first-access
        // links it keeps none and gets a link
        ...(defaultHash ? {
          password_hash: sql<string>`case when password_hash like ${unusable} then ${defaultHash} else password_hash end`,
          must_change_password: sql<boolean>`case when password_hash like ${unusable} then ${true} else must_change_password end`,
        } : {}),
      }).where('id', '=', userId).execute();
      if (v.profile_id !== null) {
        await trx.updateTable('user_clients').set({ profile_id: v.profile_id })
          .where('user_id', '=', userId).where('client_id', '=', ctx.clientId).execute();
      }
      if (v.area_ids !== null) {
        await trx.deleteFrom('user_areas').where('user_id', '=', userId).where('client_id', '=', ctx.clientId).execute();
        for (const area_id of v.area_ids) areaLinks.push({ user_id: userId, client_id: ctx.clientId, area_id });
        // new areas: the main and mandatory ones follow the row (cleared unless it names them among the areas)
        await trx.updateTable('user_clients').set({ main_area_id: v.main_area_id })
          .where('user_id', '=', userId).where('client_id', '=', ctx.clientId).execute();
        await trx.deleteFrom('user_mandatory_areas').where('user_id', '=', userId).where('client_id', '=', ctx.clientId).execute();
        for (const area_id of v.mandatory_area_ids ?? []) mandatoryAreas.push({ user_id: userId, client_id: ctx.clientId, area_id });
      }
      if (v.mandatory_profile_ids !== null) {
        await trx.deleteFrom('user_mandatory_profiles').where('user_id', '=', userId).where('client_id', '=', ctx.clientId).execute();
        for (const profile_id of v.mandatory_profile_ids) mandatoryProfiles.push({ user_id: userId, client_id: ctx.clientId, profile_id });
      }
      if (v.group_ids !== null) {
        const own = trx.selectFrom('user_groups').select('id').where('client_id', '=', ctx.clientId);
        await trx.deleteFrom('user_group_members').where('user_id', '=', userId).where('group_id', 'in', own).execute();
        for (const group_id of v.group_ids) groupLinks.push({ group_id, user_id: userId });
      }
    }
    await bulkInsert(trx, 'user_areas', areaLinks);
    await bulkInsert(trx, 'user_group_members', groupLinks);
    await bulkInsert(trx, 'user_mandatory_areas', mandatoryAreas);
    await bulkInsert(trx, 'user_mandatory_profiles', mandatoryProfiles);
    return { created: creates.length, updated: updates.length };
  },

  conflictOf(error) {
    const conflicts = uniqueConflictOf(error);
    const first = conflicts && Object.entries(conflicts)[0];
    return first ? { field: first[0], code: first[1] } : null;
  },
};
