/**
 * Demo field-sales data in Demo Retail (issue 19 item 8): a store-visit questionnaire (an
 * exposition step of every non-photo type and a photo step), and a week of daily visits from
 * today for each of the two demo representatives, at addresses as the search list gives them,
 * 09:00 and 14:00 in São Paulo. Idempotent: nothing is added when the questionnaire exists.
 */
import type { Kysely } from 'kysely';
import { todayApiDate } from '@lp/shared/rules';
import type { Database } from '../db/database.ts';
import { expandRecurrence, occurrenceInstants } from '../fieldSales/recurrence.ts';
import { insertQuestionnaire } from '../repositories/fieldSales/questionnaires.ts';
import { insertSeries, insertTasks } from '../repositories/fieldSales/tasks.ts';

const TITLE = 'Visita de loja';
const ZONE = 'America/Sao_Paulo';

export interface FieldSalesSeedOptions {
  clientId: number;
  adminId: number;
  representativeIds: readonly [number, number];
  now?: Date;
}

/** Two real São Paulo addresses, as a Nominatim search returns them (place references included). */
const ADDRESSES = [
  { postal_code: '01310-100', address: 'Avenida Paulista', number: '1578', complement: null, neighborhood: 'Bela Vista', city: 'São Paulo', state: 'São Paulo', latitude: -23.5613, longitude: -46.6565, place_ref: 'osm:W:4271990' },
  { postal_code: '05422-000', address: 'Rua dos Pinheiros', number: '500', complement: 'Loja 2', neighborhood: 'Pinheiros', city: 'São Paulo', state: 'São Paulo', latitude: -23.5663, longitude: -46.6826, place_ref: 'osm:W:4277651' },
] as const;

export async function seedFieldSales(db: Kysely<Database>, options: FieldSalesSeedOptions): Promise<void> {
  const { clientId, adminId, representativeIds } = options;
  if (await db.selectFrom('field_questionnaires').select('id').where('client_id', '=', clientId).where('title', '=', TITLE).executeTakeFirst()) return;
  const questionnaireId = await insertQuestionnaire(db, clientId, {
    title: TITLE,
    description: 'Checklist da visita do representante à loja.',
    steps: [
      {
        title: 'Exposição', step_type: 'questions', questions: [
          { text: 'O produto está exposto?', question_type: 'yes_no', required: true },
          { text: 'Posição na gôndola', question_type: 'single_choice', required: true, options: ['Topo', 'Meio', 'Base'] },
          { text: 'Quantas frentes do produto?', question_type: 'number', required: false },
          { text: 'Concorrentes presentes', question_type: 'multiple_choice', required: false, options: ['Marca A', 'Marca B', 'Marca C'] },
          { text: 'Observações da visita', question_type: 'text', required: false },
        ],
      },
      { title: 'Fotos', step_type: 'photos', questions: [{ text: 'Foto da gôndola', question_type: 'photo', required: false }] },
    ],
  });
  const start = todayApiDate(ZONE, options.now ?? new Date());
  const rule = { frequency: 'daily' as const, count: 7 };
  for (const [i, representative_id] of representativeIds.entries()) {
    const [startTime, endTime] = i === 0 ? ['09:00', '10:00'] : ['14:00', '15:00'];
    const seriesId = await insertSeries(db, clientId, rule);
    await insertTasks(db, clientId, expandRecurrence(start, rule).map((task_date, n) => ({
      ...ADDRESSES[i]!, title: `Visita ${ADDRESSES[i]!.neighborhood}`, task_date, start_time: startTime!, end_time: endTime!, timezone: ZONE,
      ...occurrenceInstants(task_date, startTime!, endTime!, ZONE),
      representative_id, questionnaire_id: questionnaireId, observation: '', series_id: seriesId, occurrence: n + 1, created_by: adminId,
    })));
  }
}
