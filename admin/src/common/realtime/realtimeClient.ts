import { createRealtimeClient, realtimeUrl, type RealtimeClient } from '@lp/shared/client';
import { REALTIME_TICKET_PATH, type RealtimeTicket } from '@lp/shared/contract';
import { apiClient } from '../../apiClient.ts';

/**
 * The control panel's one realtime connection (DESIGN "Realtime"): opened while a screen
 * follows a channel, each connection with a fresh ticket asked through the api client (which
 * refreshes the session when it has to).
 */
export const realtimeClient: RealtimeClient = createRealtimeClient({
  url: () => realtimeUrl(window.location),
  getTicket: async () => (await apiClient.json<RealtimeTicket>(REALTIME_TICKET_PATH, { method: 'POST' })).ticket,
});
