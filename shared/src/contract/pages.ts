import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './common.ts';
import { LEGAL_TEXT_KINDS, LEGAL_TEXT_MAX, WILDCARD_LIMITS, type LegalTextKind } from '../engagement/pages.ts';
import { LEGAL_TEXTS_PATH, WILD_CARDS_PATH } from './collections.ts';

/**
 * Legal texts (spec 1 §2.3 terms, about, policy, cookies_policy — superuser only), the public and
 * institutional pages that show them (spec 1 §2.1 about/privacy/terms/help, §2.2 institutional/*),
 * the help request form, and wildcard pages (spec 1 §2.3 wild_cards / wild_card/{id}, spec 3 §3).
 * The calls are "not shown" in the spec and designed here; docs/api.md "Legal texts and pages".
 */
export const LEGAL_TEXT_PATHS = {
  /** GET → LegalTextAdmin, PUT JSON LegalTextInput; superuser, the selected client */
  admin: (kind: LegalTextKind | string) => `${LEGAL_TEXTS_PATH}${kind}/`,
  /** GET ?language&client_id → PublicLegalText; no login */
  public: (kind: LegalTextKind | string) => `/legal_texts/${kind}/`,
} as const;

/** POST JSON HelpRequestInput, no login (a learner's session fills name and e-mail). */
export const HELP_REQUEST_PATH = '/help_requests/';

const WILDCARDS = WILD_CARDS_PATH;
export const WILDCARD_PATHS = {
  collection: WILDCARDS,
  item: (id: number | string) => `${WILDCARDS}${id}/`,
  /** learner: GET a published page of their audience by its slug (slugs are URL-safe by construction) */
  learner: (slug: string) => `/pages/${slug}/`,
} as const;

/** The portal's address of a wildcard page (spec 1 §2.3 wild_cards; designed here). */
export const wildcardPortalPath = (slug: string) => `/p/${slug}`;

const LegalKind = literalUnion(LEGAL_TEXT_KINDS);
const LegalContent = Type.String({ maxLength: LEGAL_TEXT_MAX });

export const LegalTextAdmin = Type.Object({
  kind: LegalKind,
  /** one entry per content language (empty content when none was written) */
  texts: Type.Array(Type.Object({
    language: Type.String(),
    content: Type.String(),
    updated_at: Type.Union([Type.String(), Type.Null()]),
  })),
});
export type LegalTextAdmin = Static<typeof LegalTextAdmin>;

/** Languages left out keep their text; an empty text removes the language's. */
export const LegalTextInput = Type.Object({
  texts: Type.Object({
    'pt-br': Type.Optional(LegalContent),
    'en-us': Type.Optional(LegalContent),
    'es-es': Type.Optional(LegalContent),
    'fr-fr': Type.Optional(LegalContent),
  }, { additionalProperties: false }),
});
export type LegalTextInput = Static<typeof LegalTextInput>;

export const PublicLegalTextQuery = Type.Object({
  /** pt-br, en-us, es-es or fr-fr; Portuguese answers when the language has no text */
  language: Type.Optional(Type.String({ maxLength: 10 })),
  /** whose text; without it the deployment's first client */
  client_id: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type PublicLegalTextQuery = Static<typeof PublicLegalTextQuery>;

export const PublicLegalText = Type.Object({
  kind: LegalKind,
  /** the language answered, which may differ from the one asked for */
  language: Type.String(),
  content: Type.String(),
  updated_at: Type.String(),
});
export type PublicLegalText = Static<typeof PublicLegalText>;

export const HELP_MESSAGE_MAX = 2000;
export const HelpRequestInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 150 }),
  email: Type.String({ minLength: 3, maxLength: 254 }),
  message: Type.String({ minLength: 1, maxLength: HELP_MESSAGE_MAX }),
});
export type HelpRequestInput = Static<typeof HelpRequestInput>;

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });

export const WildcardPage = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  content: Type.String(),
  /** 1 published, 2 unpublished */
  status: Type.Integer(),
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type WildcardPage = Static<typeof WildcardPage>;

/** POST/PUT JSON. An empty slug is made from the title with the §5.5 helper. */
export const WildcardPageInput = Type.Object({
  title: Type.String({ maxLength: 1000 }),
  slug: Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 1000 })),
  content: Type.String({ maxLength: WILDCARD_LIMITS.contentMax }),
  status: Type.Integer(),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
});
export type WildcardPageInput = Static<typeof WildcardPageInput>;

export const LearnerWildcardPage = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  content: Type.String(),
  updated_at: Type.String(),
});
export type LearnerWildcardPage = Static<typeof LearnerWildcardPage>;
