import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_RESOURCES, BADGE_PATHS, Badge, BadgeAward, BadgeAwardInput, BadgeImage, BadgeInput, IdParams, ListQuery, type ErrorCode,
  NoContent,
} from '@lp/shared/contract';
import { BADGE_STATUS, localeForLanguageId, validateBadge } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { mediaPath, randomMediaId, safeFileName } from '../../lib/mediaStore.ts';
import { mediaKey } from '../../storage/index.ts';
import { matchesMagic } from '../../lib/uploadValidation.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  badgeHolders, badgeListQuery, deleteBadge, findBadgeOfClient, insertBadge, updateBadge, type BadgeListRow,
} from '../../repositories/badgeAdmin.ts';
import { clientUserIds } from '../../repositories/adminUsers.ts';
import { awardManually, ensureDefaultBadges, revokeManual } from '../../repositories/badges.ts';
import { AWARD_EXISTING_JOB } from '../../plugins/app/jobs/badgeAwards.ts';
import { titleAccess } from '../../lib/access.ts';

const { title } = ADMIN_RESOURCES.badges;

/** spec 3 §5 "Uploads in these modules": images are jpg, jpeg, png (and gif, as the web images of spec 1 §5.4). */
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'];
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const LIST: ListSpec = {
  searchColumns: ['badges.title'],
  sortable: { id: 'badges.id', title: 'badges.title', badge_type: 'badges.badge_type', status: 'badges.status', created_at: 'badges.created_at' },
  defaultOrdering: 'id',
  filters: { badge_type: 'badges.badge_type', status: 'badges.status' },
};

const toBadge = (r: BadgeListRow): Badge => ({
  id: r.id,
  badge_type: r.badge_type,
  default_key: r.default_key,
  title: r.title,
  description: r.description,
  image_url: r.image_url,
  status: r.status,
  rule_metric: r.rule_metric as Badge['rule_metric'],
  rule_threshold: r.rule_threshold === null ? null : Number(r.rule_threshold),
  awarded_count: Number(r.awarded_count ?? 0),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

async function badgeOr404(db: Db, clientId: number, id: number): Promise<Badge> {
  const row = await findBadgeOfClient(db, clientId, id);
  if (!row) throw notFound();
  return toBadge(row);
}

/** An image of ours (the badge image upload answers it) or any http(s) address. */
function imageUrlError(url: string | null | undefined): ErrorCode | null {
  if (url === undefined || url === null || url === '') return null;
  return /^(https?:\/\/|\/media\/)[^\s]+$/i.test(url) ? null : 'validation_error';
}

/** The shared form rules (spec 3 §8 "Badge add/update errors" come back per field), plus the image address. */
function checked(input: BadgeInput, isDefault: boolean): BadgeInput {
  const errors: Record<string, ErrorCode> = { ...validateBadge(isDefault ? { ...input, rule_metric: null, rule_threshold: null } : input) };
  const image = imageUrlError(input.image_url);
  if (image) errors.image_url = image;
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(400, first, 'Invalid badge', errors);
  return input;
}

/**
 * spec 3 §2 badges, badges/{id} (title badges, superuser only, spec 1 §6.1): the client's default
 * and custom badges, their image, the awards (by rule or by hand) and taking a manual one back.
 */
const badgesAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(title);
  const AwardParams = Type.Object({ id: Type.Integer({ minimum: 1 }), userId: Type.Integer({ minimum: 1 }) });

  /** a rule badge may already be earned by learners: judge them all in the background */
  const judgeExisting = (clientId: number) => app.jobs.enqueue(AWARD_EXISTING_JOB, { client_id: clientId }, { dedupeKey: `${AWARD_EXISTING_JOB}:${clientId}` });

  app.get(BADGE_PATHS.collection, { config: { access: guard }, schema: { querystring: ListQuery, response: listResponse(Badge) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST);
    const { rows, total } = await runList(badgeListQuery(app.db, clientOf(request)), list, LIST);
    return sendList(reply, 'badges', list, rows.map(toBadge), total);
  });

  app.get(BADGE_PATHS.item(':id'), { config: { access: guard }, schema: { params: IdParams, response: { 200: Badge } } }, async (request) =>
    badgeOr404(app.db, clientOf(request), request.params.id));

  app.post(BADGE_PATHS.collection, { config: { access: guard }, schema: { body: BadgeInput, response: { 201: Badge } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const input = checked(request.body, false);
    const now = new Date();
    const id = await insertBadge(app.db, {
      client_id: clientId, badge_type: 'custom', default_key: null, title: input.title.trim(), description: input.description?.trim() ?? '',
      image_url: input.image_url || null, status: input.status, rule_metric: input.rule_metric || null,
      rule_threshold: input.rule_metric ? Number(input.rule_threshold) : null, created_at: now, updated_at: now,
    });
    if (input.rule_metric && input.status === BADGE_STATUS.active) await judgeExisting(clientId);
    return reply.status(201).send(await badgeOr404(app.db, clientId, id));
  });

  app.put(BADGE_PATHS.item(':id'), { config: { access: guard }, schema: { params: IdParams, body: BadgeInput, response: { 200: Badge } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await badgeOr404(app.db, clientId, request.params.id);
    const isDefault = before.badge_type === 'default';
    const input = checked(request.body, isDefault);
    await updateBadge(app.db, clientId, before.id, {
      title: input.title.trim(), description: input.description?.trim() ?? before.description,
      image_url: input.image_url === undefined ? before.image_url : input.image_url || null, status: input.status,
      // a default badge keeps its rule (spec 3 §3: the type says where the rule comes from)
      ...(isDefault ? {} : { rule_metric: input.rule_metric || null, rule_threshold: input.rule_metric ? Number(input.rule_threshold) : null }),
      updated_at: new Date(),
    });
    const after = await badgeOr404(app.db, clientId, before.id);
    if (after.rule_metric && after.status === BADGE_STATUS.active) await judgeExisting(clientId);
    return after;
  });

  app.delete(BADGE_PATHS.item(':id'), { config: { access: guard }, schema: { params: IdParams, response: { 200: Badge } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await badgeOr404(app.db, clientId, request.params.id);
    // the default set stays whole: deactivate a default badge instead
    if (before.badge_type === 'default') throw new HttpError(409, 'default_badge_cannot_be_deleted', 'Default badges are deactivated, not deleted');
    await app.db.transaction().execute((trx) => deleteBadge(trx, clientId, before.id));
    return before;
  });

  app.post(BADGE_PATHS.restoreDefaults, { config: { access: guard }, schema: { response: { 200: Type.Object({ created: Type.Integer() }) } } }, async (request) => {
    const clientId = clientOf(request);
    const created = await ensureDefaultBadges(app.db, clientId, localeForLanguageId(authOf(request).user.language_id));
    if (created > 0) await judgeExisting(clientId);
    return { created };
  });

  // the image of a badge: multipart {filename, file}, checked by content, kept in the media store
  app.post(BADGE_PATHS.image, {
    config: { access: guard },
    schema: { body: Type.Object({ filename: Type.String({ minLength: 1, maxLength: 255 }), file: Type.Unsafe<Buffer>({}) }), response: { 200: BadgeImage } },
    errorHandler: (error: FastifyError) => {
      if (error.statusCode === 413) throw new HttpError(413, 'file_too_large', 'Badge images are at most 5 MB');
      throw error;
    },
  }, async (request) => {
    const clientId = clientOf(request);
    const { filename, file } = request.body;
    const name = safeFileName(filename);
    const extension = path.extname(name).slice(1).toLowerCase();
    if (!IMAGE_EXTENSIONS.includes(extension)) throw new HttpError(400, 'invalid_file_type', 'Badge images are .png, .jpg or .gif', { file: 'invalid_file_type' });
    if (!Buffer.isBuffer(file) || file.length === 0) throw new HttpError(400, 'make_sure_that_all_fields_are_filled_in', 'No file', { file: 'make_sure_that_all_fields_are_filled_in' });
    if (file.length > IMAGE_MAX_BYTES) throw new HttpError(413, 'file_too_large', 'Badge images are at most 5 MB');
    if (!matchesMagic(extension, file.subarray(0, 1024))) throw new HttpError(400, 'invalid_file_type', 'The content is not the image its name says', { file: 'invalid_file_type' });
    const resource = `images/badges/${clientId}/${randomMediaId()}/${name}`;
    await app.storage.put(mediaKey(resource), file, { exclusive: true });
    return { url: mediaPath(resource) };
  });

  app.get(BADGE_PATHS.awards(':id'), { config: { access: guard }, schema: { params: IdParams, response: { 200: Type.Array(BadgeAward) } } }, async (request) => {
    const clientId = clientOf(request);
    const badge = await badgeOr404(app.db, clientId, request.params.id);
    const rows = await badgeHolders(app.db, clientId, badge.id);
    return rows.map((r) => ({ user: { id: r.id, full_name: r.full_name, email: r.email }, awarded_at: r.awarded_at, manual: r.manual }));
  });

  app.post(BADGE_PATHS.awards(':id'), {
    config: { access: guard }, schema: { params: IdParams, body: BadgeAwardInput, response: { 200: Type.Object({ awarded: Type.Integer() }) } },
  }, async (request) => {
    const clientId = clientOf(request);
    const badge = await badgeOr404(app.db, clientId, request.params.id);
    const ids = [...new Set(request.body.user_ids)];
    // only the client's users hold its badges
    const members = await clientUserIds(app.db, clientId, ids);
    if (members.length !== ids.length) throw new HttpError(400, 'validation_error', 'Unknown user', { user_ids: 'validation_error' });
    const awarded = await app.db.transaction().execute((trx) => awardManually(trx, { id: badge.id, client_id: clientId, title: badge.title }, ids, authOf(request).user.id));
    return { awarded };
  });

  app.delete(BADGE_PATHS.award(':id', ':userId'), { config: { access: guard }, schema: { params: AwardParams, response: { 204: NoContent } } }, async (request, reply) => {
    const clientId = clientOf(request);
    await badgeOr404(app.db, clientId, request.params.id);
    const result = await app.db.transaction().execute((trx) => revokeManual(trx, clientId, request.params.id, request.params.userId));
    if (result === 'not_found') throw notFound();
    if (result === 'not_manual') throw new HttpError(409, 'badge_award_not_manual', 'A badge earned by its rule is not taken back');
    return reply.status(204).send();
  });

};
export default badgesAdmin;
