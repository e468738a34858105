/** spec 2 §2.5 webcast editor tabs, in order; each is a URL segment after the webcast id. */
export const WEBCAST_TABS = [
  'event_data',
  'subscribers',
  'tests',
  'support_material',
  'reaction_tests',
  'stream',
  'chat_moderation',
  'comments',
] as const;
export type WebcastTab = (typeof WEBCAST_TABS)[number];

/** spec 2 §4.12 "Webcast types seen": 2 is browser streaming. */
const BROWSER_STREAMING = 2;

export interface WebcastTabState {
  /** the route names a saved webcast (id ≠ 0) */
  saved: boolean;
  webcastType: number | null | undefined;
  useChat: boolean | undefined;
  /** the client's use_comments_webcast (true when no client is found) */
  useComments: boolean;
}

/** Whether the id in the route names a saved webcast (spec 2 §2.2: 0, or no id, is a new one). */
export const isSavedWebcastId = (id: string | number | undefined): boolean => !!id && id !== 'create' && Number(id) > 0;

/**
 * spec 2 §2.5 tab rules: event_data always; subscribers, tests, support_material and
 * reaction_tests when the id is not 0; stream when also the type is 2; chat_moderation when
 * also use_chat; comments with use_comments_webcast — for a saved webcast, whose comments exist.
 */
export function visibleWebcastTabs(state: WebcastTabState): WebcastTab[] {
  if (!state.saved) return ['event_data'];
  return WEBCAST_TABS.filter((tab) => {
    switch (tab) {
      case 'stream': return state.webcastType === BROWSER_STREAMING;
      case 'chat_moderation': return state.useChat === true;
      case 'comments': return state.useComments;
      default: return true;
    }
  });
}
