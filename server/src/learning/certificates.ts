/**
 * Issuing certificates (spec 2 §3.9, §4.6, §4.9). A certificate is issued once per
 * completion: a learner who restarts and completes again (the §4.9 renewal "by retaking the
 * content") gets a new one, and the older one is marked superseded. The PDF is drawn once, at
 * issue, and kept in the file store under certificates/ (not media/: only its owner downloads it).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { certificateExpiry } from '@lp/shared/rules';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { CertificateContentType, CertificateRow } from '../db/tables/learning.table.ts';
import { renderCertificatePdf } from './certificatePdf.ts';
import { awardRuleBadges } from '../repositories/badges.ts';
import { recordFeedEvent } from '../repositories/feedEvents.ts';
import { checkKey, storageOf, type StorageConfig } from '../storage/index.ts';

/** What issuing needs from the configuration. */
export type CertificateIssuer = Pick<Config, 'publicUrl'> & StorageConfig;

/** The public verification page of a certificate (a portal route; its data is the public API call). */
export const certificateVerifyUrl = (publicUrl: string, code: string) => `${publicUrl}/certificates/verify/${code}`;

/** Where a certificate's PDF lives: its storage key (relative to DATA_DIR on the local disk). */
const pdfRelativePath = (clientId: number, code: string) => path.posix.join('certificates', String(clientId), `${code}.pdf`);

export interface CertificateRequest {
  clientId: number;
  userId: number;
  contentType: CertificateContentType;
  contentId: number;
  title: string;
  workload: number;
  /** null: never expires */
  expirationDays: number | null;
  /** when the learner completed the content (this round) */
  completedAt: Date;
}

/** The user's current (not superseded) certificate of the content, if any. */
export async function currentCertificate(db: Db, userId: number, contentType: CertificateContentType, contentId: number): Promise<CertificateRow | undefined> {
  return db.selectFrom('certificates').selectAll()
    .where('user_id', '=', userId).where('content_type', '=', contentType).where('content_id', '=', contentId)
    .where('superseded_at', 'is', null)
    .orderBy('issued_at', 'desc').orderBy('id', 'desc')
    .executeTakeFirst();
}

interface PdfSource {
  client_id: number;
  user_id: number;
  content_type: CertificateContentType;
  code: string;
  title: string;
  holder_name: string;
  workload: number;
  issued_at: Date | string;
  expires_at: Date | string | null;
}

/** Draws a certificate's PDF from its stored snapshot and stores it; answers its storage key. */
export async function writeCertificatePdf(db: Db, issuer: CertificateIssuer, cert: PdfSource): Promise<string> {
  const [user, client] = await Promise.all([
    db.selectFrom('users').select('language_id').where('id', '=', cert.user_id).executeTakeFirst(),
    db.selectFrom('clients').select('name').where('id', '=', cert.client_id).executeTakeFirstOrThrow(),
  ]);
  const bytes = await renderCertificatePdf({
    languageId: user?.language_id ?? 1,
    contentType: cert.content_type,
    holderName: cert.holder_name,
    title: cert.title,
    workload: Number(cert.workload),
    issuedAt: new Date(cert.issued_at),
    expiresAt: cert.expires_at === null ? null : new Date(cert.expires_at),
    clientName: client.name,
    code: cert.code,
    verifyUrl: certificateVerifyUrl(issuer.publicUrl, cert.code),
  });
  const relative = pdfRelativePath(cert.client_id, cert.code);
  // one put: a reader sees the whole PDF or none
  await storageOf(issuer).put(relative, bytes, { contentType: 'application/pdf' });
  return relative;
}

/** The storage key of a stored PDF path, or null for anything outside certificates/. */
export function certificateKey(pdfPath: string): string | null {
  try {
    return checkKey(pdfPath).startsWith('certificates/') ? pdfPath : null;
  } catch {
    return null;
  }
}

/**
 * Issues the certificate of this completion unless it was issued already. Answers the new
 * certificate's id, or null when the current one already covers `completedAt`. Callers hold the
 * learner's enrollment row (they updated it first in the same transaction), so two progress
 * events of one learner never both issue.
 */
export async function issueCertificate(db: Db, issuer: CertificateIssuer, req: CertificateRequest): Promise<number | null> {
  const current = await currentCertificate(db, req.userId, req.contentType, req.contentId);
  // spec 2 §4.9: issued once per completion; a renewal needs a later completion (a retake)
  if (current && new Date(current.issued_at).getTime() >= req.completedAt.getTime()) return null;
  const holder = await db.selectFrom('users').select('full_name').where('id', '=', req.userId).executeTakeFirstOrThrow();
  const issuedAt = new Date(Math.max(Date.now(), req.completedAt.getTime()));
  const snapshot: PdfSource = {
    client_id: req.clientId,
    user_id: req.userId,
    content_type: req.contentType,
    code: randomBytes(15).toString('base64url'),
    title: req.title,
    holder_name: holder.full_name,
    workload: req.workload,
    issued_at: issuedAt,
    expires_at: certificateExpiry(issuedAt, req.expirationDays),
  };
  const pdfPath = await writeCertificatePdf(db, issuer, snapshot);
  const row = await db.insertInto('certificates').values({
    client_id: req.clientId,
    user_id: req.userId,
    content_type: req.contentType,
    content_id: req.contentId,
    code: snapshot.code,
    title: snapshot.title,
    holder_name: snapshot.holder_name,
    workload: snapshot.workload,
    percentage: 100,
    issued_at: issuedAt,
    expires_at: snapshot.expires_at,
    pdf_path: pdfPath,
    superseded_at: null,
  }).returning('id').executeTakeFirstOrThrow();
  if (current) await db.updateTable('certificates').set({ superseded_at: issuedAt }).where('id', '=', current.id).execute();
  // spec 1 §9 "certified on a trail or training", and the badges a certificate earns: here, so the
  // admin's trail synchronisation counts as much as the learner's own progress
  await recordFeedEvent(db, { clientId: req.clientId, userId: req.userId, kind: 'certified', contentType: req.contentType, contentId: req.contentId, title: req.title });
  await awardRuleBadges(db, req.clientId, req.userId);
  return row.id;
}
