import type { FastifyInstance } from 'fastify';
import { LIVE_CLASS_PATHS } from '@lp/shared/contract';
import { bearer, type Tokens } from './helpers.ts';
import type { OrgIds } from './trainingsFixtures.ts';

/** A complete, valid open class for the demo client's group "Onboarding 2026" (a Jitsi room, 10 seats). */
export function liveClassBody(org: OrgIds, extra: Record<string, unknown> = {}) {
  return {
    title: 'Aula de técnicas de venda',
    description: '<p>Abordagem e fechamento.</p>',
    live_class_type: 'open',
    live_class_date: '2027-03-10T19:00:00-03:00',
    timezone: 'America/Sao_Paulo',
    stream_type: 2,
    maximum_participants: 10,
    user_groups: [org.groups['Onboarding 2026']!],
    tags: [org.tags.Product!],
    ...extra,
  };
}

export async function createLiveClass(app: FastifyInstance, tokens: Tokens, body: Record<string, unknown>): Promise<number> {
  const res = await app.inject({ method: 'POST', url: `/api${LIVE_CLASS_PATHS.collection}`, headers: bearer(tokens), payload: body });
  if (res.statusCode !== 201) throw new Error(`create live class: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

/** An ISO instant `minutes` from `base`, with its offset (what the editor sends). */
export const minutesFrom = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000).toISOString();
