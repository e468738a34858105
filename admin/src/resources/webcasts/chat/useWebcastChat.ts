import { useCallback, useState } from 'react';
import {
  applyChatMessage, CHAT_SNAPSHOT_LIMIT, chatStateOf, webcastChatChannel, webcastOnlineChannel, type ChatChannelType,
} from '@lp/shared/rules';
import type { ChatChannelEvent, ChatMessage, PresenceCount } from '@lp/shared/contract';
import { useChannel } from '../../../common/realtime/RealtimeContext.tsx';

export type ChatColumns = Record<ChatChannelType, ChatMessage[]>;

const EMPTY: ChatColumns = { moderation: [], public: [], disapproved: [] };

/**
 * The three moderation columns of a webcast (spec 2 §2.5), live: each starts from its
 * channel's snapshot and every change is applied to all three (a move leaves one column and
 * enters another). `apply` puts a call's answer in place at once; the channel's copy of the
 * same change that follows is a no-op.
 */
export function useChatColumns(webcastId: number) {
  const [columns, setColumns] = useState<ChatColumns>(EMPTY);
  const [loaded, setLoaded] = useState<Record<ChatChannelType, boolean>>({ moderation: false, public: false, disapproved: false });
  const [error, setError] = useState<string | null>(null);

  const apply = useCallback((message: ChatMessage) => {
    setColumns((current) => ({
      moderation: applyChatMessage(current.moderation, message, ['pending'], CHAT_SNAPSHOT_LIMIT),
      public: applyChatMessage(current.public, message, ['public'], CHAT_SNAPSHOT_LIMIT),
      disapproved: applyChatMessage(current.disapproved, message, ['disapproved'], CHAT_SNAPSHOT_LIMIT),
    }));
  }, []);

  const follow = (type: ChatChannelType) => ({
    snapshot: (data: unknown) => {
      const messages = (data as { messages?: ChatMessage[] } | null)?.messages ?? [];
      setColumns((current) => ({ ...current, [type]: messages.filter((m) => m.state === chatStateOf(type)) }));
      setLoaded((current) => ({ ...current, [type]: true }));
    },
    message: (data: unknown) => apply((data as ChatChannelEvent).message),
    error: setError,
  });
  useChannel(webcastChatChannel(webcastId, 'moderation'), follow('moderation'));
  useChannel(webcastChatChannel(webcastId, 'public'), follow('public'));
  useChannel(webcastChatChannel(webcastId, 'disapproved'), follow('disapproved'));

  return { columns, loaded, error, apply };
}

/** spec 2 §2.5 'online_users: N' (spec 2 §7.3 webcast_user_online where st == 'on' and we == id); null until known. */
export function useOnlineUsers(webcastId: number): number | null {
  const [count, setCount] = useState<PresenceCount | null>(null);
  const take = (data: unknown) => {
    const next = data as PresenceCount;
    // a count made earlier on another node never replaces a newer one
    setCount((current) => (current && current.v > next.v ? current : next));
  };
  useChannel(webcastOnlineChannel(webcastId), {
    // a snapshot is the count now, whatever version it carries
    snapshot: (data) => setCount(data as PresenceCount),
    message: take,
  });
  return count?.online ?? null;
}
