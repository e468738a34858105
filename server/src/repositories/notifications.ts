import type { NotificationKind, NotificationPayload } from '@lp/shared/contract';
import type { Db, Database } from '../db/database.ts';
import type { ExpressionBuilder } from 'kysely';

export interface NewNotification {
  userId: number;
  clientId: number | null;
  kind: NotificationKind;
  payload: NotificationPayload;
}

export async function notify(db: Db, n: NewNotification): Promise<void> {
  await db.insertInto('notifications').values({
    user_id: n.userId,
    client_id: n.clientId,
    kind: n.kind,
    payload: JSON.stringify(n.payload),
    read_at: null,
    created_at: new Date(),
  }).execute();
}

/** The user's notifications in the selected client, plus the client-less ones. */
const mine = (userId: number, clientId: number | null) => (eb: ExpressionBuilder<Database, 'notifications'>) => eb.and([
  eb('notifications.user_id', '=', userId),
  clientId == null ? eb('notifications.client_id', 'is', null)
    : eb.or([eb('notifications.client_id', 'is', null), eb('notifications.client_id', '=', clientId)]),
]);

export interface NotificationPageRequest {
  page: number;
  size: number;
  unreadOnly: boolean;
}

/** A page of the user's notifications, newest first, with the count of the list and of all unread ones. */
export async function notificationPage(db: Db, userId: number, clientId: number | null, request: NotificationPageRequest) {
  let base = db.selectFrom('notifications').where(mine(userId, clientId));
  if (request.unreadOnly) base = base.where('read_at', 'is', null);
  const [rows, total, unread] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(request.size).offset((request.page - 1) * request.size).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('notifications').where(mine(userId, clientId)).where('read_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n), unread: Number(unread.n) };
}

/** False when the notification is not the user's (in this client). */
export async function markNotificationRead(db: Db, userId: number, clientId: number | null, id: number): Promise<boolean> {
  const res = await db.updateTable('notifications').set({ read_at: new Date() })
    .where('id', '=', id).where(mine(userId, clientId)).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markAllNotificationsRead(db: Db, userId: number, clientId: number | null): Promise<void> {
  await db.updateTable('notifications').set({ read_at: new Date() })
    .where(mine(userId, clientId)).where('read_at', 'is', null).execute();
}
