/**
 * A learner's certificates (spec 2 §3.9: earned date, expiration date, percentage, status valid or
 * expired; spec 1 §2.2 profile certificates with "load more") and the public verification of one
 *. Superseded certificates — replaced by a renewal — leave the profile but still
 * verify, as superseded.
 */
import { LEARNER_PATHS, type CertificateVerification, type LearnerCertificate } from '@lp/shared/contract';
import { certificateStatus } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import type { CertificateRow } from '../../db/tables/learning.table.ts';
import { certificateVerifyUrl } from '../../learning/certificates.ts';

export interface CertificatePage { count: number; results: LearnerCertificate[] }

/** The profile's certificates tab: the user's current certificates in the client, newest first. */
export async function listCertificates(db: Db, clientId: number, userId: number, publicUrl: string, offset: number, limit: number, now = new Date()): Promise<CertificatePage> {
  const base = db.selectFrom('certificates')
    .where('client_id', '=', clientId).where('user_id', '=', userId).where('superseded_at', 'is', null);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('issued_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
  ]);
  return {
    count: Number(n),
    results: rows.map((r) => ({
      id: r.id,
      content_type: r.content_type,
      content_id: r.content_id,
      title: r.title,
      earned_in: r.issued_at,
      expires_at: r.expires_at,
      status: certificateStatus(r.expires_at, now),
      percentage: Number(r.percentage),
      workload: Number(r.workload),
      pdf_url: `/api${LEARNER_PATHS.certificatePdf(r.id)}`,
      verify_url: certificateVerifyUrl(publicUrl, r.code),
    })),
  };
}

/** One certificate of its owner in the client (superseded ones too: the owner keeps the file). */
export async function ownCertificate(db: Db, clientId: number, userId: number, id: number): Promise<CertificateRow | undefined> {
  return db.selectFrom('certificates').selectAll()
    .where('id', '=', id).where('client_id', '=', clientId).where('user_id', '=', userId).executeTakeFirst();
}

/** The public verification of a code: what the certificate says, and whether it holds now. */
export async function verifyCertificate(db: Db, code: string, now = new Date()): Promise<CertificateVerification | null> {
  const row = await db.selectFrom('certificates').innerJoin('clients', 'clients.id', 'certificates.client_id')
    .select([
      'certificates.holder_name', 'certificates.title', 'certificates.workload', 'certificates.issued_at', 'certificates.expires_at',
      'certificates.superseded_at', 'clients.name as client_name',
    ])
    .where('certificates.code', '=', code).executeTakeFirst();
  if (!row) return null;
  const status = row.superseded_at !== null ? 'superseded' : certificateStatus(row.expires_at, now);
  return {
    valid: status === 'valid',
    status,
    holder_name: row.holder_name,
    title: row.title,
    workload: Number(row.workload),
    earned_in: row.issued_at,
    expires_at: row.expires_at,
    client_name: row.client_name,
  };
}

/** Valid, current certificates of the user in the client (home statistics). */
export async function countValidCertificates(db: Db, clientId: number, userId: number, now = new Date()): Promise<number> {
  const rows = await db.selectFrom('certificates').select('expires_at')
    .where('client_id', '=', clientId).where('user_id', '=', userId).where('superseded_at', 'is', null).execute();
  return rows.filter((r) => certificateStatus(r.expires_at, now) === 'valid').length;
}

/** Where the certificate's PDF is stored (drawn again after a file was lost). */
export async function setCertificatePdf(db: Db, certificateId: number, pdfPath: string): Promise<void> {
  await db.updateTable('certificates').set({ pdf_path: pdfPath }).where('id', '=', certificateId).execute();
}
