/**
 * What finishing a live class gives its participants (spec 3 §1 "It carries a score, reaction
 * tests and a certificate once concluded"; §4 "Only then can users do the remaining activities and
 * receive the certificate. Results are attributed … only after the event is finished").
 *
 * A participant completes the class when it is Finished, they entered its room, and they answered
 * its published reaction evaluation when it has one. Completing is recorded once on their
 * participant row (`completed_at`, written first: two events of one learner never both issue), and
 * then — through the trainings' own code — the certificate (same PDF and verify URL, and the feed's
 * "certified" event) and the class's points on the learner's statement, and the learner's standing
 * in the trails holding the class (spec 2 §2.4).
 *
 * Two moments judge it: the admin setting Finished (every participant who entered, at most the 24
 * a room holds, spec 3 §9) and the learner answering the reaction evaluation.
 */
import { LIVE_CLASS_STATUS, effectiveLiveClassScore } from '@lp/shared/rules';
import { LIVE_CLASS_OWNER } from '../content/owners.ts';
import { ownedDb } from '../content/ownedDb.ts';
import { evaluationAnswered, publishedEvaluation } from '../content/repository/evaluations.ts';
import type { Db } from '../db/database.ts';
import type { LiveClassRow } from '../db/tables/liveClass.table.ts';
import { issueCertificate, type CertificateIssuer } from '../learning/certificates.ts';
import { awardPoints } from '../learning/points.ts';
import { syncTrailsHolding } from '../trails/certificateSync.ts';

/** Judges one participant; answers whether they completed now. Idempotent. */
export async function completeParticipant(db: Db, issuer: CertificateIssuer, row: LiveClassRow, userId: number, now = new Date()): Promise<boolean> {
  if (row.status !== LIVE_CLASS_STATUS.finished) return false;
  const participant = await db.selectFrom('live_class_participants').select(['id', 'entered_at', 'completed_at'])
    .where('live_class_id', '=', row.id).where('user_id', '=', userId).executeTakeFirst();
  if (!participant || participant.entered_at === null || participant.completed_at !== null) return false;
  const owned = ownedDb(db, LIVE_CLASS_OWNER);
  const evaluation = await publishedEvaluation(owned, row.id);
  if (evaluation && !(await evaluationAnswered(owned, evaluation.id, userId))) return false;

  const marked = await db.updateTable('live_class_participants').set({ completed_at: now })
    .where('id', '=', participant.id).where('completed_at', 'is', null).executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) return false;
  await issueCertificate(db, issuer, {
    clientId: row.client_id, userId, contentType: 'live_class', contentId: row.id, title: row.title, workload: Number(row.workload),
    expirationDays: null, completedAt: now,
  });
  await awardPoints(db, {
    clientId: row.client_id, userId, points: effectiveLiveClassScore(row.score), reason: 'live_class_completed', contentType: 'live_class', contentId: row.id, title: row.title,
  });
  // spec 2 §2.4: a completed class is a done trail module
  await syncTrailsHolding(db, issuer, { clientId: row.client_id, kind: 'live_class', itemId: row.id, userId });
  return true;
}

/** The admin set Finished: every participant who entered and has nothing left completes now. */
export async function completeFinishedClass(db: Db, issuer: CertificateIssuer, row: LiveClassRow): Promise<number> {
  if (row.status !== LIVE_CLASS_STATUS.finished) return 0;
  const waiting = await db.selectFrom('live_class_participants').select('user_id')
    .where('live_class_id', '=', row.id).where('entered_at', 'is not', null).where('completed_at', 'is', null)
    .orderBy('id').execute();
  let completed = 0;
  for (const { user_id } of waiting) if (await completeParticipant(db, issuer, row, user_id)) completed += 1;
  return completed;
}
