import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { LIBRARY_FILE_STATUS, LIBRARY_LIMITS, UPLOAD_LIMITS, canOpenAdminTitle, formErrorCode, librarySlug, validateLibraryFile } from '@lp/shared/rules';
import { LIBRARY_PATHS, LIBRARY_UPLOAD_KIND, LibraryFile, LibraryFileInput, LibraryFileListQuery } from '@lp/shared/contract';
import type { LibraryFileRow } from '../../db/tables/library.table.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { removeMediaFolder } from '../../lib/mediaStore.ts';
import { foreignAudienceIds, writeAudience } from '../../content/audience/index.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { deleteLibraryFile, freeLibrarySlug, insertLibraryFile, librarySlugTaken, updateLibraryFile } from '../../repositories/libraryAdmin.ts';
import { forgetMediaObject } from '../../repositories/mediaObjects.ts';
import { categoryOfClient, fileListQuery, fileRows, findFile, toFiles, type FileLinks } from '../../repositories/library.ts';
import { commitUpload, prepareUpload, savingUpload, type PreparedUpload } from '../trainings/uploadedFile.ts';
import { LIBRARY_TITLE, invalidFile, libraryFileNotFound } from './common.ts';
import { titleAccess } from '../../lib/access.ts';
import { IdParams } from '../../lib/params.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['library_files.title', 'library_files.file_name'],
  sortable: {
    id: 'library_files.id', title: 'library_files.title', status: 'library_files.status', extension: 'library_files.extension',
    size: 'library_files.size', category_name: 'library_categories.name', views: 'views', downloads: 'downloads',
    created_at: 'library_files.created_at', updated_at: 'library_files.updated_at',
  },
  defaultOrdering: '-created_at',
  filters: { status: 'library_files.status', category: 'library_files.category_id', extension: 'library_files.extension' },
};

/** spec 3 §3: one file per slug in a client. */
const slugTaken = () => invalidFile('library_slug_not_unique', { slug: 'library_slug_not_unique' }, 409);

/** Another save that took the slug between the check and the write meets the unique index: the same answer. */
async function slugGuarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Where the library's files live in the media store. */
const FOLDER = 'library';

interface FileState extends FileLinks {
  title: string;
  description: string;
  introduction: string;
  slug: string;
  category: number | null;
  status: number;
  allow_download: boolean;
  resource: string;
}

const EMPTY: FileState = {
  title: '', description: '', introduction: '', slug: '', category: null, status: LIBRARY_FILE_STATUS.active, allow_download: true, resource: '',
  tags: [], areas: [], profiles: [], user_groups: [],
};

/**
 * Issue 7 item 3, admin side (/admin/libraries, title library): library files of any extension
 * up to 150 MB (spec 3 §5 "general file"), sent with tus and referred to by upload id, with
 * title, description, category, tags, audience, allow download and active / inactive status;
 * the list shows how many learners viewed and downloaded each one.
 */
const files: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(LIBRARY_TITLE);
  const item = LIBRARY_PATHS.file(':id');

  app.tus.defineKind(LIBRARY_UPLOAD_KIND, {
    maxBytes: UPLOAD_LIMITS.generalMaxBytes,
    allowed: (auth) => canOpenAdminTitle(auth.subject, LIBRARY_TITLE) === 'allow',
  });

  async function answer(request: FastifyRequest, clientId: number, id: number): Promise<LibraryFile> {
    const [file] = await toFiles(app.db, app.mediaUrls(request), await fileRows(app.db, clientId, id));
    if (!file) throw libraryFileNotFound();
    return file;
  }

  const stateOf = async (request: FastifyRequest, row: LibraryFileRow): Promise<FileState> => {
    const [file] = await toFiles(app.db, app.mediaUrls(request), await fileRows(app.db, row.client_id, row.id));
    return {
      title: row.title, description: row.description, introduction: row.introduction, slug: row.slug ?? '', category: row.category_id, status: row.status,
      allow_download: row.allow_download, resource: row.resource,
      tags: file!.tags, areas: file!.areas, profiles: file!.profiles, user_groups: file!.user_groups,
    };
  };

  /**
   * The values to store (the request over the current ones) checked with the shared rule, the
   * references checked against the client, and the upload to claim when the file changes.
   */
  async function resolve(request: FastifyRequest, input: LibraryFileInput, current: FileState | null, id: number | null = null) {
    const clientId = clientOf(request);
    const base = current ?? EMPTY;
    const next: FileState = {
      title: input.title?.trim() ?? base.title,
      description: input.description?.trim() ?? base.description,
      introduction: input.introduction?.trim() ?? base.introduction,
      // spec 3 §3: an empty slug is made from the title
      slug: librarySlug(input.slug !== undefined ? input.slug : base.slug, input.title?.trim() ?? base.title),
      category: input.category !== undefined ? input.category : base.category,
      status: input.status ?? base.status,
      allow_download: input.allow_download ?? base.allow_download,
      resource: input.resource?.trim() ?? base.resource,
      tags: input.tags ?? base.tags,
      areas: input.areas ?? base.areas,
      profiles: input.profiles ?? base.profiles,
      user_groups: input.user_groups ?? base.user_groups,
    };
    const fields = validateLibraryFile(next);
    if (next.category !== null && !fields.category && !(await categoryOfClient(app.db, clientId, next.category))) fields.category = 'validation_error';
    Object.assign(fields, await foreignAudienceIds(app.db, clientId, next));
    const code = formErrorCode(fields);
    if (code) throw invalidFile(code, fields);
    const typed = (input.slug !== undefined ? input.slug : base.slug).trim() !== '';
    // a typed slug names one file of the client; one made from the title takes the next free number
    if (!typed) next.slug = await freeLibrarySlug(app.db, clientId, next.slug, id, LIBRARY_LIMITS.slugMax);
    else if (await librarySlugTaken(app.db, clientId, next.slug, id)) throw slugTaken();
    // the stored path sent back unchanged keeps the file; anything else is a new upload's id
    const prepared: PreparedUpload | null = current && next.resource === current.resource
      ? null
      : await prepareUpload(app, request, next.resource, LIBRARY_UPLOAD_KIND, 'file', FOLDER);
    return { next, prepared };
  }

  app.get(LIBRARY_PATHS.files, { config: { access: guard }, schema: { querystring: LibraryFileListQuery, response: listResponse(LibraryFile) } }, async (request, reply) => {
    const { status, category, extension } = request.query;
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(fileListQuery(app.db, clientOf(request), { status, category, extension }), list, LIST_SPEC);
    return sendList(reply, 'libraries', list, await toFiles(app.db, app.mediaUrls(request), rows), total);
  });

  app.get(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: LibraryFile } } }, async (request) =>
    answer(request, clientOf(request), request.params.id));

  app.post(LIBRARY_PATHS.files, {
    config: { access: guard }, schema: { body: LibraryFileInput, response: { 201: LibraryFile } },
  }, async (request, reply) => {
    const clientId = clientOf(request);
    const { next, prepared } = await resolve(request, request.body, null);
    const upload = prepared!;
    const id = await savingUpload(app, upload, () => slugGuarded(() => app.db.transaction().execute(async (trx) => {
      const now = new Date();
      const fileId = await insertLibraryFile(trx, {
        client_id: clientId, category_id: next.category, title: next.title, description: next.description, status: next.status,
        introduction: next.introduction, slug: next.slug,
        allow_download: next.allow_download, resource: upload.media.resource, file_name: upload.media.name,
        extension: upload.media.extension, size: upload.media.size, created_by: authOf(request).user.id, created_at: now, updated_at: now,
      });
      await writeAudience(trx, 'library_file', fileId, next);
      await commitUpload(trx, app, request, upload);
      return fileId;
    })));
    return reply.status(201).send(await answer(request, clientId, id));
  });

  app.put(item, {
    config: { access: guard }, schema: { params: IdParams, body: LibraryFileInput, response: { 200: LibraryFile } },
  }, async (request) => {
    const clientId = clientOf(request);
    const row = await findFile(app.db, clientId, request.params.id);
    if (!row) throw libraryFileNotFound();
    const { next, prepared } = await resolve(request, request.body, await stateOf(request, row), row.id);
    await savingUpload(app, prepared, () => slugGuarded(() => app.db.transaction().execute(async (trx) => {
      const updated = await updateLibraryFile(trx, clientId, row.id, {
        category_id: next.category, title: next.title, description: next.description, status: next.status,
        introduction: next.introduction, slug: next.slug, allow_download: next.allow_download, updated_at: new Date(),
        ...(prepared ? {
          resource: prepared.media.resource, file_name: prepared.media.name, extension: prepared.media.extension, size: prepared.media.size,
        } : {}),
      });
      if (!updated) throw libraryFileNotFound();
      await writeAudience(trx, 'library_file', row.id, next);
      if (prepared) await commitUpload(trx, app, request, prepared);
    })));
    // a replaced file is gone for good (nothing else points at it)
    if (prepared) await removeStored(clientId, row.resource);
    return answer(request, clientId, row.id);
  });

  app.delete(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: LibraryFile } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await answer(request, clientId, request.params.id);
    if (!(await deleteLibraryFile(app.db, clientId, before.id))) throw libraryFileNotFound();
    await removeStored(clientId, before.resource);
    return before;
  });

  /** The bytes and the media record of a file no row points at any more. */
  async function removeStored(clientId: number, resource: string): Promise<void> {
    await forgetMediaObject(app.db, clientId, resource);
    await removeMediaFolder(app.storage, resource);
  }
};
export default files;

