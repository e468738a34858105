import { Type, type Static } from '@sinclair/typebox';
import { Translations } from './common.ts';

const Name = Type.String({ minLength: 1, maxLength: 120 });

/** Area of the selected client; `name` is the client's own label (spec 1 §3.7: renamed per client). */
export const Area = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  translations: Translations,
  is_active: Type.Boolean(),
  created_at: Type.String(),
});
export type Area = Static<typeof Area>;
export const AreaInput = Type.Object({
  name: Name,
  translations: Type.Optional(Translations),
  is_active: Type.Optional(Type.Boolean()),
});
export type AreaInput = Static<typeof AreaInput>;

export const Profile = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  translations: Translations,
  /** spec 1 §5.3: the e-mail domains of the profile's users; empty: any e-mail (shared emailSuitsProfile) */
  email_domains: Type.Array(Type.String()),
  created_at: Type.String(),
});
export type Profile = Static<typeof Profile>;
export const ProfileInput = Type.Object({
  name: Name,
  translations: Type.Optional(Translations),
  email_domains: Type.Optional(Type.Array(Type.String({ maxLength: 253 }), { maxItems: 50 })),
});
export type ProfileInput = Static<typeof ProfileInput>;

export const Tag = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  area_ids: Type.Array(Type.Integer()),
  areas: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  created_at: Type.String(),
});
export type Tag = Static<typeof Tag>;
export const TagInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60 }),
  area_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 })),
});
export type TagInput = Static<typeof TagInput>;

export const UserGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  members_count: Type.Integer(),
  created_at: Type.String(),
});
export type UserGroup = Static<typeof UserGroup>;
export const UserGroupInput = Type.Object({ name: Name });
export type UserGroupInput = Static<typeof UserGroupInput>;

export const UserSummary = Type.Object({ id: Type.Integer(), full_name: Type.String(), email: Type.String() });
export type UserSummary = Static<typeof UserSummary>;

export const MembersChange = Type.Object({
  user_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 5000 }),
});
export type MembersChange = Static<typeof MembersChange>;
