import { useMemo } from 'react';
import {
  WEBCAST_CHAT_PATHS, WEBCAST_PATHS, type ChatMessage, type Webcast, type WebcastDuplicated, type WebcastGuestReport,
} from '@lp/shared/contract';
import type { ChatMove } from '@lp/shared/rules';
import { useContractHttp } from '../../common/http/index.ts';

/** The webcast editor's own calls beside the webcasts resource (spec 2 §7.3). */
export function useWebcastActions() {
  const http = useContractHttp();
  return useMemo(() => ({
    /** GET W/duplicate/ → the copy's id */
    duplicate: (webcastId: number) => http.json<WebcastDuplicated>(WEBCAST_PATHS.duplicate(webcastId), 'GET'),
    /** End webcast: PUT W/ as a multipart form with status 4; arrays as repeated fields */
    end: async (webcastId: number, fields: Record<string, string | number | Array<string | number>>) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(key, String(item));
      return (await http.fetch(WEBCAST_PATHS.item(webcastId), { method: 'PUT', body: form })).json as Webcast;
    },
    /** the guest list as a file: its address is produced first, then fetched with the bearer token */
    guestList: async (webcastId: number) => {
      const { path_url: url } = await http.json<WebcastGuestReport>(WEBCAST_PATHS.guestReport(webcastId), 'GET');
      return http.file(url.replace(/^\/api(?=\/)/, ''));
    },
    /** POST (form message_id): a pending chat message made public, or refused */
    moveChatMessage: (webcastId: number, move: ChatMove, messageId: number) =>
      http.form<ChatMessage>(WEBCAST_CHAT_PATHS[move](webcastId), 'POST', { message_id: messageId }),
    /** POST (form message): the moderation side's own message, public at once */
    sendChatMessage: (webcastId: number, message: string) =>
      http.form<ChatMessage>(WEBCAST_CHAT_PATHS.send(webcastId), 'POST', { message }),
  }), [http]);
}
