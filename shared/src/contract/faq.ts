import { Type, type Static } from '@sinclair/typebox';
import { ListQuery } from './common.ts';
import { FAQ_CATEGORIES_PATH, FAQS_PATH } from './collections.ts';

/**
 * FAQ calls (spec 3 §2 "FAQ (admin): questions and categories", §3, §6): the spec shows none,
 * so they follow the admin contract's style (JSON bodies, both list envelopes) under
 * /admin_faq/; the learner page under /faq/; the public FAQ of the login page under
 * /public/faq/ (no login). "send your question" posts to …/questions/ of either side.
 */
const FAQS = FAQS_PATH;
const CATEGORIES = FAQ_CATEGORIES_PATH;
const RECEIVED = '/admin_faq/received_questions/';

export const FAQ_PATHS = {
  collection: FAQS,
  item: (id: number | string) => `${FAQS}${id}/`,
  categories: CATEGORIES,
  category: (id: number | string) => `${CATEGORIES}${id}/`,
  /** what learners and visitors sent through "send your question" */
  received: RECEIVED,
  receivedItem: (id: number | string) => `${RECEIVED}${id}/`,
  /** learner: every published question of the client */
  learner: '/faq/',
  learnerAsk: '/faq/questions/',
  /** public (no login): the public questions, when the login configuration shows them */
  public: '/public/faq/',
  publicAsk: '/public/faq/questions/',
} as const;

const NullableText = Type.Union([Type.String(), Type.Null()]);

/** A question as the admin reads it. */
export const FaqQuestion = Type.Object({
  id: Type.Integer(),
  category: Type.Integer(),
  category_name: Type.String(),
  question: Type.String(),
  /** sanitised HTML */
  answer: Type.String(),
  is_public: Type.Boolean(),
  order: Type.Integer(),
  /** 1 published, 2 unpublished */
  status: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type FaqQuestion = Static<typeof FaqQuestion>;

/** POST and PUT of a question; the rules (shared/src/faq.ts) say what is required. */
export const FaqQuestionInput = Type.Object({
  category: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'] })),
  question: Type.Optional(Type.String({ maxLength: 5000 })),
  answer: Type.Optional(Type.String({ maxLength: 500_000 })),
  is_public: Type.Optional(Type.Boolean()),
  order: Type.Optional(Type.Unsafe<number | null>({ type: ['number', 'null'] })),
  status: Type.Optional(Type.Integer()),
});
export type FaqQuestionInput = Static<typeof FaqQuestionInput>;

/** The admin list's own filters (DRF style; react-admin sends them in `filter`). */
export const FaqListQuery = Type.Composite([ListQuery, Type.Object({
  category: Type.Optional(Type.Integer({ minimum: 1 })),
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  is_public: Type.Optional(Type.Boolean()),
})]);
export type FaqListQuery = Static<typeof FaqListQuery>;

export const FaqCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  qty_questions: Type.Integer(),
  created_at: Type.String(),
});
export type FaqCategory = Static<typeof FaqCategory>;
export const FaqCategoryInput = Type.Object({ name: Type.String({ maxLength: 2000 }) });
export type FaqCategoryInput = Static<typeof FaqCategoryInput>;

/** A question sent through "send your question", as the FAQ managers see it. */
export const FaqReceivedQuestion = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  question: Type.String(),
  /** 'public': a visitor of the login page; 'portal': a logged-in learner */
  origin: Type.Union([Type.Literal('public'), Type.Literal('portal')]),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  /** 1 new, 2 handled */
  status: Type.Integer(),
  created_at: Type.String(),
  handled_at: NullableText,
});
export type FaqReceivedQuestion = Static<typeof FaqReceivedQuestion>;
export const FaqReceivedUpdate = Type.Object({ status: Type.Integer({ minimum: 1, maximum: 2 }) });
export const FaqReceivedQuery = Type.Composite([ListQuery, Type.Object({ status: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })) })]);

// ---- learner and public ----

const FaqEntrySchema = Type.Object({ id: Type.Integer(), question: Type.String(), answer: Type.String() });

/** GET /faq/: the client's published questions by category (categories by name, questions by order). */
export const LearnerFaq = Type.Object({
  categories: Type.Array(Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    questions: Type.Array(Type.Composite([FaqEntrySchema, Type.Object({ is_public: Type.Boolean() })])),
  })),
});
export type LearnerFaq = Static<typeof LearnerFaq>;

/**
 * GET /public/faq/ (no login): the published public questions, grouped by category name. The
 * login configuration is the installation's, so are its public questions (spec 3 §6 "FAQ
 * questions marked public are visible without login").
 */
export const PublicFaq = Type.Object({
  categories: Type.Array(Type.Object({ name: Type.String(), questions: Type.Array(FaqEntrySchema) })),
  /** someone receives "send your question" (a client publishes public questions) */
  accepts_questions: Type.Boolean(),
});
export type PublicFaq = Static<typeof PublicFaq>;

/** POST /public/faq/questions/ (visitor: name, e-mail, question) and POST /faq/questions/ (learner: question). */
export const AskQuestionBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  question: Type.String({ maxLength: 20_000 }),
  /** spec 1 §5.5: a visitor's solved captcha while use_recaptcha is on (a learner sends none) */
  captcha: Type.Optional(Type.String({ maxLength: 4000 })),
});
export type AskQuestionBody = Static<typeof AskQuestionBody>;
export const AskQuestionAnswer = Type.Object({ detail: Type.String() });
