import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_RESOURCES, APPOINTMENT_IMPORT_PERMISSIONS, APPOINTMENT_IMPORT_TYPES, AppointmentImportCreate, FileAnswer, IMPORT_MAX_BYTES,
  ImportLog, ImportRecord, PRESENTIAL_IMPORT_UPLOAD_KIND, PRESENTIAL_RESULT_PATHS, isAppointmentImportType, type AppointmentImportType,
} from '@lp/shared/contract';
import { canOpenAdminTitle, hasPermission } from '@lp/shared/rules';
import { loadLookups } from '../../imports/lookups.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse } from '../../lib/list.ts';
import { Id } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { findImport, toImportRecord, type ImportWithCreator } from '../../repositories/imports.ts';
import { ImportLogListQuery, processImport, sendImportLogs, sendImportTemplate, startImport } from '../imports/index.ts';
import { appointmentOr404, appointmentRead } from './common.ts';

const P = PRESENTIAL_RESULT_PATHS;
const TypeParams = Type.Object({ id: Id(), import_type: Type.Union(APPOINTMENT_IMPORT_TYPES.map((t) => Type.Literal(t))) });
const ImportParams = Type.Object({ id: Id(), import_id: Id() });

/** spec 1 §6.2: presential_import_results, subscription_import_results (403 permission_denied without it). */
function requireImport(request: FastifyRequest, type: AppointmentImportType): void {
  if (!hasPermission(authOf(request).subject, APPOINTMENT_IMPORT_PERMISSIONS[type])) {
    throw new HttpError(403, 'permission_denied', 'You do not have permission for this page');
  }
}

/**
 * spec 3 §2 face-to-face "import results" and the subscriptions import (spec 1 §6.2
 * presential_import_results, subscription_import_results; issue 17 item 5), through the import
 * engine (server/src/imports: template with drop-downs, validate → process, per-row log in the
 * reader's language) with the appointment as the import's target. Opened from the appointment's
 * Results and Subscribers tabs: the title appointments (spec 1 §6.1) plus the type's module item.
 */
const imports: FastifyPluginAsyncTypebox = async (app) => {
  app.tus.defineKind(PRESENTIAL_IMPORT_UPLOAD_KIND, {
    maxBytes: IMPORT_MAX_BYTES,
    extensions: ['.xlsx'],
    allowed: (auth) => canOpenAdminTitle(auth.subject, ADMIN_RESOURCES.presential_appointments.title) === 'allow'
      && Object.values(APPOINTMENT_IMPORT_PERMISSIONS).some((slug) => hasPermission(auth.subject, slug)),
  });

  /** The appointment's own import (never another appointment's, another client's or a client-wide one), or 404. */
  async function importOf(request: FastifyRequest, params: { id: number; import_id: number }): Promise<ImportWithCreator> {
    const appointment = await appointmentOr404(app.db, request, params.id);
    const row = await findImport(app.db, clientOf(request), params.import_id);
    if (!row || row.target_id !== appointment.id || !isAppointmentImportType(row.import_type)) throw notFound();
    requireImport(request, row.import_type);
    return row;
  }

  app.get(P.importTemplate(':id', ':import_type'), {
    config: { access: appointmentRead }, schema: { params: TypeParams, response: { 200: FileAnswer } },
  }, async (request, reply) => {
    const { import_type: type } = request.params;
    requireImport(request, type);
    const appointment = await appointmentOr404(app.db, request, request.params.id);
    const lookups = await loadLookups(app.db, clientOf(request), appointment.id, authOf(request).user.language_id);
    return sendImportTemplate(request, reply, type, lookups);
  });

  app.post(P.imports(':id'), {
    config: { access: appointmentRead }, schema: { params: Type.Object({ id: Id() }), body: AppointmentImportCreate, response: { 201: ImportRecord } },
  }, async (request, reply) => {
    const { user } = authOf(request);
    const clientId = clientOf(request);
    const { import_type: type, upload_id: uploadId } = request.body;
    requireImport(request, type);
    const appointment = await appointmentOr404(app.db, request, request.params.id);
    return reply.status(201).send(await startImport(app, { clientId, user, uploadId, uploadKind: PRESENTIAL_IMPORT_UPLOAD_KIND, type, targetId: appointment.id }));
  });

  app.get(P.importItem(':id', ':import_id'), {
    config: { access: appointmentRead }, schema: { params: ImportParams, response: { 200: ImportRecord } },
  }, async (request) => toImportRecord(await importOf(request, request.params)));

  app.post(P.importProcess(':id', ':import_id'), {
    config: { access: appointmentRead }, schema: { params: ImportParams, response: { 202: ImportRecord } },
  }, async (request, reply) => {
    const clientId = clientOf(request);
    const row = await importOf(request, request.params);
    return reply.status(202).send(await processImport(app, clientId, row));
  });

  app.get(P.importLogs(':id', ':import_id'), {
    config: { access: appointmentRead }, schema: { params: ImportParams, querystring: ImportLogListQuery, response: listResponse(ImportLog) },
  }, async (request, reply) => {
    const row = await importOf(request, request.params);
    return sendImportLogs(app, request, reply, row, request.query);
  });
};
export default imports;
