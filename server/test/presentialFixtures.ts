import type { FastifyInstance } from 'fastify';
import { ADMIN_RESOURCES, PRESENTIAL_PATHS } from '@lp/shared/contract';
import { bearer, type Tokens } from './helpers.ts';

/** Fixtures of the face-to-face suites: reference rows, stores, appointments with events, all through the API. */

export const API = '/api';
export const P = PRESENTIAL_PATHS;

export async function call(app: FastifyInstance, tokens: Tokens, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({ method, url: `${API}${url}`, headers: bearer(tokens), ...(payload !== undefined ? { payload: payload as object } : {}) });
}

async function created(app: FastifyInstance, tokens: Tokens, url: string, payload: unknown): Promise<number> {
  const res = await call(app, tokens, 'POST', url, payload);
  if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

export const makeType = (app: FastifyInstance, su: Tokens, label = 'Turma padrão', maximum: number | null = 20) =>
  created(app, su, P.appointmentTypes, { label, maximum_participants: maximum });
export const makeCourse = (app: FastifyInstance, su: Tokens, code: string, name = `Curso ${code}`) => created(app, su, P.courses, { code, name });
export const makeBranch = (app: FastifyInstance, su: Tokens, name: string) => created(app, su, ADMIN_RESOURCES.branches.apiPath, { name, code: `${name}-${Date.now()}` });
export const makeVacancy = (app: FastifyInstance, su: Tokens, v: { branch_id: number; course_id: number; quarter: string; planned: number }) =>
  created(app, su, P.plannedVacancies, v);

export async function placeInBranch(app: FastifyInstance, userId: number, branchId: number): Promise<void> {
  await app.db.updateTable('users').set({ branch_id: branchId }).where('id', '=', userId).execute();
}

export function appointmentBody(typeId: number, instructorId: number, extra: Record<string, unknown> = {}) {
  return { title: 'Técnicas de venda presencial', appointment_type_id: typeId, instructors: [instructorId], training_type: 'open', workload: 8, ...extra };
}

export const eventBody = (extra: Record<string, unknown> = {}) =>
  ({ event_type: 'without_tests', date: '2026-12-10', start_hour: '09:00', end_hour: '17:00', intermission_minutes: 60, location: 'Rua A, 100', location_name: 'Sala 1', ...extra });

export const makeAppointment = (app: FastifyInstance, tokens: Tokens, body: Record<string, unknown>) => created(app, tokens, P.appointments, body);
export const makeEvent = (app: FastifyInstance, tokens: Tokens, appointmentId: number, extra: Record<string, unknown> = {}) =>
  created(app, tokens, P.events(appointmentId), eventBody(extra));

/** request → approve, by a superuser: an appointment that takes enrollments. */
export async function approve(app: FastifyInstance, su: Tokens, id: number): Promise<void> {
  for (const action of ['request', 'approve'] as const) {
    const res = await call(app, su, 'POST', P.action(id, action), {});
    if (res.statusCode !== 200) throw new Error(`${action}: ${res.statusCode} ${res.body}`);
  }
}
