/**
 * Who may call a route: every route under /api declares it once, in `config.access`, and the
 * auth plugin's one onRequest hook enforces it before the body is read or validated — an
 * unauthenticated caller gets 401 and an unauthorised one 403, never a schema error
 * (docs/architecture/routes.md "Access").
 */
import type { PreviewKind } from '@lp/shared/contract';

export type Access = 'public' | 'optional' | 'authenticated' | AdminAccess;

/**
 * An admin route (spec 1 §6.1): the caller must be able to open one of the module-item title
 * slugs (superusers pass; superuser-only titles need a superuser) in a selected client, and,
 * for a write, also hold `permission` (spec 2 §6 `*_manage` items).
 */
export interface AdminAccess {
  /** any one of these opens the route; when none does, the last one's refusal is answered */
  readonly titles: readonly [string, ...string[]];
  readonly permission?: {
    readonly slug: string;
    /** the 403 detail when the title opens but the permission is missing */
    readonly refusal: string;
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public': anyone; 'optional': a bearer token sent along is checked; see Access */
    access?: Access;
    /**
     * A learner read of one training or webcast (`:id`) that answers a preview grant of that kind
     * (spec 1 §2.3 "view editor as a student"); every route without it refuses a request carrying
     * one (plugins/app/auth.ts, docs/security.md "Preview grants").
     */
    preview?: PreviewKind;
  }
}

/** The access of an admin page by its title slug (or the first of several that opens it). */
export function titleAccess(...titles: [string, ...string[]]): AdminAccess {
  return { titles };
}

/** Reads need the title slug; writes also the manage permission, refused with `refusal`. */
export function readWriteAccess(title: string, manage: string, refusal: string): { read: AdminAccess; write: AdminAccess } {
  const read = titleAccess(title);
  return { read, write: { ...read, permission: { slug: manage, refusal } } };
}
