import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConfigStreamingBody, DownloadStreamingAnswer, STREAMING_PATHS, StreamingIsLiveAnswer, StreamingSdpAnswer, StreamingStateAnswer,
  WEBCAST_SDP_FIELD, type WebcastSdp,
} from '@lp/shared/contract';
import { WEBCAST_STATUS, WEBCAST_TYPE } from '@lp/shared/rules';
import { StreamingUnavailableError, livePrefix } from '@lp/streaming/server';
import type { Config } from '../../config.ts';
import type { WebcastRow } from '../../db/tables/webcast.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { authOf } from '../../plugins/app/auth.ts';
import {
  completeTransmission, findTranscoder, markConverting, recordedSessions, reopenTransmission, saveTranscoder, streamFlags,
} from '../../repositories/streaming.ts';
import { hlsPlaybackUrl } from '../../repositories/webcasts.ts';
import type { Ingest } from '../../webcasts/ingestEngine.ts';
import { enqueueRecordingSave } from '../../webcasts/recordingSave.ts';
import { webcastAccess, webcastOr404 } from './common.ts';
import { IdParams } from '../../lib/params.ts';

/** spec 2 §7.3: the application the studio publishes to (Wowza's term; one for all webcasts). */
export const STREAMING_APPLICATION = 'webcasts';

/**
 * The signalling socket's address: the origin the studio was opened from in ws(s) (the studio
 * on 127.0.0.1 or a LAN address must reach this server where it is), or
 * STREAMING_SIGNALLING_URL for an external engine. Ours names the webcast in its query: the
 * ingest lives in one node's engine, and behind a proxy that is how the socket is routed to the
 * node its streaming calls go to (docs/production.md "Topology"); the server itself ignores it.
 */
export function signallingUrl(config: Pick<Config, 'streamingSignallingUrl'>, appOrigin: string, webcastId: number): string {
  return config.streamingSignallingUrl ?? `${appOrigin.replace(/^http/i, 'ws')}/api${STREAMING_PATHS.signalling}?webcast=${webcastId}`;
}

/** spec 2 §3.11 webcast_{vendor}_sdp of a webcast: where and under which names to publish. */
export function webcastSdp(config: Pick<Config, 'streamingSignallingUrl'>, appOrigin: string, engine: Pick<Ingest, 'streamName'>, webcastId: number): WebcastSdp {
  return {
    sdp_url: signallingUrl(config, appOrigin, webcastId),
    application_name: STREAMING_APPLICATION,
    // the publish secret of the running transmission; empty while offline
    stream_name: engine.streamName(webcastId) ?? '',
  };
}

function browserStreaming(row: WebcastRow) {
  if (row.webcast_type_id !== WEBCAST_TYPE.browserStreaming) {
    throw new HttpError(400, 'webcast_not_browser_streaming', 'Only browser-streaming webcasts (type 2) stream from here');
  }
}

/**
 * Browser streaming (spec 2 §2.6, §4.14, §7.3 "Streaming"): the streaming
 * server's calls, the signalling socket at sdp_url, and the saving of the recording. The
 * ingest itself is @lp/streaming/server, one engine per node (in its own process, webcasts/ingestProcess.ts); its events land in the
 * webcast's row. docs/api.md "Webcasts: streaming".
 */
const streaming: FastifyPluginAsyncTypebox = async (app) => {
  const engine = app.streaming;
  const { write } = webcastAccess();
  const params = IdParams;

  async function stateAnswer(webcastId: number, meta?: StreamingStateAnswer['meta']): Promise<StreamingStateAnswer> {
    return {
      live_stream: { state: engine.state(webcastId), publishing: engine.isPublishing(webcastId) },
      ...(meta ? { meta } : {}),
      ...(await streamFlags(app.db, webcastId)),
    };
  }

  async function streamingWebcast(request: Parameters<typeof webcastOr404>[1], id: number) {
    const row = await webcastOr404(app.db, request, id);
    browserStreaming(row);
    return row;
  }

  app.get(STREAMING_PATHS.startStreaming(':id'), {
    config: { access: write }, schema: { params, response: { 200: StreamingStateAnswer } },
  }, async (request) => {
    const row = await streamingWebcast(request, request.params.id);
    let opened: { started: boolean };
    try {
      opened = await engine.start(row.id, { applicationName: STREAMING_APPLICATION, transcoder: await findTranscoder(app.db, row.id) });
    } catch (error) {
      if (error instanceof StreamingUnavailableError) throw new HttpError(503, 'streaming_unavailable', error.message);
      throw error;
    }
    if (!opened.started) {
      // spec 2 §4.14 step 2 "If the answer has meta, the server is online"
      return stateAnswer(row.id, { status: 422, code: 'already_started', message: 'The transmission is already running' });
    }
    await reopenTransmission(app.db, row.id);
    return stateAnswer(row.id);
  });

  app.get(STREAMING_PATHS.streamingState(':id'), {
    config: { access: write }, schema: { params, response: { 200: StreamingStateAnswer } },
  }, async (request) => {
    const row = await streamingWebcast(request, request.params.id);
    return stateAnswer(row.id);
  });

  app.get(STREAMING_PATHS.streamingIsLive(':id'), {
    config: { access: write }, schema: { params, response: { 200: StreamingIsLiveAnswer } },
  }, async (request) => {
    const row = await streamingWebcast(request, request.params.id);
    const current = await webcastOr404(app.db, request, row.id);
    return { is_live: engine.isPublishing(row.id), webcast_player_hls_playback_url: hlsPlaybackUrl(app.origins(request).app, current.hls_path) };
  });

  app.get(STREAMING_PATHS.stopStreaming(':id'), {
    config: { access: write }, schema: { params, response: { 200: StreamingStateAnswer } },
  }, async (request) => {
    const row = await streamingWebcast(request, request.params.id);
    // the publisher's session ends first: ffmpeg writes its last segment and exits
    await engine.stop(row.id, 'stopped');
    await completeTransmission(app.db, row.id, livePrefix(row.id));
    return stateAnswer(row.id);
  });

  app.get(STREAMING_PATHS.downloadStreaming(':id'), {
    config: { access: write }, schema: { params, response: { 202: DownloadStreamingAnswer } },
  }, async (request, reply) => {
    const row = await streamingWebcast(request, request.params.id);
    if (row.status !== WEBCAST_STATUS.converting) {
      const flags = await streamFlags(app.db, row.id);
      if (!flags.transmission_completed || engine.state(row.id) !== 'stopped') {
        throw new HttpError(409, 'transmission_not_completed', 'End the transmission before saving its video');
      }
      if ((await recordedSessions(app.db, row.id)).length === 0) {
        throw new HttpError(409, 'recording_not_found', 'Nothing was recorded');
      }
      await markConverting(app.db, row.id);
    }
    await enqueueRecordingSave(app, row.id);
    const flags = await streamFlags(app.db, row.id);
    return reply.status(202).send({ status: flags.status, transmission_downloaded: flags.transmission_downloaded });
  });

  app.post(STREAMING_PATHS.configStreaming(':id'), {
    config: { access: write }, schema: { params, body: ConfigStreamingBody, response: { 200: ConfigStreamingBody } },
  }, async (request) => {
    const row = await streamingWebcast(request, request.params.id);
    const transcoder = await saveTranscoder(app.db, row.id, request.body, authOf(request).user.id);
    // the running transmission takes it at its next publish session
    engine.configure(row.id, transcoder);
    return request.body;
  });

  app.get(STREAMING_PATHS.streamingSdp(':id'), {
    config: { access: write }, schema: { params, response: { 200: StreamingSdpAnswer } },
  }, async (request) => {
    const row = await streamingWebcast(request, request.params.id);
    return { [WEBCAST_SDP_FIELD]: webcastSdp(app.config, app.origins(request).app, engine, row.id) };
  });

  // spec 2 §7.3 the socket at sdp_url; the stream name (a secret per transmission) is its access key,
  // since a browser WebSocket carries no Authorization header
  app.get(STREAMING_PATHS.signalling, { websocket: true, config: { access: 'public' } }, (socket) => {
    engine.acceptSignalling({
      send: (text) => socket.send(text),
      close: () => socket.close(),
      onMessage: (listener) => socket.on('message', (data) => listener(String(data))),
      onClose: (listener) => socket.on('close', listener),
    });
  });
};
export default streaming;
