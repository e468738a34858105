import type { FastifyInstance } from 'fastify';
import { FIELD_SALES_PATHS, type Task } from '@lp/shared/contract';
import { bearer, type Tokens } from './helpers.ts';

/** Fixtures of the field-sales suites: questionnaires and tasks through the API, and a local Nominatim. */

export const P = FIELD_SALES_PATHS;

export async function call(app: FastifyInstance, tokens: Tokens, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({ method, url: `/api${url}`, headers: bearer(tokens), ...(payload !== undefined ? { payload: payload as object } : {}) });
}

/** An address as the search list gives it (spec 3 §5). */
export const ADDRESS = {
  postal_code: '01310-100', address: 'Avenida Paulista', number: '1000', complement: null, neighborhood: 'Bela Vista',
  city: 'São Paulo', state: 'São Paulo', latitude: -23.5647577, longitude: -46.6518495, place_ref: 'osm:N:2345678901',
};

export const questionnaireBody = (title = 'Visita à loja') => ({
  title,
  steps: [
    {
      title: 'Exposição', step_type: 'questions', questions: [
        { text: 'O produto está exposto?', question_type: 'yes_no', required: true },
        { text: 'Posição na gôndola', question_type: 'single_choice', required: true, options: ['Topo', 'Meio', 'Base'] },
        { text: 'Quantas frentes?', question_type: 'number' },
        { text: 'Concorrentes presentes', question_type: 'multiple_choice', options: ['A', 'B', 'C'] },
        { text: 'Observações', question_type: 'text' },
      ],
    },
    { title: 'Fotos', step_type: 'photos', questions: [{ text: 'Foto da gôndola', question_type: 'photo' }] },
  ],
});

export const taskBody = (representativeId: number, extra: Record<string, unknown> = {}) => ({
  title: 'Visita', task_date: '2026-12-07', start_time: '09:00', end_time: '10:00', timezone: 'America/Sao_Paulo',
  representative_id: representativeId, observation: '', ...ADDRESS, ...extra,
});

export async function createTask(app: FastifyInstance, tokens: Tokens, body: Record<string, unknown>) {
  const res = await call(app, tokens, 'POST', P.tasks, body);
  if (res.statusCode !== 201) throw new Error(`POST task: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number; series_id: number | null }>();
}

/** The tasks of a series (or a representative), in date order, as the list reads them. */
export async function listTasks(app: FastifyInstance, tokens: Tokens, filter: Record<string, unknown>) {
  const res = await call(app, tokens, 'GET', `${P.tasks}?page_size=0&ordering=task_date&filter=${encodeURIComponent(JSON.stringify(filter))}`);
  if (res.statusCode !== 200) throw new Error(`GET tasks: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return (Array.isArray(body) ? body : body.results) as Task[];
}

export { startNominatim } from './nominatimStub.ts';
