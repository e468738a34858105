import type { SignallingAnswer, SignallingOffer, SignallingStreamInfo } from '@lp/shared/contract';

/**
 * spec 2 §7.3 "Socket to the webcast's sdp_url": sends
 * {direction:'publish', command:'sendOffer', streamInfo:{applicationName, streamName, sessionId}, sdp, userData}
 * and reads status, statusDescription, sdp and iceCandidates. The socket stays open while
 * publishing, so the server learns at once when the publisher goes away.
 */

/** The part of a WebSocket the client uses (the browser's, or a fake in tests). */
export interface SignallingSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
}
export type SocketFactory = (url: string) => SignallingSocket;

/**
 * spec 2 §8: a status other than 200 shows the server's statusDescription; a socket error
 * shows 'WebSocket connection failed: {url}'. Either way publishing stops.
 */
export class SignallingError extends Error {
  constructor(
    readonly kind: 'status' | 'connection',
    message: string,
    readonly url: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SignallingError';
  }
}

export const connectionFailedMessage = (url: string) => `WebSocket connection failed: ${url}`;

/** DOM-free shapes (the ingest's Node publisher uses this client too); the browser's types accept them. */
export interface AnswerDescription {
  type: 'answer';
  sdp: string;
}
export interface IceCandidateText {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}

export interface PublishAnswer {
  sdp: AnswerDescription;
  iceCandidates: IceCandidateText[];
  streamInfo: SignallingStreamInfo;
}

export interface SendOfferInput {
  url: string;
  streamInfo: SignallingStreamInfo;
  /** the rewritten offer (spec 2 §7.3) */
  sdp: string;
  userData?: Record<string, unknown>;
  /** how long to wait for the answer */
  timeoutMs?: number;
}

/** One publish session's socket: the answer, then a close notice. */
export class SignallingSession {
  private closed = false;
  private closeListeners: Array<() => void> = [];

  private constructor(private readonly socket: SignallingSocket) {}

  static sendOffer(open: SocketFactory, input: SendOfferInput): Promise<{ session: SignallingSession; answer: PublishAnswer }> {
    return new Promise((resolve, reject) => {
      let socket: SignallingSocket;
      try {
        socket = open(input.url);
      } catch {
        reject(new SignallingError('connection', connectionFailedMessage(input.url), input.url));
        return;
      }
      const session = new SignallingSession(socket);
      let answered = false;
      const fail = (error: SignallingError) => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        session.close();
        reject(error);
      };
      const timer = setTimeout(() => fail(new SignallingError('connection', connectionFailedMessage(input.url), input.url)), input.timeoutMs ?? 15_000);

      socket.onopen = () => {
        const offer: SignallingOffer = {
          direction: 'publish',
          command: 'sendOffer',
          streamInfo: input.streamInfo,
          sdp: { type: 'offer', sdp: input.sdp },
          userData: input.userData ?? {},
        };
        socket.send(JSON.stringify(offer));
      };
      socket.onerror = () => fail(new SignallingError('connection', connectionFailedMessage(input.url), input.url));
      socket.onclose = () => {
        if (!answered) fail(new SignallingError('connection', connectionFailedMessage(input.url), input.url));
        else session.markClosed();
      };
      socket.onmessage = (event) => {
        if (answered) return;
        let message: SignallingAnswer;
        try {
          message = JSON.parse(String(event.data)) as SignallingAnswer;
        } catch {
          fail(new SignallingError('status', 'Invalid answer from the streaming server', input.url));
          return;
        }
        if (Number(message.status) !== 200) {
          fail(new SignallingError('status', message.statusDescription || `Status ${message.status}`, input.url, Number(message.status)));
          return;
        }
        if (!message.sdp?.sdp) {
          fail(new SignallingError('status', message.statusDescription || 'No session description', input.url, 200));
          return;
        }
        answered = true;
        clearTimeout(timer);
        resolve({
          session,
          answer: {
            sdp: { type: 'answer', sdp: message.sdp.sdp },
            iceCandidates: (message.iceCandidates ?? []).filter((c) => c && c.candidate),
            streamInfo: message.streamInfo ?? input.streamInfo,
          },
        });
      };
    });
  }

  /** Called once when the socket closes after the answer (the server ended the session). */
  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  private markClosed() {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.closeListeners.splice(0)) listener();
  }

  close(): void {
    this.closeListeners = [];
    this.closed = true;
    try {
      this.socket.close();
    } catch {
      // already closed
    }
  }
}
