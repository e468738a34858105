import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FileAnswer, NoContent, STREAMING_PATHS } from '@lp/shared/contract';
import { NotLiveError, UnplayableOfferError, ViewerLimitError } from '@lp/streaming/server';
import { HttpError, Unavailable } from '../../lib/httpError.ts';
import { hasRunningSession } from '../../repositories/streaming.ts';
import { grantExpiry } from '../../lib/signedMedia.ts';
import { signWhepGrant, verifyWhepGrant, WHEP_GRANT_SECONDS } from '../../lib/whepGrant.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** An SDP offer is a few kilobytes; nothing larger is read. */
const SDP_LIMIT = 64 * 1024;

/**
 * The WHEP address of a live webcast for a caller the watch page has just let watch it (the same
 * check that gives the live HLS address), or null when nobody publishes it over the browser ingest.
 * The ingest may run on another node: the webcast id in the path lets the proxy take the offer
 * there (docs/production.md "Topology"). A full node is no reason to withhold it: the offer is then
 * refused with Retry-After and the player plays HLS meanwhile (portal video-player/webrtcRetry.ts),
 * where a null address would move even a viewer playing WebRTC to HLS on the page's next refresh.
 */
export async function webrtcPlaybackUrl(app: FastifyInstance, request: FastifyRequest, webcastId: number): Promise<string | null> {
  if (!app.streaming.isPublishing(webcastId) && !(await hasRunningSession(app.db, webcastId, new Date()))) return null;
  // the same expiry for every answer within a step: a refetched answer keeps the same address
  const grant = signWhepGrant(app.mediaSecret, { w: webcastId, e: grantExpiry(WHEP_GRANT_SECONDS) });
  return `${app.origins(request).app}/api${STREAMING_PATHS.whep(webcastId, grant)}`;
}

/**
 * When a refused viewer (who plays HLS meanwhile) may offer again: a joining slot frees within a
 * negotiation (about a second), a busy ingest's loop is measured again every second, a seat frees
 * only when someone leaves. The player spreads its retries beyond this (portal
 * video-player/webrtcRetry.ts).
 */
const RETRY_AFTER_SECONDS = { joining: 3, busy: 5, full: 30 } as const;

const GrantParams = Type.Object({ webcast: Type.Integer({ minimum: 1 }), grant: Type.String({ maxLength: 512 }) });
const SessionParams = Type.Object({ ...GrantParams.properties, viewerId: Type.String({ pattern: '^[0-9a-f]{24}$' }) });

/**
 * WebRTC playback of a live webcast (WHEP, RFC 9725; streaming/README "Low-latency playback";
 * docs/api.md "Webcasts: streaming"): the viewer POSTs its SDP offer and gets the answer (201,
 * application/sdp, the session's Location); DELETE on the Location hangs up. A browser's
 * request carries no session here, so the signed grant in the path is the access key; the webcast
 * id before it routes the calls to the ingest's node and must be the grant's.
 */
const whep: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser('application/sdp', { parseAs: 'string', bodyLimit: SDP_LIMIT }, (_request, body, done) => done(null, body));

  /** The grant is the authority: the webcast id beside it (for the proxy) must be the grant's own. */
  function grantOr403(params: { webcast: number; grant: string }) {
    const claims = verifyWhepGrant(app.mediaSecret, params.grant);
    if (!claims || claims.w !== params.webcast) throw new HttpError(403, 'playback_grant_invalid', 'The playback address is invalid or expired: reload the page');
    return claims;
  }

  app.post(STREAMING_PATHS.whep(':webcast', ':grant'), {
    config: { access: 'public' },
    // the answer is SDP text (application/sdp; Location names the playback session)
    schema: { params: GrantParams, response: { 201: FileAnswer } },
  }, async (request, reply) => {
    const { w: webcastId } = grantOr403(request.params);
    // RFC 9725 §4.2: the offer is application/sdp; another type (JSON parsed by Fastify) is refused as such
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (mediaType !== 'application/sdp') throw new HttpError(415, 'sdp_offer_invalid', 'A WHEP offer is sent as application/sdp');
    const offer = typeof request.body === 'string' ? request.body : '';
    if (!offer.startsWith('v=0')) throw new HttpError(400, 'sdp_offer_invalid', 'The body is not an SDP offer');
    try {
      const { viewerId, answer } = await app.streaming.watch(webcastId, offer);
      return reply.status(201)
        .header('content-type', 'application/sdp')
        .header('location', `/api${STREAMING_PATHS.whepSession(webcastId, request.params.grant, viewerId)}`)
        .header('cache-control', 'no-store')
        .send(answer);
    } catch (error) {
      if (error instanceof NotLiveError) throw new HttpError(404, 'webcast_not_live', error.message);
      if (error instanceof ViewerLimitError) throw new Unavailable('webrtc_viewers_full', error.message, RETRY_AFTER_SECONDS[error.reason]);
      if (error instanceof UnplayableOfferError) throw new HttpError(406, 'sdp_offer_unplayable', error.message);
      throw error;
    }
  });

  app.delete(STREAMING_PATHS.whepSession(':webcast', ':grant', ':viewerId'), {
    config: { access: 'public' },
    schema: { params: SessionParams, response: { 200: NoContent } },
  }, async (request, reply) => {
    const { w: webcastId } = grantOr403(request.params);
    if (!(await app.streaming.leave(webcastId, request.params.viewerId))) throw new HttpError(404, 'not_found', 'No such playback session');
    return reply.status(200).send();
  });
};
export default whep;
