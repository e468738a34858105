import type { NotificationKind, NotificationPayload } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';

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
