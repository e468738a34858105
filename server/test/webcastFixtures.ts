import type { FastifyInstance } from 'fastify';
import { WEBCAST_PATHS } from '@lp/shared/contract';
import { bearer, type Tokens } from './helpers.ts';
import type { OrgIds } from './trainingsFixtures.ts';

/** A complete, valid §7.3 JSON body for the demo client (group "Onboarding 2026", where the demo learner is). */
export function webcastBody(org: OrgIds, extra: Record<string, unknown> = {}) {
  return {
    title: 'Lançamento da coleção de verão',
    description: '<p>Ao <strong>vivo</strong> com a equipe de produto</p>',
    webcast_type: 1,
    embed: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    transmission_date: '2026-12-10T19:00:00-03:00',
    timezone: 'America/Sao_Paulo',
    workload: 1.5,
    score: 40,
    use_chat: true,
    chat_moderated: true,
    tags: [org.tags.Product!],
    areas: [],
    profiles: [],
    user_groups: [org.groups['Onboarding 2026']!],
    webcast_images: 'https://cdn.example.com/webcast.png',
    webcast_image_alt_texts: { 'pt-br': 'Capa', 'en-us': 'Cover', 'es-es': '', 'fr-fr': '' },
    ...extra,
  };
}

export async function createWebcast(app: FastifyInstance, tokens: Tokens, body: Record<string, unknown>): Promise<number> {
  const res = await app.inject({ method: 'POST', url: `/api${WEBCAST_PATHS.collection}`, headers: bearer(tokens), payload: body });
  if (res.statusCode !== 201) throw new Error(`create webcast: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

/** A multipart/form-data body with repeated fields for arrays (the spec's "form" calls, End webcast). */
export function multipartForm(fields: Record<string, string | number | Array<string | number>>) {
  const boundary = '----lp-webcast-boundary';
  const parts = Object.entries(fields).flatMap(([name, value]) => [value].flat().map((v) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
