import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getLoginParams } from '../repositories/clients.ts';
import { publicClientId } from '../repositories/legal.ts';
import { portfolioTraining, portfolioTrainings, type PortfolioTraining } from '../repositories/portfolio.ts';
import { translate } from '../lib/i18n.ts';
import { escapeHtml, page } from './html.ts';

/** The visitor's language among the four (spec 1 §1), from Accept-Language; Portuguese by default. */
function languageOf(request: FastifyRequest): number {
  const wanted = String(request.headers['accept-language'] ?? '').toLowerCase().split(',').map((part) => part.trim().slice(0, 2));
  const ids: Record<string, number> = { pt: 1, en: 2, es: 3, fr: 4 };
  for (const code of wanted) if (ids[code]) return ids[code]!;
  return 1;
}

const send = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);

/**
 * The public course catalogue (spec 1 §2.1 portfolio page with course search, use_portfolio_page)
 * and the public page of a training (spec 2 §2.1 {host}/online-courses/{id}): server-rendered HTML
 * without any script, so a visitor's first look costs one small document. Enrolling goes through
 * the portal (/courses/{id}: the login, then the course). A training that is not on the portfolio
 * shows only the way to log in, never its details.
 */
export default fp(async (app) => {
  app.get('/portfolio', async (request, reply) => {
    const lang = languageOf(request);
    const t = (key: string, vars?: Record<string, string>) => translate(lang, `public_pages.${key}`, vars);
    const params = await getLoginParams(app.db);
    const clientId = await publicClientId(app.db, undefined);
    if (!params.use_portfolio_page || clientId === null) {
      return send(reply, 404, page(lang, t('not_found'), `<p>${escapeHtml(t('not_found'))}</p><p><a class="button" href="/">${escapeHtml(t('login'))}</a></p>`));
    }
    const q = typeof (request.query as Record<string, unknown>).q === 'string' ? String((request.query as Record<string, string>).q).slice(0, 100) : '';
    const courses = await portfolioTrainings(app.db, clientId, q);
    const cards = courses.map((c) => card(c, t)).join('');
    const body = `<header><h1>${escapeHtml(t('catalogue_title'))}</h1><a class="button" href="/">${escapeHtml(t('login'))}</a></header>
<form role="search" method="get" action="/portfolio"><label for="q">${escapeHtml(t('search'))}</label>
<input id="q" name="q" type="search" value="${escapeHtml(q)}" maxlength="100"><button type="submit">${escapeHtml(t('search_button'))}</button></form>
${courses.length ? `<ul class="cards">${cards}</ul>` : `<p>${escapeHtml(t('empty'))}</p>`}`;
    return send(reply, 200, page(lang, t('catalogue_title'), body));
  });

  app.get<{ Params: { id: string } }>('/online-courses/:id', async (request, reply) => {
    const lang = languageOf(request);
    const t = (key: string, vars?: Record<string, string>) => translate(lang, `public_pages.${key}`, vars);
    const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : null;
    const enrol = `/courses/${id ?? ''}`;
    const params = await getLoginParams(app.db);
    const clientId = await publicClientId(app.db, undefined);
    const course = id !== null && clientId !== null && params.use_portfolio_page ? await portfolioTraining(app.db, clientId, id) : undefined;
    if (!course) {
      // the editor's link of any training: the way in, nothing of the training itself
      return send(reply, 200, page(lang, t('private_course'), `<h1>${escapeHtml(t('private_course'))}</h1>
<p><a class="button" href="${id === null ? '/' : enrol}">${escapeHtml(t('open_course'))}</a></p>`));
    }
    const body = `<p><a href="/portfolio">${escapeHtml(t('back_to_catalogue'))}</a></p>
<article>${course.image_url ? `<img src="${escapeHtml(course.image_url)}" alt="">` : ''}
<h1>${escapeHtml(course.title)}</h1>${course.workload ? `<p class="muted">${escapeHtml(t('workload', { hours: String(course.workload) }))}</p>` : ''}
<div class="description">${course.description}</div>
<p><a class="button" href="${enrol}">${escapeHtml(t('login_to_enrol'))}</a></p></article>`;
    return send(reply, 200, page(lang, course.title, body));
  });
}, { name: 'public-pages' });

function card(course: PortfolioTraining, t: (key: string, vars?: Record<string, string>) => string): string {
  return `<li><a href="/online-courses/${course.id}">${course.image_url ? `<img src="${escapeHtml(course.image_url)}" alt="" loading="lazy">` : ''}
<strong>${escapeHtml(course.title)}</strong>${course.workload ? `<span class="muted">${escapeHtml(t('workload', { hours: String(course.workload) }))}</span>` : ''}</a></li>`;
}

