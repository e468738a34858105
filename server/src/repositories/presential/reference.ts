/**
 * Face-to-face reference data of the selected client (spec 3 §3 "Other presential data"):
 * appointment types, product categories, products, support materials and the course catalog.
 * Every query is scoped to the client.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// ---- appointment types ----

export const appointmentTypesQuery = (db: Db, clientId: number) =>
  db.selectFrom('presential_appointment_types').select(['id', 'label', 'maximum_participants']).where('client_id', '=', clientId);

export async function insertAppointmentType(db: Db, clientId: number, v: { label: string; maximum_participants: number | null }): Promise<number> {
  return (await db.insertInto('presential_appointment_types').values({ client_id: clientId, ...v }).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * spec 3 §5 "Changing a class type's maximum participants changes all events using it": the
 * events of the appointments of this type take the new maximum in the same transaction.
 */
export async function updateAppointmentType(db: Db, clientId: number, id: number, v: { label: string; maximum_participants: number | null }): Promise<boolean> {
  const before = await db.selectFrom('presential_appointment_types').select('maximum_participants').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  if (!before) return false;
  await db.updateTable('presential_appointment_types').set(v).where('id', '=', id).where('client_id', '=', clientId).execute();
  if (before.maximum_participants !== v.maximum_participants) {
    await db.updateTable('presential_events').set({ maximum_participants: v.maximum_participants, updated_at: new Date() })
      .where('client_id', '=', clientId)
      .where('appointment_id', 'in', db.selectFrom('presential_appointments').select('id').where('client_id', '=', clientId).where('appointment_type_id', '=', id))
      .execute();
  }
  return true;
}

export async function appointmentTypeInUse(db: Db, clientId: number, id: number): Promise<boolean> {
  return !!(await db.selectFrom('presential_appointments').select('id').where('client_id', '=', clientId).where('appointment_type_id', '=', id).executeTakeFirst());
}

export async function deleteAppointmentType(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('presential_appointment_types').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

// ---- product categories and products ----

export const productCategoriesQuery = (db: Db, clientId: number) =>
  db.selectFrom('presential_product_categories').select(['id', 'name']).where('client_id', '=', clientId);

export async function insertProductCategory(db: Db, clientId: number, name: string): Promise<number> {
  return (await db.insertInto('presential_product_categories').values({ client_id: clientId, name }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function renameProductCategory(db: Db, clientId: number, id: number, name: string): Promise<boolean> {
  const res = await db.updateTable('presential_product_categories').set({ name }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteProductCategory(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('presential_product_categories').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export const productsQuery = (db: Db, clientId: number) =>
  db.selectFrom('presential_products').select(['id', 'name', 'category_id']).where('client_id', '=', clientId);

/** The category must be the client's. */
export async function categoryIsClients(db: Db, clientId: number, categoryId: number | null): Promise<boolean> {
  if (categoryId === null) return true;
  return !!(await db.selectFrom('presential_product_categories').select('id').where('id', '=', categoryId).where('client_id', '=', clientId).executeTakeFirst());
}

export async function insertProduct(db: Db, clientId: number, v: { name: string; category_id: number | null }): Promise<number> {
  return (await db.insertInto('presential_products').values({ client_id: clientId, ...v }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateProduct(db: Db, clientId: number, id: number, v: { name: string; category_id: number | null }): Promise<boolean> {
  const res = await db.updateTable('presential_products').set(v).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteProduct(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('presential_products').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

// ---- support materials (inputs) ----

export const supportMaterialsQuery = (db: Db, clientId: number) =>
  db.selectFrom('presential_support_materials').select(['id', 'name', 'quantity', 'value']).where('client_id', '=', clientId);

export async function insertSupportMaterial(db: Db, clientId: number, v: { name: string; quantity: number; value: number }): Promise<number> {
  return (await db.insertInto('presential_support_materials').values({ client_id: clientId, ...v }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateSupportMaterial(db: Db, clientId: number, id: number, v: { name: string; quantity: number; value: number }): Promise<boolean> {
  const res = await db.updateTable('presential_support_materials').set(v).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteSupportMaterial(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('presential_support_materials').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

// ---- course catalog ----

/** Each course with whether trainings (appointments or planned vacancies) use its code (spec 3 §5). */
export const coursesQuery = (db: Db, clientId: number) =>
  db.selectFrom('presential_courses').select((eb) => [
    'presential_courses.id', 'presential_courses.code', 'presential_courses.name',
    eb.or([
      eb.exists(eb.selectFrom('presential_appointments as a').select('a.id').whereRef('a.course_id', '=', 'presential_courses.id')),
      eb.exists(eb.selectFrom('presential_planned_vacancies as v').select('v.id').whereRef('v.course_id', '=', 'presential_courses.id')),
    ]).as('in_use'),
  ]).where('presential_courses.client_id', '=', clientId);

export const toCourse = (r: { id: number; code: string; name: string; in_use: unknown }) => ({
  id: r.id, code: r.code, name: r.name, there_are_trainings_that_use_this_code: r.in_use === true || Number(r.in_use) === 1,
});

export async function findCourse(db: Db, clientId: number, id: number) {
  const row = await coursesQuery(db, clientId).where('presential_courses.id', '=', id).executeTakeFirst();
  return row ? toCourse(row) : undefined;
}

export async function courseCodeTaken(db: Db, clientId: number, code: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('presential_courses').select('id').where('client_id', '=', clientId).where(sql<string>`lower(code)`, '=', code.toLowerCase());
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function insertCourse(db: Db, clientId: number, v: { code: string; name: string }): Promise<number> {
  return (await db.insertInto('presential_courses').values({ client_id: clientId, ...v }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateCourse(db: Db, clientId: number, id: number, v: { code: string; name: string }): Promise<boolean> {
  const res = await db.updateTable('presential_courses').set(v).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteCourse(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('presential_courses').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Ids among `ids` that are the client's rows of `table` (foreign references are refused). */
export async function clientRowExists(
  db: Db, table: 'presential_courses' | 'presential_appointment_types' | 'presential_product_categories' | 'presential_products' | 'presential_support_materials' | 'branches',
  clientId: number, id: number,
): Promise<boolean> {
  return !!(await db.selectFrom(table).select('id').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst());
}

/** The client's course (its name is a blank title's), or undefined. */
export async function clientCourse(db: Db, clientId: number, courseId: number | null): Promise<{ name: string } | undefined> {
  if (courseId === null) return undefined;
  return db.selectFrom('presential_courses').select('name').where('id', '=', courseId).where('client_id', '=', clientId).executeTakeFirst();
}
