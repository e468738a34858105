import { Type, type Static } from '@sinclair/typebox';

/**
 * A question with alternatives, one of them correct (spec 2 §3.4, §5.4), as the question-only
 * owners that score their answers edit it: drills and general tests (spec 3 §3). Stored by the
 * owned-content core on the owner's one test.
 */
export const ChoiceAlternative = Type.Object({ id: Type.Integer(), title: Type.String(), is_correct: Type.Boolean() });
export type ChoiceAlternative = Static<typeof ChoiceAlternative>;

export const ChoiceQuestion = Type.Object({
  id: Type.Integer(),
  /** HTML */
  title: Type.String(),
  /** general tests: always drawn (spec 3 §9 "Y mandatory") */
  is_mandatory: Type.Boolean(),
  position: Type.Integer(),
  alternatives: Type.Array(ChoiceAlternative),
});
export type ChoiceQuestion = Static<typeof ChoiceQuestion>;

export const ChoiceQuestionInput = Type.Object({
  title: Type.String({ maxLength: 20_000 }),
  is_mandatory: Type.Optional(Type.Boolean()),
  /** an alternative with an id keeps its id (answers point at it) */
  alternatives: Type.Array(Type.Object({
    id: Type.Optional(Type.Integer({ minimum: 1 })), title: Type.String({ maxLength: 5000 }), is_correct: Type.Boolean(),
  }), { maxItems: 50 }),
});
export type ChoiceQuestionInput = Static<typeof ChoiceQuestionInput>;
