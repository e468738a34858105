import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * The lease of a running publish session (docs/production.md "Topology"): the node that runs its
 * ingest and the time until which that node vouches for it. A starting node or the sweep closes
 * only sessions whose lease ran out (or its own previous incarnation's), never another living
 * node's. Null in both for sessions before this column: they count as expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  // NODE_ID (64) or a random name, ':closing' while a node closes it as a leftover
  await db.schema.alterTable('webcast_stream_sessions').addColumn('node_id', 'varchar(80)').execute();
  await db.schema.alterTable('webcast_stream_sessions').addColumn('lease_until', t.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webcast_stream_sessions').dropColumn('lease_until').execute();
  await db.schema.alterTable('webcast_stream_sessions').dropColumn('node_id').execute();
}
