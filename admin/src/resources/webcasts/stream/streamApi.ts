import { HttpError } from 'react-admin';
import {
  STREAMING_PATHS, WEBCAST_SDP_FIELD, type DownloadStreamingAnswer, type StreamingSdpAnswer, type StreamingStateAnswer,
} from '@lp/shared/contract';
import type { StudioApi } from '@lp/streaming';
import type { ContractHttp } from '../../../common/http/index.ts';

/** The studio's calls (spec 2 §7.3 "Streaming") over the admin's one HTTP client. */
export function streamApi(http: ContractHttp, webcastId: number): StudioApi {
  const get = <T>(path: string) => http.json<T>(path, 'GET');
  return {
    startStreaming: () => get<StreamingStateAnswer>(STREAMING_PATHS.startStreaming(webcastId)),
    streamingState: () => get<StreamingStateAnswer>(STREAMING_PATHS.streamingState(webcastId)),
    streamingIsLive: () => get(STREAMING_PATHS.streamingIsLive(webcastId)),
    stopStreaming: () => get<StreamingStateAnswer>(STREAMING_PATHS.stopStreaming(webcastId)),
    async downloadStreaming() {
      // the only success the server sends is 202 Accepted; any error keeps its status
      try {
        const body = await get<DownloadStreamingAnswer>(STREAMING_PATHS.downloadStreaming(webcastId));
        return { status: 202, body };
      } catch (error) {
        return { status: error instanceof HttpError ? error.status : 0 };
      }
    },
    async configStreaming(fields) {
      await http.form(STREAMING_PATHS.configStreaming(webcastId), 'POST', fields);
    },
    async sdp() {
      return (await get<StreamingSdpAnswer>(STREAMING_PATHS.streamingSdp(webcastId)))[WEBCAST_SDP_FIELD];
    },
  };
}
