import type { SignallingSocket, SocketFactory } from '../browser/signalling.ts';
import type { StreamingEngine } from './engine.ts';

/**
 * The signalling socket without a network, for the ingest's tests: what the client sends
 * reaches engine.acceptSignalling and the answers come back, asynchronously as over a socket.
 */
export function memorySignalling(engine: StreamingEngine): SocketFactory & { closeAll(): void } {
  const open: Array<() => void> = [];
  const factory = (() => {
    const serverListeners: Array<(text: string) => void> = [];
    const closeListeners: Array<() => void> = [];
    let closed = false;
    const client: SignallingSocket = {
      onopen: null,
      onmessage: null,
      onerror: null,
      onclose: null,
      send: (text) => queueMicrotask(() => serverListeners.forEach((listener) => listener(text))),
      close: () => shut(),
    };
    function shut() {
      if (closed) return;
      closed = true;
      queueMicrotask(() => {
        client.onclose?.({});
        closeListeners.forEach((listener) => listener());
      });
    }
    engine.acceptSignalling({
      send: (text) => queueMicrotask(() => client.onmessage?.({ data: text })),
      close: () => shut(),
      onMessage: (listener) => serverListeners.push(listener),
      onClose: (listener) => closeListeners.push(listener),
    });
    open.push(shut);
    queueMicrotask(() => client.onopen?.({}));
    return client;
  }) as unknown as SocketFactory & { closeAll(): void };
  factory.closeAll = () => open.splice(0).forEach((shut) => shut());
  return factory;
}
