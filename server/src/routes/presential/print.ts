import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FileAnswer, PRESENTIAL_RESULT_PATHS } from '@lp/shared/contract';
import { appointmentTitle, clientCurrency } from '@lp/shared/rules';
import { IdParams } from '../../lib/params.ts';
import { resourceOfUrl } from '../../lib/mediaStore.ts';
import { mediaKey } from '../../storage/index.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { storedClientSettings } from '../../repositories/clients.ts';
import { renderPresentialPdf, type PrintData } from '../../presential/printPdf.ts';
import { courseName, peopleNamed } from '../../repositories/presential/appointments.ts';
import { eventInstructors, eventsQuery } from '../../repositories/presential/events.ts';
import { clientName, guestsQuery } from '../../repositories/presential/results.ts';
import { appointmentOr404, appointmentWith } from './common.ts';
import { loadCosts } from './costs.ts';

const PRINT = {
  users: appointmentWith('presential_print_users', 'You do not have permission to print the attendance list'),
  results: appointmentWith('presential_print_results', 'You do not have permission to print the results'),
} as const;

/**
 * spec 3 §2 "print attendance list and print event results": PDFs drawn on the server
 * (presential/printPdf.ts), opened inline (the admin shows them in a new tab).
 */
const print: FastifyPluginAsyncTypebox = async (app) => {
  /** The bytes of the client's logo (a stored image of ours), or null: a missing file prints the name alone. */
  async function logoBytes(url: string | undefined): Promise<Buffer | null> {
    const resource = url ? resourceOfUrl(app.config.publicUrl, url) : null;
    if (!resource) return null;
    try {
      return await app.storage.get(mediaKey(resource));
    } catch {
      return null;
    }
  }

  const send = (kind: PrintData['kind']) => async (request: FastifyRequest<{ Params: IdParams }>, reply: FastifyReply) => {
    const clientId = clientOf(request);
    const row = await appointmentOr404(app.db, request, request.params.id);
    const [course, client, events, guests, settings] = await Promise.all([
      courseName(app.db, row.course_id),
      clientName(app.db, clientId),
      eventsQuery(app.db, clientId, row.id).execute(),
      guestsQuery(app.db, clientId, row.id).execute(),
      storedClientSettings(app.db, clientId),
    ]);
    const currency = clientCurrency(settings, app.config.currency);
    const costs = kind === 'results' ? await loadCosts(app.db, clientId, row, currency) : null;
    const instructorIds = await eventInstructors(app.db, events.map((e) => e.id));
    const names = new Map((await peopleNamed(app.db, [...new Set([...instructorIds.values()].flat())])).map((p) => [p.id, p.full_name]));
    const index = new Map(events.map((e, i) => [e.id, i]));
    const bytes = await renderPresentialPdf({
      kind,
      languageId: authOf(request).user.language_id,
      clientName: client,
      title: appointmentTitle(row.title, course?.name),
      code: row.training_code ?? course?.code ?? null,
      workload: Number(row.workload),
      timezone: row.timezone,
      printedAt: new Date(),
      logo: await logoBytes(settings?.logo),
      costs: costs && { currency, expected: costs.expected.total, actual: costs.actual.total },
      events: events.map((e) => ({
        date: e.date, start_hour: e.start_hour, end_hour: e.end_hour, location_name: e.location_name, location: e.location,
        instructors: (instructorIds.get(e.id) ?? []).map((id) => names.get(id) ?? ''),
      })),
      guests: guests.filter((g) => index.has(g.event_id)).map((g) => ({
        event_index: index.get(g.event_id)!, name: g.full_name, document: g.document, branch: g.branch, presence: g.presence, result: g.result,
        score: g.score === null ? null : Number(g.score), correct_answers: g.correct_answers, signature: g.signature,
      })),
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${kind === 'attendance' ? 'attendance-list' : 'event-results'}-${row.id}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  };

  const P = PRESENTIAL_RESULT_PATHS;
  app.get(P.printUsers(':id'), { config: { access: PRINT.users }, schema: { params: IdParams, response: { 200: FileAnswer } } }, send('attendance'));
  app.get(P.printResults(':id'), { config: { access: PRINT.results }, schema: { params: IdParams, response: { 200: FileAnswer } } }, send('results'));
};
export default print;
