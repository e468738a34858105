/**
 * Demo banners, a welcome banner and a message for the Demo Retail
 * client: a top and a card banner on the home of the demo learner's group, a welcome banner
 * (just_confirm) that group sees once after login, and one message already sent to the learner,
 * unread. The images are small SVGs written into the media store.
 */
import type { Kysely } from 'kysely';
import { toApiDate } from '@lp/shared/rules';
import { writeAudience } from '../content/audience/index.ts';
import type { Database } from '../db/database.ts';
import { MEDIA_URL_PREFIX, randomMediaId } from '../lib/mediaStore.ts';
import { mediaKey, type FileStorage } from '../storage/index.ts';

export interface BannersMessagesSeed {
  clientId: number;
  authorId: number;
  learnerId: number;
  /** the demo learner's group */
  groupId: number;
  storage: FileStorage;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => toApiDate(new Date(Date.now() + offset * DAY_MS));

function svg(width: number, height: number, from: string, to: string, title: string, subtitle: string): string {
  const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const size = Math.round(height / 6);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<text x="50%" y="45%" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#fff">${esc(title)}</text>
<text x="50%" y="${45 + Math.round(100 * size * 1.3 / height)}%" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(size * 0.55)}" fill="#fff">${esc(subtitle)}</text>
</svg>
`;
}

/** Writes an image into the media store and answers its /media/ path (same origin as the apps). */
async function image(storage: FileStorage, folder: string, name: string, content: string): Promise<string> {
  const resource = `images/${folder}/${randomMediaId()}/${name}`;
  await storage.put(mediaKey(resource), Buffer.from(content));
  return `${MEDIA_URL_PREFIX}${resource}`;
}

export async function seedBannersMessages(db: Kysely<Database>, seed: BannersMessagesSeed): Promise<void> {
  const { clientId, authorId, learnerId, groupId, storage } = seed;
  const now = new Date();

  const banners = [
    {
      banner_type: 'top', title: 'Semana do atendimento', button_label: 'Ver cursos', order: 1,
      desktop: svg(1200, 300, '#1d4ed8', '#7c3aed', 'Semana do atendimento', 'Novos cursos para encantar clientes'),
      mobile: svg(640, 400, '#1d4ed8', '#7c3aed', 'Semana do atendimento', 'Novos cursos'),
    },
    {
      banner_type: 'card', title: 'Trilha de integração', button_label: '', order: 1,
      desktop: svg(600, 340, '#047857', '#0ea5e9', 'Trilha de integração', 'Comece por aqui'),
      mobile: svg(600, 340, '#047857', '#0ea5e9', 'Trilha de integração', 'Comece por aqui'),
    },
  ];
  for (const banner of banners) {
    const row = await db.insertInto('banners').values({
      client_id: clientId, banner_type: banner.banner_type, title: banner.title,
      desktop_image: await image(storage, 'banners', 'desktop.svg', banner.desktop),
      mobile_image: await image(storage, 'banners', 'mobile.svg', banner.mobile),
      button_label: banner.button_label, url: '', background_color: '#ffffff', text_color: '#1f2937', sort_order: banner.order,
      start_date: day(-1), end_date: day(60), status: 1, created_by: authorId, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await writeAudience(db, 'banner', row.id, { user_groups: [groupId] });
  }

  const welcome = await db.insertInto('welcome_banners').values({
    client_id: clientId, welcome_banner_type: 'image_and_text', title: 'Bem-vindo à Academia Demo Retail',
    text: '<p>Aqui você encontra cursos, trilhas e mensagens da sua equipe. Confirme para começar.</p>',
    desktop_image: await image(storage, 'welcome_banners', 'desktop.svg', svg(960, 400, '#b45309', '#db2777', 'Bem-vindo!', 'Academia Demo Retail')),
    mobile_image: await image(storage, 'welcome_banners', 'mobile.svg', svg(640, 480, '#b45309', '#db2777', 'Bem-vindo!', 'Academia Demo Retail')),
    start_date: day(-1), end_date: day(90), just_confirm: true, user_logout: false, status: 1, created_by: authorId, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await writeAudience(db, 'welcome_banner', welcome.id, { user_groups: [groupId] });

  const sentAt = new Date(now.getTime() - 60 * 60 * 1000);
  const message = await db.insertInto('messages').values({
    client_id: clientId, title: 'Boas-vindas à equipe',
    content: '<p>Olá! Sua trilha de integração já está disponível. Qualquer dúvida, responda ao seu gestor.</p>',
    send_date: sentAt, send_in_app: true, send_email: false, send_email_body: true, status: 'sent', sent_at: sentAt,
    created_by: authorId, created_at: sentAt, updated_at: sentAt,
  }).returning('id').executeTakeFirstOrThrow();
  await writeAudience(db, 'message', message.id, { user_groups: [groupId] });
  await db.insertInto('message_recipients').values({
    message_id: message.id, user_id: learnerId, read_at: null, opened_in: null, email_status: 'skipped', email_sent_at: null,
    email_error: null, created_at: sentAt,
  }).execute();
}
