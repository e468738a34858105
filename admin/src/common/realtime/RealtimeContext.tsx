import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ChannelHandlers, RealtimeClient, RealtimeStatus } from '@lp/shared/client';
import { realtimeClient } from './realtimeClient.ts';

const RealtimeContext = createContext<RealtimeClient>(realtimeClient);

/** Screens read the client from here, so that tests can give them a fake one. */
export function RealtimeProvider({ client, children }: { client: RealtimeClient; children: ReactNode }) {
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export const useRealtime = (): RealtimeClient => useContext(RealtimeContext);

/** The connection's state, for a "reconnecting" notice. */
export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtime();
  const [status, setStatus] = useState(client.status());
  useEffect(() => {
    setStatus(client.status());
    return client.onStatus(setStatus);
  }, [client]);
  return status;
}

/**
 * Follows a channel while mounted. `handlers` is read on every event, so it may be a new
 * object each render without resubscribing.
 */
export function useChannel(channel: string | null, handlers: ChannelHandlers): void {
  const client = useRealtime();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!channel) return undefined;
    return client.subscribe(channel, {
      snapshot: (data) => latest.current.snapshot?.(data),
      message: (data) => latest.current.message?.(data),
      error: (code) => latest.current.error?.(code),
    });
  }, [client, channel, latest]);
}
