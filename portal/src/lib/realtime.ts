import { createRealtimeClient, realtimeUrl, type RealtimeClient } from '@lp/shared/client';
import { REALTIME_TICKET_PATH, type RealtimeTicket } from '@lp/shared/contract';
import { api } from './api.ts';

let client: RealtimeClient | null = null;

/**
 * The portal's one realtime connection (DESIGN "Realtime"), made on first use: only the pages
 * that follow something live (the webcast watch page) import this, so it stays out of the
 * first load.
 */
export function realtime(): RealtimeClient {
  client ??= createRealtimeClient({
    url: () => realtimeUrl(window.location),
    getTicket: async () => (await api.json<RealtimeTicket>(REALTIME_TICKET_PATH, { method: 'POST' })).ticket,
  });
  return client;
}
