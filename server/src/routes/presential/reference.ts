import type { FastifyPluginAsync } from 'fastify';
import {
  ADMIN_RESOURCES, AppointmentTypeInput, AppointmentTypeItem, CourseInput, CourseItem, PresentialNamedInput, PresentialNamedItem, ProductInput, ProductItem,
  SupportMaterialInput, SupportMaterialItem,
} from '@lp/shared/contract';
import { registerCrud } from '../../lib/crud.ts';
import { HttpError } from '../../lib/httpError.ts';
import {
  appointmentTypeInUse, appointmentTypesQuery, categoryIsClients, courseCodeTaken, coursesQuery, deleteAppointmentType, deleteCourse, deleteProduct,
  deleteProductCategory, deleteSupportMaterial, findCourse, insertAppointmentType, insertCourse, insertProduct, insertProductCategory, insertSupportMaterial,
  productCategoriesQuery, productsQuery, renameProductCategory, supportMaterialsQuery, toCourse, updateAppointmentType, updateCourse, updateProduct,
  updateSupportMaterial,
} from '../../repositories/presential/reference.ts';

const inUse = () => new HttpError(409, 'presential_reference_in_use', 'It is used by appointments and cannot be removed');
const codeInUse = () => new HttpError(409, 'there_are_trainings_that_use_this_code', 'There are trainings that use this code', { code: 'there_are_trainings_that_use_this_code' });
const unknownCategory = () => new HttpError(400, 'validation_error', 'Unknown category', { category_id: 'validation_error' });

/**
 * spec 3 §3 "Other presential data", spec 1 §2.3 title slugs: appointment types (appointment_types),
 * product categories (product_categories), products (products), support materials
 * (support_materials), the course catalog (presential_manager_catalog; changed with
 * edit_presential_manager_catalog). One editor shape each (lib/crud.ts).
 */
const reference: FastifyPluginAsync = async (app) => {
  const R = ADMIN_RESOURCES;

  registerCrud(app, {
    resource: R.presential_appointment_types.name,
    path: R.presential_appointment_types.apiPath,
    title: R.presential_appointment_types.title,
    idColumn: 'presential_appointment_types.id',
    input: AppointmentTypeInput,
    output: AppointmentTypeItem,
    listSpec: { searchColumns: ['presential_appointment_types.label'], sortable: { id: 'presential_appointment_types.id', label: 'presential_appointment_types.label' }, defaultOrdering: 'label' },
    query: appointmentTypesQuery,
    toApi: async (_db, rows) => rows,
    create: (db, clientId, input) => insertAppointmentType(db, clientId, { label: input.label.trim(), maximum_participants: input.maximum_participants ?? null }),
    update: (db, clientId, id, input) => updateAppointmentType(db, clientId, id, { label: input.label.trim(), maximum_participants: input.maximum_participants ?? null }),
    async remove(db, clientId, id) {
      if (await appointmentTypeInUse(db, clientId, id)) throw inUse();
      return deleteAppointmentType(db, clientId, id);
    },
  });

  registerCrud(app, {
    resource: R.presential_product_categories.name,
    path: R.presential_product_categories.apiPath,
    title: R.presential_product_categories.title,
    idColumn: 'presential_product_categories.id',
    input: PresentialNamedInput,
    output: PresentialNamedItem,
    listSpec: { searchColumns: ['presential_product_categories.name'], sortable: { id: 'presential_product_categories.id', name: 'presential_product_categories.name' }, defaultOrdering: 'name' },
    query: productCategoriesQuery,
    toApi: async (_db, rows) => rows,
    create: (db, clientId, input) => insertProductCategory(db, clientId, input.name.trim()),
    update: (db, clientId, id, input) => renameProductCategory(db, clientId, id, input.name.trim()),
    remove: deleteProductCategory,
  });

  registerCrud(app, {
    resource: R.presential_products.name,
    path: R.presential_products.apiPath,
    title: R.presential_products.title,
    idColumn: 'presential_products.id',
    input: ProductInput,
    output: ProductItem,
    listSpec: {
      searchColumns: ['presential_products.name'], sortable: { id: 'presential_products.id', name: 'presential_products.name' }, defaultOrdering: 'name',
      filters: { category_id: 'presential_products.category_id' },
    },
    query: productsQuery,
    toApi: async (_db, rows) => rows,
    async create(db, clientId, input) {
      if (!(await categoryIsClients(db, clientId, input.category_id ?? null))) throw unknownCategory();
      return insertProduct(db, clientId, { name: input.name.trim(), category_id: input.category_id ?? null });
    },
    async update(db, clientId, id, input) {
      if (!(await categoryIsClients(db, clientId, input.category_id ?? null))) throw unknownCategory();
      return updateProduct(db, clientId, id, { name: input.name.trim(), category_id: input.category_id ?? null });
    },
    remove: deleteProduct,
  });

  registerCrud(app, {
    resource: R.presential_support_materials.name,
    path: R.presential_support_materials.apiPath,
    title: R.presential_support_materials.title,
    idColumn: 'presential_support_materials.id',
    input: SupportMaterialInput,
    output: SupportMaterialItem,
    listSpec: { searchColumns: ['presential_support_materials.name'], sortable: { id: 'presential_support_materials.id', name: 'presential_support_materials.name' }, defaultOrdering: 'name' },
    query: supportMaterialsQuery,
    toApi: async (_db, rows) => rows.map((r) => ({ ...r, value: Number(r.value) })),
    create: (db, clientId, input) => insertSupportMaterial(db, clientId, { ...input, name: input.name.trim() }),
    update: (db, clientId, id, input) => updateSupportMaterial(db, clientId, id, { ...input, name: input.name.trim() }),
    remove: deleteSupportMaterial,
  });

  // spec 3 §5 "A training code cannot be removed or changed while other trainings use it."
  registerCrud(app, {
    resource: R.presential_courses.name,
    path: R.presential_courses.apiPath,
    title: R.presential_courses.title,
    writePermission: { slug: 'edit_presential_manager_catalog', refusal: 'You do not have permission to edit the course catalog' },
    idColumn: 'presential_courses.id',
    input: CourseInput,
    output: CourseItem,
    listSpec: {
      searchColumns: ['presential_courses.code', 'presential_courses.name'],
      sortable: { id: 'presential_courses.id', code: 'presential_courses.code', name: 'presential_courses.name' }, defaultOrdering: 'code',
    },
    query: coursesQuery,
    toApi: async (_db, rows) => rows.map(toCourse),
    async create(db, clientId, input) {
      const code = input.code.trim();
      if (await courseCodeTaken(db, clientId, code, null)) throw new HttpError(400, 'name_not_unique', 'The code is already in the catalog', { code: 'name_not_unique' });
      return insertCourse(db, clientId, { code, name: input.name.trim() });
    },
    async update(db, clientId, id, input) {
      const current = await findCourse(db, clientId, id);
      if (!current) return false;
      const code = input.code.trim();
      if (code !== current.code && current.there_are_trainings_that_use_this_code) throw codeInUse();
      if (await courseCodeTaken(db, clientId, code, id)) throw new HttpError(400, 'name_not_unique', 'The code is already in the catalog', { code: 'name_not_unique' });
      return updateCourse(db, clientId, id, { code, name: input.name.trim() });
    },
    async remove(db, clientId, id) {
      const current = await findCourse(db, clientId, id);
      if (current?.there_are_trainings_that_use_this_code) throw codeInUse();
      return deleteCourse(db, clientId, id);
    },
  });
};
export default reference;
