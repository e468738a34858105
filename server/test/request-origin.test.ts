import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEARNER_PATHS, LIBRARY_PATHS, NEWS_PATH, PODCAST_PATHS, TRAININGS_PATH, WEBCASTS_PATH,
} from '@lp/shared/contract';
import { loadConfig } from '../src/config.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';

/**
 * The portal opened from another address than PUBLIC_URL (127.0.0.1, a LAN address, a phone on
 * the same network) gets every URL of its answers on the address it opened: media, packages,
 * playlists and links never point at PUBLIC_URL, which only e-mails and PDFs carry.
 */
describe.each(DIALECTS)('URLs in answers follow the request origin on %s', (dialect) => {
  const PUBLIC = 'https://learning.example.com';
  const HOST = '192.168.1.20:3000';
  let t: TestApp;
  let admin: Tokens;
  let learner: Tokens;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { publicUrl: PUBLIC });
    admin = await login(t.app, DEMO.superuser.email, DEMO.superuser.password);
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
  });
  afterAll(async () => { await t.close(); });

  const get = async (url: string, tokens: Tokens) => {
    const res = await t.app.inject({ url: `/api${url}`, headers: { ...bearer(tokens), host: HOST } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.body;
  };
  const urlsIn = (body: string) => [...body.matchAll(/(?:https?|wss?):\/\/[^"\\\s]+/g)].map((m) => m[0]);

  it('media, packages, playlists and links are on the address the page was opened from', async () => {
    const trainings = JSON.parse(await get(`${LEARNER_PATHS.trainings}?page_size=100`, learner)) as { results: { id: number; title: string }[] };
    const welcome = trainings.results.find((r) => r.title === 'Boas-vindas à loja')!;
    const bodies = [
      await get(LEARNER_PATHS.training(welcome.id), learner),
      await get(`${LIBRARY_PATHS.learnerFiles}?page_size=100`, learner),
      await get(`${PODCAST_PATHS.learnerPodcasts}?page_size=100`, learner),
      await get(`${TRAININGS_PATH}${welcome.id}/`, admin),
    ];
    const webcasts = JSON.parse(await get(`${WEBCASTS_PATH}?page_size=0`, admin)) as { results: { id: number }[] };
    bodies.push(await get(`${WEBCASTS_PATH}${webcasts.results[0]!.id}/`, admin));
    const news = JSON.parse(await get(`${NEWS_PATH}?page_size=0`, admin)) as { results: { id: number }[] };
    bodies.push(await get(`${NEWS_PATH}${news.results[0]!.id}/`, admin));

    const urls = bodies.flatMap(urlsIn).filter((u) => !u.startsWith('https://www.youtube'));
    // the demo's video module, the training and news links, the webcast's public link at least
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) {
      expect(url, url).not.toContain('learning.example.com');
      expect(url, url).not.toContain('localhost');
      expect(new URL(url).hostname, url).toBe('192.168.1.20');
    }
    expect(urls).toContain(`http://${HOST}/online-courses/${welcome.id}`);
  });

  it('PUBLIC_URL is required in production, where it goes into e-mails and certificates for good', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL must be set in production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://learning.example.com/' }).publicUrl).toBe('https://learning.example.com');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });
});
