/**
 * The comment moderation endpoints of spec 2 §7.4 for one origin: GET {base}/{id}/comments/
 * (a bare array) and, where the spec has one, POST {base}/{id}/publish_comment/ (form id,
 * status). Owner kinds get theirs from registerOwnedContent; news, podcasts and trails register
 * their origin with the table its id points at.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CommentItem, PublishCommentForm, commentsListPath, publishCommentPath, type CommentOrigin, type CommentStatus,
} from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/httpError.ts';
import { IdParams } from '../../lib/params.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import type { OwnerTableName } from '../owner.ts';
import { listComments, originRowExists, setCommentStatus } from '../repository/comments.ts';
import { titleAccess } from '../../lib/access.ts';

export interface CommentRoutes {
  origin: CommentOrigin;
  /** the table of the origin row (group_trainings for 'training', trails for 'trail' …) */
  ownerTable: OwnerTableName;
  /** title slug that opens the editor (reads) */
  title: string;
  /** module item that changes the content (moderation) */
  manageSlug: string;
  /** where the list comes from when it is not the comments table (the 'trails' star ratings) */
  list?: (db: Db, clientId: number, originId: number) => Promise<CommentItem[]>;
}

export function registerComments(parent: FastifyInstance, def: CommentRoutes): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const guard = titleAccess(def.title);

  async function ownerOr404(request: FastifyRequest, id: number): Promise<number> {
    const clientId = clientOf(request);
    if (!(await originRowExists(app.db, def.ownerTable, clientId, id))) throw notFound();
    return clientId;
  }

  app.get(commentsListPath(def.origin, ':id'), {
    config: { access: guard }, schema: { params: IdParams, response: { 200: Type.Array(CommentItem) } },
  }, async (request) => {
    const clientId = await ownerOr404(request, request.params.id);
    return def.list ? def.list(app.db, clientId, request.params.id) : listComments(app.db, clientId, def.origin, request.params.id);
  });

  const moderation = publishCommentPath(def.origin, ':id');
  if (!moderation) return;
  app.post(moderation, {
    config: { access: { ...guard, permission: { slug: def.manageSlug, refusal: 'You cannot moderate these comments' } } },
    schema: { params: IdParams, body: PublishCommentForm, response: { 200: CommentItem } },
  }, async (request) => {
    const clientId = await ownerOr404(request, request.params.id);
    const updated = await setCommentStatus(app.db, clientId, def.origin, request.params.id, request.body.id, request.body.status as CommentStatus);
    if (!updated) throw notFound();
    return updated;
  });
}
