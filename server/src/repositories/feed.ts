/**
 * Reading the feed / timeline (spec 1 §2.2 home timeline and the feed route): the events
 * feedEvents.ts records, newest first, for the client's learners.
 */
import type { FeedEvent, FeedKind, FeedPage } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import { isFeedContentType } from './feedEvents.ts';
import type { LearnerContext } from './learner/context.ts';
import { visibleTrainings } from './learner/catalogue.ts';
import { visibleTrails } from './learner/trails.ts';

/**
 * The client's events a learner may see, newest first: everyone's (or only their own), where an
 * event about a training or a trail shows only to learners who may see that content (spec 2 §6
 * audience); the viewer's own events always show.
 */
export async function feedPage(db: Db, ctx: LearnerContext, scope: 'all' | 'mine', offset: number, limit: number, today: string): Promise<FeedPage> {
  let q = db.selectFrom('feed_events').innerJoin('users', 'users.id', 'feed_events.user_id')
    .where('feed_events.client_id', '=', ctx.clientId);
  if (scope === 'mine') q = q.where('feed_events.user_id', '=', ctx.userId);
  else {
    q = q.where((eb) => eb.or([
      eb('feed_events.user_id', '=', ctx.userId),
      eb.and([eb('feed_events.content_type', '!=', 'training'), eb('feed_events.content_type', '!=', 'trail')]),
      eb('feed_events.content_type', 'is', null),
      eb.and([eb('feed_events.content_type', '=', 'training'),
        eb('feed_events.content_id', 'in', visibleTrainings(db, ctx).select('group_trainings.id'))]),
      eb.and([eb('feed_events.content_type', '=', 'trail'),
        eb('feed_events.content_id', 'in', visibleTrails(db, ctx, today).select('trails.id'))]),
    ]));
  }
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q.select([
      'feed_events.id', 'feed_events.kind', 'feed_events.user_id', 'users.full_name', 'users.nick_name', 'feed_events.content_type',
      'feed_events.content_id', 'feed_events.title', 'feed_events.text', 'feed_events.stars', 'feed_events.created_at',
    ]).orderBy('feed_events.id', 'desc').offset(offset).limit(limit).execute(),
  ]);
  return {
    count: Number(count.n),
    results: rows.map((r): FeedEvent => ({
      id: r.id,
      kind: r.kind as FeedKind,
      user: { id: r.user_id, name: r.nick_name || r.full_name },
      content_type: isFeedContentType(r.content_type) ? r.content_type : null,
      content_id: r.content_id,
      title: r.title,
      text: r.text,
      stars: r.stars,
      created_at: r.created_at,
      mine: r.user_id === ctx.userId,
    })),
  };
}

/** The author takes a post back; false when it is not theirs (or not a post). */
export async function deletePost(db: Db, clientId: number, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('feed_events')
    .where('id', '=', id).where('client_id', '=', clientId).where('user_id', '=', userId).where('kind', '=', 'published')
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
