import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { readWriteAccess } from '../../lib/access.ts';

/** spec 1 §2.3 / spec 3 §2: /admin/podcasts, title podcasts; spec 3 §6: podcasts_manage creates and edits. */
export const PODCASTS_TITLE = ADMIN_RESOURCES.podcasts.title;
export const PODCASTS_MANAGE = 'podcasts_manage';


/** Reads need the title slug; writes also podcasts_manage (superusers pass). */
export const podcastAccess = readWriteAccess(PODCASTS_TITLE, PODCASTS_MANAGE, 'You do not have permission to change podcasts');

export const podcastNotFound = () => new HttpError(404, 'podcast_not_found', 'Podcast not found');
export const playlistNotFound = () => new HttpError(404, 'playlist_not_found', 'Playlist not found');
