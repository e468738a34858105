/**
 * The face-to-face imports into one appointment (the import's target; spec 3 §2 "import results";
 * spec 1 §6.2 presential_import_results, subscription_import_results; issue 17 item 5). A row names
 * a person by e-mail or document. The rules are the screens': results go through the Results tab's
 * merge, shared guestResultErrors and writer (repositories/presential/results.ts), refused once the
 * results are finalized; subscriptions through the Subscribers tab's enrollUsers (vacancies, the
 * maximum, once per course per quarter). Re-running a file changes nothing: equal results are not
 * written again and a user already in the event is left as is.
 */
import type { Transaction } from 'kysely';
import { ACTIVE_ENROLLMENT_STATUSES, guestResultErrors, takesResults, unmaskDocument, type Presence, type TrainingResult } from '@lp/shared/rules';
import type { Database, Db } from '../db/database.ts';
import type { PresentialAppointmentRow } from '../db/tables/presential.table.ts';
import { findAppointment, inviteesOf, lockAppointment } from '../repositories/presential/appointments.ts';
import { EnrollmentRefused, enrollUsers } from '../repositories/presential/enrollments.ts';
import { findEvent } from '../repositories/presential/events.ts';
import {
  findClosing, guestsQuery, mergeGuestResult, sameResult, storedResult, writeGuestResult, type GuestResultChanges, type GuestRow,
} from '../repositories/presential/results.ts';
import { RowRefused, firstPerField, readColumns, type ImportKind, type KindContext, type RowError } from './rows.ts';

interface Participant {
  /** lower-cased */
  email: string | null;
  /** letters and digits only */
  document: string | null;
}

/** The column a person's problem is reported on: the one the row filled. */
const participantField = (p: Participant) => (p.email ? 'email' : 'document');
const participantKey = (p: Participant) => (p.email ? `e:${p.email}` : `d:${p.document}`);

function readParticipant(text: Record<string, string | null>): { participant: Participant; errors: RowError[] } {
  const participant = { email: text.email?.toLowerCase() ?? null, document: text.document ? unmaskDocument(text.document) || null : null };
  return { participant, errors: participant.email || participant.document ? [] : [{ field: 'email', code: 'make_sure_that_all_fields_are_filled_in' }] };
}

/** Finds each participant among `people` (by e-mail first, then document). */
function matcher<T extends { email: string | null; document: string | null }>(people: readonly T[]) {
  const byEmail = new Map<string, T>();
  const byDocument = new Map<string, T>();
  for (const p of people) {
    if (p.email && !byEmail.has(p.email.toLowerCase())) byEmail.set(p.email.toLowerCase(), p);
    const doc = p.document ? unmaskDocument(p.document) : '';
    if (doc && !byDocument.has(doc)) byDocument.set(doc, p);
  }
  return (q: Participant): T | undefined => (q.email ? byEmail.get(q.email) : undefined) ?? (q.document ? byDocument.get(q.document) : undefined);
}

/** The import's appointment (never a model), or why every row is refused. */
async function targetOf(db: Db, ctx: KindContext, lock = false): Promise<PresentialAppointmentRow | RowError> {
  const row = ctx.targetId === null ? undefined : lock ? await lockAppointment(db, ctx.clientId, ctx.targetId) : await findAppointment(db, ctx.clientId, ctx.targetId);
  return row && !row.is_template ? row : { field: null, code: 'appointment_not_found' };
}
const isError = (v: PresentialAppointmentRow | RowError): v is RowError => 'code' in v;

// ---- results ----

export interface ResultImportValue {
  participant: Participant;
  changes: GuestResultChanges;
}

/** Why the appointment takes no results now (the PUT's refusals), or null. */
async function resultsRefusal(db: Db, appointment: PresentialAppointmentRow): Promise<RowError | null> {
  if (!takesResults(appointment.status)) return { field: null, code: 'presential_results_not_open' };
  if ((await findClosing(db, appointment.id))?.finalized_at) return { field: null, code: 'presential_results_already_finalized' };
  return null;
}

async function guestsOf(db: Db, ctx: KindContext, appointmentId: number) {
  const [guests, invitees] = await Promise.all([guestsQuery(db, ctx.clientId, appointmentId).execute(), inviteesOf(db, appointmentId)]);
  return { guests, invitees: new Set(invitees) };
}

/** The guest's next result, or the rules' errors on the template's columns. */
function nextResult(g: GuestRow, invitees: ReadonlySet<number>, changes: GuestResultChanges) {
  const current = storedResult(g, invitees);
  const next = mergeGuestResult(current, changes);
  const errors: RowError[] = Object.entries(guestResultErrors(next)).map(([field, code]) => ({ field, code: code! }));
  return { current, next, errors };
}

export const presentialResultsKind: ImportKind<ResultImportValue> = {
  parse(raw, ctx) {
    const { text, ref, errors } = readColumns('presential_results', raw, ctx.lookups);
    const { participant, errors: missing } = readParticipant(text);
    const problems = [...missing, ...errors];
    const changes: GuestResultChanges = {};
    if (ref.presence !== undefined) changes.presence = ref.presence as Presence;
    if (ref.result !== undefined) changes.result = ref.result as TrainingResult;
    const scoreText = text.score;
    if (scoreText) {
      const score = Number(scoreText.replace(',', '.'));
      if (Number.isFinite(score)) changes.score = score;
      else problems.push({ field: 'score', code: 'validation_error' });
    }
    const countText = text.correct_answers;
    if (countText) {
      const count = Number(countText);
      if (Number.isInteger(count)) changes.correct_answers = count;
      else problems.push({ field: 'correct_answers', code: 'validation_error' });
    }
    if (text.observation) changes.observation = text.observation;
    const all = firstPerField(problems);
    return all.length ? { value: null, errors: all } : { value: { participant, changes }, errors: [] };
  },

  fileKeys(v) {
    return [{ field: participantField(v.participant), value: participantKey(v.participant), code: 'value_repeated_in_file' }];
  },

  async resolve(db, values, ctx) {
    const appointment = await targetOf(db, ctx);
    const refusal = isError(appointment) ? appointment : await resultsRefusal(db, appointment);
    if (refusal || isError(appointment)) return values.map(() => ({ existingId: null, errors: [refusal!] }));
    const { guests, invitees } = await guestsOf(db, ctx, appointment.id);
    const find = matcher(guests);
    return values.map((v) => {
      const g = find(v.participant);
      if (!g) return { existingId: null, errors: [{ field: participantField(v.participant), code: 'presential_participant_not_found' }] };
      return { existingId: g.id, errors: nextResult(g, invitees, v.changes).errors };
    });
  },

  async apply(trx: Transaction<Database>, rows, ctx) {
    // under the appointment's lock, as the PUT: a finalization in between refuses the rows
    const appointment = await targetOf(trx, ctx, true);
    if (isError(appointment)) throw new RowRefused(appointment);
    const refusal = await resultsRefusal(trx, appointment);
    if (refusal) throw new RowRefused(refusal);
    const { guests, invitees } = await guestsOf(trx, ctx, appointment.id);
    const byId = new Map(guests.map((g) => [g.id, g]));
    const now = new Date();
    let updated = 0;
    for (const { value, existingId } of rows) {
      const g = existingId === null ? undefined : byId.get(existingId);
      if (!g) throw new RowRefused({ field: participantField(value.participant), code: 'presential_participant_not_found' });
      const { current, next, errors } = nextResult(g, invitees, value.changes);
      if (errors.length) throw new RowRefused(errors[0]!);
      if (sameResult(current, next)) continue;
      await writeGuestResult(trx, g.id, next, now);
      updated += 1;
    }
    return { created: 0, updated };
  },

  conflictOf(error) {
    return error instanceof RowRefused ? error.error : null;
  },
};

// ---- subscriptions ----

export interface SubscriptionImportValue {
  participant: Participant;
  eventId: number;
}

/** The client's users among the participants named (documents are stored unmasked, as the users import keeps them). */
async function membersOf(db: Db, clientId: number, values: readonly SubscriptionImportValue[]) {
  const emails = [...new Set(values.flatMap((v) => (v.participant.email ? [v.participant.email] : [])))];
  const documents = [...new Set(values.flatMap((v) => (v.participant.document ? [v.participant.document] : [])))];
  if (!emails.length && !documents.length) return matcher([]);
  const rows = await db.selectFrom('users as u').innerJoin('user_clients as uc', 'uc.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.document']).where('uc.client_id', '=', clientId)
    .where((eb) => eb.or([
      ...(emails.length ? [eb(eb.fn('lower', ['u.email']), 'in', emails)] : []),
      ...(documents.length ? [eb('u.document', 'in', documents)] : []),
    ]))
    .orderBy('u.id').execute();
  return matcher(rows);
}

const notFound = (v: SubscriptionImportValue): RowError => ({ field: participantField(v.participant), code: 'presential_participant_not_found' });
const refusedAs = (v: SubscriptionImportValue, error: EnrollmentRefused): RowError => ({
  field: error.code === 'presential_event_not_found' ? 'event' : participantField(v.participant), code: error.code,
});

/** Thrown to undo the trial enrollments of the validation. */
class Rollback extends Error {}

export const presentialSubscriptionsKind: ImportKind<SubscriptionImportValue> = {
  parse(raw, c) {
    const { text, ref, errors } = readColumns('presential_subscriptions', raw, c.lookups);
    const { participant, errors: missing } = readParticipant(text);
    const all = firstPerField([...missing, ...errors]);
    return all.length ? { value: null, errors: all } : { value: { participant, eventId: ref.event as number }, errors: [] };
  },

  fileKeys(v) {
    return [{ field: participantField(v.participant), value: participantKey(v.participant), code: 'value_repeated_in_file' }];
  },

  /**
   * Matches each user and their current enrollment (already in that event: nothing to do). Out of
   * a transaction (validation, a batch's planning) it also tries the enrollments, in file order,
   * in a transaction it rolls back, so the log shows every row the enrollment rules refuse.
   */
  async resolve(db, values, c) {
    const appointment = await targetOf(db, c);
    if (isError(appointment)) return values.map(() => ({ existingId: null, errors: [appointment] }));
    const find = await membersOf(db, c.clientId, values);
    const users = values.map((v) => find(v.participant));
    const ids = users.flatMap((u) => (u ? [u.id] : []));
    const current = ids.length ? await db.selectFrom('presential_enrollments').select(['id', 'user_id', 'event_id'])
      .where('appointment_id', '=', appointment.id).where('user_id', 'in', ids).where('status', 'in', [...ACTIVE_ENROLLMENT_STATUSES]).execute() : [];
    const out = values.map((v, i) => {
      const user = users[i];
      if (!user) return { existingId: null, errors: [notFound(v)] };
      const same = current.find((e) => e.user_id === user.id && e.event_id === v.eventId);
      return { existingId: same?.id ?? null, errors: [] as RowError[] };
    });
    if (db.isTransaction) return out;
    await db.transaction().execute(async (trx) => {
      const locked = await lockAppointment(trx, c.clientId, appointment.id);
      const invited = new Set(await inviteesOf(trx, appointment.id));
      for (const [i, v] of values.entries()) {
        if (out[i]!.errors.length || out[i]!.existingId !== null) continue;
        try {
          await enrollOne(trx, c, locked!, invited, v.eventId, users[i]!.id);
        } catch (error) {
          if (!(error instanceof EnrollmentRefused)) throw error;
          out[i]!.errors.push(refusedAs(v, error));
        }
      }
      throw new Rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
    return out;
  },

  async apply(trx, rows, c) {
    const appointment = await targetOf(trx, c, true);
    if (isError(appointment)) throw new RowRefused(appointment);
    const invited = new Set(await inviteesOf(trx, appointment.id));
    const find = await membersOf(trx, c.clientId, rows.map((r) => r.value));
    let created = 0;
    for (const { value, existingId } of rows) {
      if (existingId !== null) continue;
      const user = find(value.participant);
      if (!user) throw new RowRefused(notFound(value));
      try {
        await enrollOne(trx, c, appointment, invited, value.eventId, user.id);
      } catch (error) {
        if (error instanceof EnrollmentRefused) throw new RowRefused(refusedAs(value, error));
        throw error;
      }
      created += 1;
    }
    return { created, updated: 0 };
  },

  conflictOf(error) {
    return error instanceof RowRefused ? error.error : null;
  },
};

/** One user into one event, as POST subscribers/bulk_add/ does it (by an admin: the import's creator). */
async function enrollOne(trx: Db, c: KindContext, appointment: PresentialAppointmentRow, invited: ReadonlySet<number>, eventId: number, userId: number) {
  const event = await findEvent(trx, c.clientId, appointment.id, eventId);
  if (!event) throw new EnrollmentRefused('presential_event_not_found', null);
  await enrollUsers(trx, { appointment, event, invited: new Set(invited), byAdmin: true, actorId: c.actorId, now: new Date() }, [userId]);
}
