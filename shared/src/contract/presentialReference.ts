import { Type, type Static } from '@sinclair/typebox';

/**
 * The face-to-face module's reference data (spec 3 §2 "Face-to-face (presential)": appointment
 * types, places, products, support materials, courses), as read and as written.
 */
export const AppointmentTypeItem = Type.Object({ id: Type.Integer(), label: Type.String(), maximum_participants: Type.Union([Type.Integer(), Type.Null()]) });
export type AppointmentTypeItem = Static<typeof AppointmentTypeItem>;
export const AppointmentTypeInput = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 256 }),
  maximum_participants: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()])),
});
export type AppointmentTypeInput = Static<typeof AppointmentTypeInput>;

export const PresentialNamedItem = Type.Object({ id: Type.Integer(), name: Type.String() });
export const PresentialNamedInput = Type.Object({ name: Type.String({ minLength: 1, maxLength: 256 }) });
export type PresentialNamedInput = Static<typeof PresentialNamedInput>;

export const ProductItem = Type.Object({ id: Type.Integer(), name: Type.String(), category_id: Type.Union([Type.Integer(), Type.Null()]) });
export type ProductItem = Static<typeof ProductItem>;
export const ProductInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 256 }),
  category_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
});
export type ProductInput = Static<typeof ProductInput>;

export const SupportMaterialItem = Type.Object({ id: Type.Integer(), name: Type.String(), quantity: Type.Integer(), value: Type.Number() });
export type SupportMaterialItem = Static<typeof SupportMaterialItem>;
export const SupportMaterialInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 256 }),
  quantity: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  value: Type.Number({ minimum: 0, maximum: 1_000_000_000 }),
});
export type SupportMaterialInput = Static<typeof SupportMaterialInput>;

export const CourseItem = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  /** spec 3 §5: while true the code cannot be removed or changed */
  there_are_trainings_that_use_this_code: Type.Boolean(),
});
export type CourseItem = Static<typeof CourseItem>;
export const CourseInput = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 64 }),
  name: Type.String({ minLength: 1, maxLength: 256 }),
});
export type CourseInput = Static<typeof CourseInput>;
