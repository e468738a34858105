import { sql, type Kysely } from 'kysely';

/**
 * spec 2 §4.10 / §5.12: a learner comments a training or a trail only once. The route checks it
 * first (to answer `you_already_commented`); this index keeps two requests at the same moment
 * from both getting through. Other origins (news, webcasts …) may take several comments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('comments_once_per_learner_uq').unique().on('comments')
    .columns(['origin', 'origin_id', 'user_id'])
    .where(sql<boolean>`origin in ('training', 'trail')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('comments_once_per_learner_uq').execute();
}
