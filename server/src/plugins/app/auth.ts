import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { canOpenAdminTitle, hasPermission, type AccessSubject } from '@lp/shared/rules';
import type { Access, AdminAccess } from '../../lib/access.ts';
import type { UserRow } from '../../db/tables/user.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { verifyPreviewGrant } from '../../lib/previewGrant.ts';
import { PREVIEW_GRANT_HEADER, type PreviewKind } from '@lp/shared/contract';
import { hashToken } from '../../lib/tokens.ts';
import { findAccessTokenUserByHash } from '../../repositories/tokens.ts';
import { canLogIn, moduleItemsByClient, selectedClientId, userClientIds } from '../../repositories/users.ts';

export interface AuthContext {
  user: UserRow;
  familyId: string;
  /** the selected client every tenant query is scoped to (spec 1 §6.1) */
  clientId: number | null;
  /** the clients this session may work in, by name: the user's links, or the one client of an administrative view */
  clientIds: number[];
  /** an administrative view ("log in as") stays in the administrator's client (docs/security.md "Shared users") */
  confinedClientId: number | null;
  subject: AccessSubject;
}

/** A learner read answered for a preview grant: as `userId` would see it, recording nothing. */
export interface PreviewContext {
  kind: PreviewKind;
  contentId: number;
  userId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** set only on a route declaring `config.preview`, for a valid grant of that content (docs/security.md "Preview grants") */
    preview: PreviewContext | null;
  }
}

/** Routes under this prefix must declare `config.access` (lib/access.ts). */
const API_PREFIX = '/api';

/** The auth context of a request that passed `authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, 'not_authenticated', 'Authentication credentials were not provided.');
  return request.auth;
}

/** The selected client of an authenticated request; tenant routes cannot run without one. */
export function clientOf(request: FastifyRequest): number {
  const { clientId } = authOf(request);
  if (clientId == null) throw new HttpError(403, 'client_not_available', 'No client selected');
  return clientId;
}

/** spec 1 §6.1: the admin title check, then the write permission, in the selected client. */
function checkAdmin(request: FastifyRequest, access: AdminAccess): void {
  const { subject } = authOf(request);
  const decisions = access.titles.map((title) => canOpenAdminTitle(subject, title));
  if (!decisions.includes('allow')) {
    if (decisions.at(-1) === 'superuser_only') throw new HttpError(403, 'superuser_only', 'Only superusers can do this');
    throw new HttpError(403, 'permission_denied', 'You do not have permission for this page');
  }
  clientOf(request);
  if (access.permission && !hasPermission(subject, access.permission.slug)) {
    throw new HttpError(403, 'permission_denied', access.permission.refusal);
  }
}

export default fp(async (app) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('preview', null);

  /**
   * The session of a bearer token: from the session cache (authCache.ts) when this node looked it
   * up lately and nothing it depends on was written since, else from the database.
   */
  async function sessionOf(tokenHash: string): Promise<AuthContext> {
    const cached = app.authCache.get(tokenHash);
    if (cached) return cached;
    const generation = app.authCache.generation();
    const token = await findAccessTokenUserByHash(app.db, tokenHash);
    if (!token) throw new HttpError(401, 'token_expired', 'Invalid or expired token');
    const { user, confinedClientId } = token;
    if (!canLogIn(user.status)) throw new HttpError(401, 'user_does_not_have_access', "User doesn't have access");
    const linked = await clientIdsByName(user.id);
    const clientIds = confinedClientId === null ? linked : linked.filter((id) => id === confinedClientId);
    const clientId = selectedClientId(user, clientIds);
    const items = await moduleItemsByClient(app.db, user.id);
    const auth: AuthContext = {
      user,
      familyId: token.familyId,
      clientId,
      clientIds,
      confinedClientId,
      subject: {
        is_superuser: user.is_superuser,
        id_user_client_selected: clientId,
        user_client_module_items: confinedClientId === null ? items : items.filter((c) => c.id === confinedClientId),
      },
    };
    app.authCache.set(tokenHash, auth, token.validUntil, generation);
    return auth;
  }

  const authenticate = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new HttpError(401, 'not_authenticated', 'Authentication credentials were not provided.');
    request.auth = await sessionOf(hashToken(match[1]));
    const { user } = request.auth;
    // docs/security.md "Rate limits": one general per-user limit over the authenticated API
    if (!counted.has(request)) {
      counted.add(request);
      await app.limit('api_user', request, user.id);
    }
  };
  const counted = new WeakSet<FastifyRequest>();

  async function clientIdsByName(userId: number): Promise<number[]> {
    const ids = await userClientIds(app.db, userId);
    if (ids.length <= 1) return ids;
    const rows = await app.db.selectFrom('clients').select(['id', 'name']).where('id', 'in', ids).execute();
    return rows.sort((a, b) => a.name.trim().localeCompare(b.name.trim())).map((r) => r.id);
  }

  const PREVIEW_HEADER = PREVIEW_GRANT_HEADER.toLowerCase();
  const readOnly = () => new HttpError(403, 'preview_read_only', 'A preview only reads the content it was opened for');

  /**
   * spec 1 §2.3 "view editor as a student" (docs/security.md "Preview grants"): a grant is honoured
   * only by a GET declaring `config.preview` of its kind, for its content, presented by the
   * administrator it was issued to, with its client selected and `view_editor` still held there.
   * Every other route refuses a request carrying one, so nothing is written on its behalf.
   */
  function previewOf(request: FastifyRequest, kind: PreviewKind | undefined): PreviewContext {
    if (kind === undefined || request.method !== 'GET') throw readOnly();
    const token = request.headers[PREVIEW_HEADER];
    const claims = typeof token === 'string' ? verifyPreviewGrant(app.mediaSecret, token) : null;
    const auth = authOf(request);
    const contentId = Number((request.params as { id?: string } | undefined)?.id);
    if (!claims || claims.a !== auth.user.id || claims.c !== auth.clientId || claims.k !== kind || claims.i !== contentId
      || !hasPermission(auth.subject, 'view_editor')) {
      throw new HttpError(403, 'preview_grant_invalid', 'The preview has expired or is not for this content: open it again from the editor');
    }
    return { kind, contentId, userId: claims.u };
  }

  /** The one access check of every /api route, before its body is parsed or validated. */
  function enforce(access: Access, preview: PreviewKind | undefined): onRequestHookHandler {
    return async (request) => {
      if (request.headers[PREVIEW_HEADER] !== undefined) {
        if (preview === undefined || access !== 'authenticated') throw readOnly();
        await authenticate(request);
        request.preview = previewOf(request, preview);
        return;
      }
      if (access === 'public') return;
      if (access === 'optional') {
        // a session sent along must be valid; the route decides what it may see
        if (/^Bearer\s/i.test(request.headers.authorization ?? '')) await authenticate(request);
        return;
      }
      await authenticate(request);
      if (access !== 'authenticated') checkAdmin(request, access);
    };
  }

  app.addHook('onRoute', (route) => {
    if (route.url !== API_PREFIX && !route.url.startsWith(`${API_PREFIX}/`)) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no access: add config.access (docs/architecture/routes.md)`);
    }
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [enforce(access, route.config?.preview), ...own];
  });
}, { name: 'auth', dependencies: ['db', 'rate-limits', 'auth-cache'] });
