/**
 * Demo live classes in Demo Retail (spec 3 §3 "Live class"), run by the demo instructor: an open
 * class on the demo learner's group "Onboarding 2026" with seats to subscribe to, tomorrow, in an
 * embedded Jitsi room; and a closed class to which the demo learner is invited, through an external
 * meeting link, in two days. Idempotent: classes that exist (by title) stay.
 */
import type { Kysely } from 'kysely';
import { LIVE_CLASS_PLATFORM, LIVE_CLASS_STATUS } from '@lp/shared/rules';
import { writeAudience } from '../content/audience/index.ts';
import type { Database } from '../db/database.ts';
import { newRoomKey } from '../repositories/liveClasses/classes.ts';

type SeedDb = Kysely<Database>;

export interface LiveClassSeedOptions {
  clientId: number;
  instructorId: number;
  learnerId: number;
  /** the seed's clock (tests pass their own) */
  now?: Date;
}

const HOUR_MS = 60 * 60 * 1000;

export async function seedLiveClasses(db: SeedDb, options: LiveClassSeedOptions): Promise<void> {
  const { clientId, instructorId, learnerId } = options;
  const now = options.now ?? new Date();
  const existing = new Set((await db.selectFrom('live_classes').select('title').where('client_id', '=', clientId).execute()).map((r) => r.title));
  const groups = (await db.selectFrom('user_groups').select('id').where('client_id', '=', clientId).where('name', '=', 'Onboarding 2026').execute()).map((r) => r.id);
  const tags = (await db.selectFrom('tags').select('id').where('client_id', '=', clientId).where('name', '=', 'Customer experience').execute()).map((r) => r.id);
  // on the hour, a day or two ahead
  const at = (days: number) => new Date(Math.ceil((now.getTime() + days * 24 * HOUR_MS) / HOUR_MS) * HOUR_MS);

  async function insert(values: {
    title: string; description: string; type: 'open' | 'closed'; streamType: number; url: string | null; maximum: number | null; start: Date;
  }): Promise<number | null> {
    if (existing.has(values.title)) return null;
    const row = await db.insertInto('live_classes').values({
      client_id: clientId, title: values.title, description: values.description, live_class_type: values.type, live_class_date: values.start,
      timezone: 'America/Sao_Paulo', stream_type_id: values.streamType, transmission_url: values.url, maximum_participants: values.maximum,
      score: null, workload: 1, date_to_unpublish: null, status: LIVE_CLASS_STATUS.published, room_key: newRoomKey(), created_by: instructorId,
      created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('live_class_instructors').values({ live_class_id: row.id, user_id: instructorId }).execute();
    return row.id;
  }

  const open = await insert({
    title: 'Aula ao vivo: atendimento que encanta',
    description: '<p>Técnicas de abordagem e escuta ativa, com exercícios em duplas. Inscreva-se: as vagas são limitadas.</p>',
    type: 'open', streamType: LIVE_CLASS_PLATFORM.jitsi, url: null, maximum: 20, start: at(1),
  });
  if (open !== null) await writeAudience(db, 'live_class', open, { user_groups: groups, tags });

  const closed = await insert({
    title: 'Aula fechada: planejamento da loja 2027',
    description: '<p>Reunião de planejamento com os convidados. O link da sala abre 30 minutos antes.</p>',
    type: 'closed', streamType: LIVE_CLASS_PLATFORM.external, url: 'https://meet.jit.si/demo-retail-planejamento-2027', maximum: null, start: at(2),
  });
  if (closed !== null) {
    await writeAudience(db, 'live_class', closed, { tags });
    await db.insertInto('live_class_participants').values({ live_class_id: closed, user_id: learnerId, created_at: now }).execute();
  }
}
