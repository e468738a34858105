import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FileAnswer } from '@lp/shared/contract';
import { grantMaxAge, grantedKey, mediaNotFound, sendStored, splitGranted } from '../../lib/serveMedia.ts';
import { isActiveDocument, verifyGrant } from '../../lib/signedMedia.ts';
import { attachmentDisposition } from '../library/learner.ts';

export const SIGNED_MEDIA_PREFIX = '/files/media/';
/** what the portal shows in place (players, the PDF viewer, images); anything else is a download */
const INLINE = /\.(mp4|webm|mp3|wav|ogg|m4a|pdf|png|jpe?g|gif|webp)$/i;

/**
 * docs/security.md "Signed media": restricted media (a training's files, library files,
 * podcast audio, webcast materials) by a signed, short-lived URL that an authorised answer
 * gave — with byte ranges for the players and the PDF viewer. The grant is the authorisation:
 * no bearer token is needed (a <video> or <object> sends none). Documents that could run
 * (HTML, SVG, XML) and package files are the content origin's, never served here.
 */
const signedMedia: FastifyPluginAsyncTypebox = async (app) => {
  app.get(`${SIGNED_MEDIA_PREFIX}*`, { config: { access: 'public' }, schema: { response: { 200: FileAnswer, 206: FileAnswer } } }, async (request, reply) => {
    const { token, rest } = splitGranted(request.url.split('?')[0]!.slice(`/api${SIGNED_MEDIA_PREFIX}`.length));
    const grant = verifyGrant(app.mediaSecret, token);
    if (!grant || grant.d.startsWith('packages/') || grant.s) throw mediaNotFound();
    const key = grantedKey(grant, rest);
    if (isActiveDocument(key)) throw mediaNotFound();
    const name = key.split('/').pop()!;
    return sendStored(app.storage, request, reply, key, {
      'Cache-Control': `private, max-age=${grantMaxAge(grant)}`,
      'Content-Disposition': INLINE.test(name) ? `inline; filename="${name}"` : attachmentDisposition(name),
      // players and viewers of a page on another host of this server (PUBLIC_URL vs the address opened)
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });
};
export default signedMedia;
