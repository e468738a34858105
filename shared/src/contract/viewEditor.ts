import { Type, type Static } from '@sinclair/typebox';

/**
 * "View editor as a student" (spec 1 §2.3, module item `view_editor` §6.2): an administrator opens
 * a training or a webcast in the portal as one learner would see it, read-only. The server issues
 * a short-lived grant signed for the administrator, the selected client, the content and the
 * learner; the portal sends it in `PREVIEW_GRANT_HEADER` (learnerPaths.ts) on that content's
 * learner read only, which answers as that learner would see it and records nothing. Every other
 * route refuses a request carrying it (docs/security.md "Preview grants").
 */
export const PREVIEW_KINDS = ['training', 'webcast'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** Seconds a preview grant stays valid. */
export const PREVIEW_GRANT_TTL_SECONDS = 15 * 60;

const Id = Type.Integer({ minimum: 1 });
const OptionalId = Type.Optional(Type.Union([Id, Type.Null()]));

/**
 * Whom to preview as: one learner of the client (`user_id`), or the first learner (by name) who
 * holds every one of the chosen area, profile and user group.
 */
export const PreviewGrantInput = Type.Object({
  kind: Type.Union(PREVIEW_KINDS.map((k) => Type.Literal(k))),
  content_id: Id,
  user_id: OptionalId,
  area_id: OptionalId,
  profile_id: OptionalId,
  user_group_id: OptionalId,
});
export type PreviewGrantInput = Static<typeof PreviewGrantInput>;

export const PreviewGrant = Type.Object({
  grant: Type.String(),
  expires_at: Type.String(),
  /** the learner the portal answers as */
  learner: Type.Object({ id: Type.Integer(), full_name: Type.String() }),
  /** whether that learner sees the content at all (when not, the portal shows "not found", as they would meet it) */
  visible: Type.Boolean(),
  /** the portal page to open, grant included */
  portal_path: Type.String(),
});
export type PreviewGrant = Static<typeof PreviewGrant>;

/** The portal page of a preview (portal/src/routes/preview); the name is only shown in its banner. */
export const previewPortalPath = (kind: PreviewKind, contentId: number, grant: string, learnerName: string) =>
  `/preview/${kind}/${contentId}?${new URLSearchParams({ grant, as: learnerName }).toString()}`;
