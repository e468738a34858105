import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_PATHS, type LearnerCertificate } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { API, audienceLearner, certificatesOf, finishAllModules, pdfText, publishedTraining, restart } from './completionFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Certificates (spec 2 §3.9, §4.9): a PDF generated once at issue, downloaded by
 * its owner only; the public verification link (valid, expired, superseded); expiry after the
 * configured days and renewal by retaking; the profile's list, newest first, with "load more".
 */
describe.each(DIALECTS)('learner certificates on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let learner: { id: number; tokens: Tokens };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { publicUrl: 'https://learn.example.com' });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    learner = { id: await userId(t.app, DEMO.learner.email), tokens: await login(t.app, DEMO.learner.email, DEMO.learner.password) };
  });
  afterAll(async () => { await t.close(); });

  const get = (url: string, tokens?: Tokens) => t.app.inject({ url: `${API}${url}`, headers: tokens ? bearer(tokens) : {} });
  const list = async (tokens: Tokens, query = '') => (await get(`${LEARNER_PATHS.certificates}${query}`, tokens)).json<{ count: number; results: LearnerCertificate[] }>();

  it('issues the PDF once, with the holder, the content and the verification link; only its owner downloads it', async () => {
    const holder = await audienceLearner(t.app, su, c.demo, org);
    await t.app.db.updateTable('users').set({ full_name: 'João Conceição Araújo' }).where('id', '=', holder.id).execute();
    const training = await publishedTraining(t.app, su, org, { title: 'Segurança no trabalho', body: { workload: 4, qty_certificate_expiration_days: 365 } });
    await finishAllModules(t.app, holder.tokens, training);

    const [cert] = await certificatesOf(t.app, holder.id, 'training', training.id);
    expect(cert).toBeDefined();
    expect(cert!.pdf_path).toMatch(/^certificates\/\d+\/[A-Za-z0-9_-]+\.pdf$/);
    const file = path.join(t.config.dataDir, cert!.pdf_path!);
    expect(fs.existsSync(file)).toBe(true);
    const stored = fs.readFileSync(file);

    const mine = await list(holder.tokens);
    expect(mine.count).toBe(1);
    expect(mine.results[0]).toMatchObject({
      id: cert!.id, content_type: 'training', content_id: training.id, title: 'Segurança no trabalho', status: 'valid', percentage: 100, workload: 4,
      pdf_url: `/api${LEARNER_PATHS.certificatePdf(cert!.id)}`, verify_url: `https://learn.example.com/certificates/verify/${cert!.code}`,
    });

    const pdf = await get(LEARNER_PATHS.certificatePdf(cert!.id), holder.tokens);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="certificate-seguranca-no-trabalho.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // served from the file drawn at issue, never drawn again
    expect(pdf.rawPayload.equals(stored)).toBe(true);
    expect((await get(LEARNER_PATHS.certificatePdf(cert!.id), holder.tokens)).rawPayload.equals(stored)).toBe(true);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('João Conceição Araújo');
    expect(text).toContain('Segurança no trabalho');
    expect(text).toContain('Demo Retail');
    expect(text).toContain(`https://learn.example.com/certificates/verify/${cert!.code}`);
    // the holder's language is Portuguese (language 1): DD/MM/YYYY
    const issued = new Date(cert!.issued_at);
    const day = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    expect(text).toContain(`Emitido em ${day(issued)}`);
    expect(text).toContain(`Válido até ${day(new Date(issued.getTime() + 365 * DAY))}`);
    expect(text).toContain('Carga horária: 4 h');

    // somebody else's certificate does not exist for them; without login nothing is served
    expect((await get(LEARNER_PATHS.certificatePdf(cert!.id), learner.tokens)).statusCode).toBe(404);
    expect((await get(LEARNER_PATHS.certificatePdf(cert!.id))).statusCode).toBe(401);
    expect((await get(LEARNER_PATHS.certificates)).statusCode).toBe(401);
    expect((await list(learner.tokens)).results.map((r) => r.id)).not.toContain(cert!.id);
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await get(LEARNER_PATHS.certificatePdf(cert!.id), other)).statusCode).toBe(404);
    expect((await list(other)).count).toBe(0);

    // a file lost from disk is drawn again from what the certificate says
    fs.rmSync(file);
    const again = await get(LEARNER_PATHS.certificatePdf(cert!.id), holder.tokens);
    expect(again.statusCode).toBe(200);
    expect(pdfText(again.rawPayload)).toContain('João Conceição Araújo');
  });

  it('writes the PDF in the holder’s language', async () => {
    const holder = await audienceLearner(t.app, su, c.demo, org);
    await t.app.db.updateTable('users').set({ language_id: 4, full_name: 'Zoé Lefèvre' }).where('id', '=', holder.id).execute();
    const training = await publishedTraining(t.app, su, org, { title: 'Accueil', body: { qty_certificate_expiration_days: null } });
    await finishAllModules(t.app, holder.tokens, training);
    const [cert] = await certificatesOf(t.app, holder.id, 'training', training.id);
    const text = pdfText((await get(LEARNER_PATHS.certificatePdf(cert!.id), holder.tokens)).rawPayload);
    expect(text).toContain('Certificat');
    expect(text).toContain('Zoé Lefèvre');
    expect(text).toContain('Sans date d\'expiration');
    // languages other than 1 and 3 write MM-DD-YYYY
    const d = new Date(cert!.issued_at);
    expect(text).toContain(`Délivré le ${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}-${d.getUTCFullYear()}`);
  });

  it('verifies publicly: valid, expired after the configured days, superseded by a renewal; unknown codes are 404', async () => {
    const holder = await audienceLearner(t.app, su, c.demo, org);
    const training = await publishedTraining(t.app, su, org, { title: 'Validade', body: { qty_certificate_expiration_days: 30 } });
    await finishAllModules(t.app, holder.tokens, training);
    const [first] = await certificatesOf(t.app, holder.id, 'training', training.id);
    // spec 2 §4.9: expires after the configured number of days counted from issue
    expect(new Date(first!.expires_at!).getTime() - new Date(first!.issued_at).getTime()).toBe(30 * DAY);

    const verify = (code: string) => get(LEARNER_PATHS.verifyCertificate(code));
    const valid = await verify(first!.code);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({
      valid: true, status: 'valid', holder_name: first!.holder_name, title: 'Validade', workload: 2.5,
      earned_in: new Date(first!.issued_at).toISOString(), expires_at: new Date(first!.expires_at!).toISOString(), client_name: 'Demo Retail',
    });
    expect((await verify('doesNotExist123')).statusCode).toBe(404);
    expect((await verify('bad code!')).statusCode).toBe(404);

    // 31 days later it has expired: the status says so, and the training reads "expired"
    await t.app.db.updateTable('certificates')
      .set({ issued_at: new Date(Date.now() - 31 * DAY), expires_at: new Date(Date.now() - DAY) }).where('id', '=', first!.id).execute();
    expect((await verify(first!.code)).json()).toMatchObject({ valid: false, status: 'expired' });
    expect((await list(holder.tokens)).results[0]).toMatchObject({ id: first!.id, status: 'expired' });

    // renewed by retaking: restart, complete again → a new certificate; the old one is superseded
    await restart(t.app, holder.tokens, training.id);
    expect(await certificatesOf(t.app, holder.id, 'training', training.id)).toHaveLength(1);
    await finishAllModules(t.app, holder.tokens, training);
    const [old, renewed] = await certificatesOf(t.app, holder.id, 'training', training.id);
    expect(old!.superseded_at).not.toBeNull();
    expect(renewed!.superseded_at).toBeNull();
    expect(renewed!.code).not.toBe(old!.code);
    expect((await verify(old!.code)).json()).toMatchObject({ valid: false, status: 'superseded' });
    expect((await verify(renewed!.code)).json()).toMatchObject({ valid: true, status: 'valid' });
    expect((await list(holder.tokens)).results.map((r) => r.id)).toEqual([renewed!.id]);
    // the owner keeps the superseded file
    expect((await get(LEARNER_PATHS.certificatePdf(old!.id), holder.tokens)).statusCode).toBe(200);
  });

  it('lists the profile’s certificates newest first, page by page ("load more")', async () => {
    const holder = await audienceLearner(t.app, su, c.demo, org);
    const ids: number[] = [];
    for (const title of ['Primeiro', 'Segundo', 'Terceiro']) {
      const training = await publishedTraining(t.app, su, org, { title });
      await finishAllModules(t.app, holder.tokens, training);
      ids.push((await certificatesOf(t.app, holder.id, 'training', training.id))[0]!.id);
    }
    const first = await list(holder.tokens, '?page=1&page_size=2');
    expect(first.count).toBe(3);
    expect(first.results.map((r) => r.title)).toEqual(['Terceiro', 'Segundo']);
    const second = await list(holder.tokens, '?page=2&page_size=2');
    expect(second.results.map((r) => r.id)).toEqual([ids[0]]);
    expect((await get(`${LEARNER_PATHS.certificates}?page_size=500`, holder.tokens)).statusCode).toBe(400);
  });
});
