/**
 * The message paths (contract/messages.ts), apart from the schemas: the portal's shell asks for the
 * unread count on every page, and a module of plain strings brings no TypeBox into the first load.
 */
import { MAILING_LIST_CONFIG_PATH, MESSAGES_PATH } from './collections.ts';

const MESSAGES = MESSAGES_PATH;

export const MESSAGE_PATHS = {
  collection: MESSAGES,
  item: (id: number | string) => `${MESSAGES}${id}/`,
  /** the recipients with their read and e-mail status (both list envelopes) */
  recipients: (id: number | string) => `${MESSAGES}${id}/recipients/`,
  /** a message in send fail: try the e-mails that failed again */
  retry: (id: number | string) => `${MESSAGES}${id}/retry/`,
  /** GET / PUT: the selected client's mailing list configuration (title slug mailing_list) */
  mailingListConfig: MAILING_LIST_CONFIG_PATH,
  /** learner */
  learnerMessages: '/messages/',
  learnerMessage: (id: number | string) => `/messages/${id}/`,
  learnerRead: (id: number | string) => `/messages/${id}/read/`,
  learnerUnread: '/messages/unread_count/',
} as const;
