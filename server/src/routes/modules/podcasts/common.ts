import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { hasPermission } from '@lp/shared/rules';
import { HttpError } from '../../../lib/httpError.ts';
import { authOf } from '../../../plugins/app/auth.ts';

/** spec 1 §2.3 / spec 3 §2: /admin/podcasts, title podcasts; spec 3 §6: podcasts_manage creates and edits. */
export const PODCASTS_TITLE = ADMIN_RESOURCES.podcasts.title;
export const PODCASTS_MANAGE = 'podcasts_manage';

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** preValidation hooks: reads need the title slug; writes also podcasts_manage (superusers pass). */
export function podcastGuards(app: FastifyInstance) {
  const read = app.requireTitle(PODCASTS_TITLE);
  const manage = async (request: FastifyRequest) => {
    if (!hasPermission(authOf(request).subject, PODCASTS_MANAGE)) {
      throw new HttpError(403, 'permission_denied', 'You do not have permission to change podcasts');
    }
  };
  return { read, write: [read, manage] };
}

export const podcastNotFound = () => new HttpError(404, 'podcast_not_found', 'Podcast not found');
export const playlistNotFound = () => new HttpError(404, 'playlist_not_found', 'Playlist not found');
