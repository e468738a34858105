/**
 * A realtime client for component tests (as react-admin's testDataProvider is for data): it
 * records what a screen follows, and lets the test play the server — snapshots, published
 * messages, refusals and the connection's state.
 */
import type { ChannelHandlers, RealtimeClient, RealtimeStatus } from '../client/realtimeClient.ts';

export interface FakeRealtimeClient extends RealtimeClient {
  /** channels followed now */
  channels(): string[];
  /** presence channels held now */
  presences(): string[];
  snapshot(channel: string, data: unknown): void;
  publish(channel: string, data: unknown): void;
  refuse(channel: string, code: string): void;
  setStatus(status: RealtimeStatus): void;
}

export function createFakeRealtimeClient(initial: RealtimeStatus = 'open'): FakeRealtimeClient {
  const handlers = new Map<string, Set<ChannelHandlers>>();
  const presences = new Map<string, number>();
  const listeners = new Set<(status: RealtimeStatus) => void>();
  let status = initial;
  const each = (channel: string, call: (h: ChannelHandlers) => void) => {
    for (const h of [...(handlers.get(channel) ?? [])]) call(h);
  };
  return {
    subscribe(channel, h) {
      const set = handlers.get(channel) ?? new Set();
      set.add(h);
      handlers.set(channel, set);
      return () => {
        set.delete(h);
        if (set.size === 0) handlers.delete(channel);
      };
    },
    presence(channel) {
      presences.set(channel, (presences.get(channel) ?? 0) + 1);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const left = (presences.get(channel) ?? 1) - 1;
        if (left > 0) presences.set(channel, left);
        else presences.delete(channel);
      };
    },
    status: () => status,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      handlers.clear();
      presences.clear();
    },
    channels: () => [...handlers.keys()],
    presences: () => [...presences.keys()],
    snapshot: (channel, data) => each(channel, (h) => h.snapshot?.(data)),
    publish: (channel, data) => each(channel, (h) => h.message?.(data)),
    refuse: (channel, code) => each(channel, (h) => h.error?.(code)),
    setStatus(next) {
      status = next;
      for (const listener of [...listeners]) listener(next);
    },
  };
}
