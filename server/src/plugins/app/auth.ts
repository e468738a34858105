import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { canOpenAdminTitle, type AccessSubject } from '@lp/shared/rules';
import type { UserRow } from '../../db/tables/user.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { findAccessTokenUser } from '../../repositories/tokens.ts';
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

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token is required */
    authenticate: preHandlerHookHandler;
    /** preHandler: the admin title slug check of spec 1 §6.1, scoped to a selected client */
    requireTitle(title: string): preHandlerHookHandler;
  }
}

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

export default fp(async (app) => {
  app.decorateRequest('auth', null);

  const authenticate = async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new HttpError(401, 'not_authenticated', 'Authentication credentials were not provided.');
    const token = await findAccessTokenUser(app.db, match[1]);
    if (!token) throw new HttpError(401, 'token_expired', 'Invalid or expired token');
    const { user } = token;
    if (!canLogIn(user.status)) throw new HttpError(401, 'user_does_not_have_access', "User doesn't have access");
    const { confinedClientId } = token;
    const linked = await clientIdsByName(user.id);
    const clientIds = confinedClientId === null ? linked : linked.filter((id) => id === confinedClientId);
    const clientId = selectedClientId(user, clientIds);
    const items = await moduleItemsByClient(app.db, user.id);
    request.auth = {
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

  app.decorate('authenticate', authenticate);
  app.decorate('requireTitle', (title: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.auth) await authenticate(request, reply);
    const auth = authOf(request);
    const decision = canOpenAdminTitle(auth.subject, title);
    if (decision === 'superuser_only') throw new HttpError(403, 'superuser_only', 'Only superusers can do this');
    if (decision !== 'allow') throw new HttpError(403, 'permission_denied', 'You do not have permission for this page');
    clientOf(request);
  });
}, { name: 'auth', dependencies: ['db', 'rate-limits'] });
