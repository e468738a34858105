import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * DESIGN "Files and media": what the media store holds for modules and support materials, and
 * the editor-image uploads of spec 2 §7.5 (policy → form POST → complete).
 *
 * media_objects: one row per stored file. `resource` is what a module or material points at (a
 * single file, or a package's entry file); `source` is the file as uploaded (the zip of an HTML
 * or SCORM package), which "import from database" copies for the new module (spec 2 §7.1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema.createTable('media_objects')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    /** relative to $DATA_DIR/media; served at /media/{resource} */
    .addColumn('resource', 'varchar(1000)', (c) => c.notNull().unique())
    .addColumn('source', 'varchar(1000)', (c) => c.notNull())
    /** file | html_package | scorm_package */
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    /** '1.2' | '2004' for SCORM packages (the portal's runtime picks its API by it) */
    .addColumn('scorm_version', 'varchar(10)')
    /** the uploader's file name, shown only */
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('extension', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('media_objects_client_idx').on('media_objects').column('client_id').execute();

  await db.schema.createTable('editor_image_uploads')
    /** the policy's file_id (random) */
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('cascade'))
    /** spec 2 §7.5 file_directory without the leading media/ */
    .addColumn('directory', 'varchar(200)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    /** sha-256 of the one-time signature handed out with the policy */
    .addColumn('signature_hash', 'varchar(64)', (c) => c.notNull())
    /** set once the bytes are stored: relative to $DATA_DIR/media */
    .addColumn('resource', 'varchar(500)')
    .addColumn('size', 'bigint')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('uploaded_at', t.timestamp)
    .addColumn('completed_at', t.timestamp)
    .execute();
  await db.schema.createIndex('editor_image_uploads_user_idx').on('editor_image_uploads').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('editor_image_uploads').execute();
  await db.schema.dropTable('media_objects').execute();
}
