import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_RESOURCES, IdParams, LearnerWildcardPage, ListQuery, WILDCARD_PATHS, WildcardPage, WildcardPageInput, type ErrorCode,
} from '@lp/shared/contract';
import { WILDCARD_LIMITS, WILDCARD_STATUS, hasText, validateAudience, wildcardSlug, wildcardSlugError } from '@lp/shared/rules';
import { audienceMember, foreignAudienceIds, readAudiences, writeAudience } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { titleAccess } from '../../lib/access.ts';
import {
  deleteWildcardPage, insertWildcardPage, learnerWildcardPage, updateWildcardPage, wildcardPageQuery, wildcardPagesById, wildcardSlugTaken,
  type WildcardPageListRow,
} from '../../repositories/wildcards.ts';

const { title: TITLE } = ADMIN_RESOURCES.wild_cards;

const LIST: ListSpec = {
  searchColumns: ['wildcard_pages.title', 'wildcard_pages.slug'],
  sortable: {
    id: 'wildcard_pages.id', title: 'wildcard_pages.title', slug: 'wildcard_pages.slug', status: 'wildcard_pages.status',
    created_at: 'wildcard_pages.created_at', updated_at: 'wildcard_pages.updated_at',
  },
  defaultOrdering: 'title',
  filters: { status: 'wildcard_pages.status' },
};

async function toPages(db: Db, rows: WildcardPageListRow[]): Promise<WildcardPage[]> {
  const audiences = await readAudiences(db, 'wildcard_page', rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id, title: r.title, slug: r.slug, content: r.content, status: r.status,
    ...audiences.get(r.id)!,
    created_at: r.created_at, updated_at: r.updated_at,
  }));
}

async function pageOr404(db: Db, clientId: number, id: number): Promise<WildcardPage> {
  const [page] = await toPages(db, await wildcardPagesById(db, clientId, id));
  if (!page) throw notFound();
  return page;
}

interface CheckedPage {
  title: string;
  slug: string;
  content: string;
  status: number;
  areas: number[];
  profiles: number[];
  user_groups: number[];
}

/** The form's rules: title ≤ 256, a slug of the §5.5 helper's making, content, a status and the audience (spec 2 §5.1 rule). */
async function checked(db: Db, clientId: number, input: WildcardPageInput, id: number | null): Promise<CheckedPage> {
  const errors: Record<string, ErrorCode> = {};
  const title = input.title.trim();
  if (!title) errors.title = 'make_sure_that_all_fields_are_filled_in';
  else if (Array.from(title).length > WILDCARD_LIMITS.titleMax) errors.title = 'title_too_long';
  const slug = wildcardSlug(title, input.slug);
  const slugError = wildcardSlugError(slug);
  if (slugError && !errors.title) errors.slug = slugError;
  const content = sanitizeRichText(input.content);
  if (!hasText(content)) errors.content = 'make_sure_that_all_fields_are_filled_in';
  if (input.status !== WILDCARD_STATUS.published && input.status !== WILDCARD_STATUS.unpublished) errors.status = 'validation_error';
  const audience = { areas: input.areas ?? [], profiles: input.profiles ?? [], user_groups: input.user_groups ?? [] };
  Object.assign(errors, validateAudience(audience, false), await foreignAudienceIds(db, clientId, audience));
  if (!errors.slug && !errors.title) {
    if (await wildcardSlugTaken(db, clientId, slug, id)) errors.slug = 'slug_not_unique';
  }
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(errors.slug === 'slug_not_unique' && Object.keys(errors).length === 1 ? 409 : 400, first, 'Invalid page', errors);
  return { title, slug, content, status: input.status, ...audience };
}

/** Two saves racing for one slug: the unique constraint decides, with the same answer as the check. */
function slugTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new HttpError(409, 'slug_not_unique', 'Another page of the client has this slug', { slug: 'slug_not_unique' });
  throw error;
}

/**
 * Wildcard pages (spec 1 §2.3 wild_cards, wild_card/{id}: title wild_card, superuser only; spec 3
 * §3 "Wildcard page: slug"): rich pages addressed by a slug unique per client, shown to their
 * audience at the portal's /p/{slug} while published.
 */
const wildcards: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(TITLE);

  app.get(WILDCARD_PATHS.collection, { config: { access: guard }, schema: { querystring: ListQuery, response: listResponse(WildcardPage) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST);
    const { rows, total } = await runList(wildcardPageQuery(app.db, clientOf(request)), list, LIST);
    return sendList(reply, 'wild_cards', list, await toPages(app.db, rows), total);
  });

  app.get(WILDCARD_PATHS.item(':id'), { config: { access: guard }, schema: { params: IdParams, response: { 200: WildcardPage } } }, async (request) =>
    pageOr404(app.db, clientOf(request), request.params.id));

  app.post(WILDCARD_PATHS.collection, { config: { access: guard }, schema: { body: WildcardPageInput, response: { 201: WildcardPage } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const page = await checked(app.db, clientId, request.body, null);
    const id = await app.db.transaction().execute(async (trx) => {
      const now = new Date();
      const pageId = await insertWildcardPage(trx, {
        client_id: clientId, title: page.title, slug: page.slug, content: page.content, status: page.status,
        created_by: authOf(request).user.id, created_at: now, updated_at: now,
      });
      await writeAudience(trx, 'wildcard_page', pageId, page);
      return pageId;
    }).catch(slugTaken);
    return reply.status(201).send(await pageOr404(app.db, clientId, id));
  });

  app.put(WILDCARD_PATHS.item(':id'), { config: { access: guard }, schema: { params: IdParams, body: WildcardPageInput, response: { 200: WildcardPage } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = await pageOr404(app.db, clientId, request.params.id);
    const page = await checked(app.db, clientId, request.body, id);
    await app.db.transaction().execute(async (trx) => {
      await updateWildcardPage(trx, clientId, id, { title: page.title, slug: page.slug, content: page.content, status: page.status });
      await writeAudience(trx, 'wildcard_page', id, page);
    }).catch(slugTaken);
    return pageOr404(app.db, clientId, id);
  });

  app.delete(WILDCARD_PATHS.item(':id'), { config: { access: guard }, schema: { params: IdParams, response: { 200: WildcardPage } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await pageOr404(app.db, clientId, request.params.id);
    await deleteWildcardPage(app.db, clientId, before.id);
    return before;
  });

  // learner: a published page of the selected client whose audience holds the user; 404 otherwise
  app.get(WILDCARD_PATHS.learner(':slug'), {
    config: { access: 'authenticated' },
    schema: { params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: WILDCARD_LIMITS.slugMax }) }), response: { 200: LearnerWildcardPage } },
  }, async (request) => {
    const clientId = clientOf(request);
    const member = await audienceMember(app.db, clientId, authOf(request).user.id);
    const row = await learnerWildcardPage(app.db, clientId, member, request.params.slug);
    if (!row) throw notFound();
    return { id: row.id, title: row.title, slug: row.slug, content: row.content, updated_at: row.updated_at };
  });
};
export default wildcards;
