/**
 * The realtime hub of one node (DESIGN "Realtime"; protocol in shared/src/contract/realtime.ts): the
 * sockets connected here, what each subscribed to, and the presences they hold. Areas define
 * channel kinds (who may subscribe, what a subscriber starts from); everything published goes
 * through the bus, so a message published on any node reaches the subscribers of every node.
 */
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  parseClientFrame, presenceTtlMs, REALTIME_CLOSE, REALTIME_DEFAULTS, type ErrorCode, type PresenceCount, type RealtimeClientFrame,
  type RealtimeServerFrame,
} from '@lp/shared/contract';
import { ChannelBatcher } from './batcher.ts';
import type { Bus } from './bus.ts';
import { presenceMember } from './presence.ts';
import type { ChannelDefinition, HubOptions, SessionFilter, SocketAuth } from './channels.ts';

export type { ChannelDefinition, HubOptions, SessionFilter, SocketAuth } from './channels.ts';

/** The bus channel nodes tell each other about ended sessions on (no channel kind starts with '#'). */
const SESSIONS_CHANNEL = '#sessions';

interface Subscription {
  /** frames held back while the snapshot is read; null once it was sent */
  held: Buffer[] | null;
  /** presence channels: the version of the last count this subscriber got */
  v: number;
}

interface Connection {
  id: string;
  socket: WebSocket;
  auth: SocketAuth | null;
  subs: Map<string, Subscription>;
  presences: Set<string>;
  lastSeen: number;
  closed: boolean;
  /** frames are handled one after another, in the order they came */
  chain: Promise<void>;
  authTimer: ReturnType<typeof setTimeout> | null;
}

const OPEN = 1;
export class RealtimeHub {
  readonly heartbeatMs: number;
  readonly ttlMs: number;
  private readonly defs = new Map<string, ChannelDefinition<never>>();
  private readonly connections = new Set<Connection>();
  /** channel → the connections of this node subscribed to it */
  private readonly local = new Map<string, Set<Connection>>();
  /** channel → the bus subscription of this node (resolves once it delivers) */
  private readonly busReady = new Map<string, Promise<void>>();
  private readonly batcher: ChannelBatcher;
  private readonly maxBuffered: number;
  private readonly now: () => number;
  private readonly sweeper: ReturnType<typeof setInterval>;
  private closing = false;
  private sweeping = false;
  private seq = 0;
  private readonly nodeId = randomBytes(6).toString('hex');
  private lastSessionCheck = 0;

  constructor(private readonly options: HubOptions) {
    this.heartbeatMs = options.heartbeatMs ?? REALTIME_DEFAULTS.heartbeatMs;
    this.ttlMs = presenceTtlMs(this.heartbeatMs);
    this.maxBuffered = options.maxBufferedBytes ?? 4 * 1024 * 1024;
    this.now = options.now ?? Date.now;
    this.batcher = new ChannelBatcher((channel, payload) => this.fanOut(channel, payload), options.maxBatchMs ?? 100, this.now);
    options.bus.onMessage((channel, json) => this.deliver(channel, json));
    // every node hears about ended sessions, whatever its sockets subscribed to
    options.bus.subscribe(SESSIONS_CHANNEL).catch((err: unknown) => options.log.error({ err }, 'realtime sessions channel subscribe failed'));
    this.sweeper = setInterval(() => void this.sweep(), Math.max(50, Math.floor(this.heartbeatMs / 2)));
    this.sweeper.unref();
  }

  get busKind(): Bus['kind'] {
    return this.options.bus.kind;
  }

  /** How many sockets this node holds (health, tests). */
  get connectionCount(): number {
    return this.connections.size;
  }

  define<P>(kind: string, definition: ChannelDefinition<P>): void {
    if (this.defs.has(kind)) throw new Error(`realtime channel kind ${kind} is defined twice`);
    this.defs.set(kind, definition as ChannelDefinition<never>);
  }

  /** Publishes to every subscriber of the channel, on every node. */
  async publish(channel: string, data: unknown): Promise<void> {
    await this.options.bus.publish(channel, JSON.stringify(data));
  }

  /**
   * Closes the sockets of ended sessions (logout, password change, block, deletion request) on
   * every node: called once the revocation is committed.
   */
  async endSessions(filter: SessionFilter): Promise<void> {
    await this.options.bus.publish(SESSIONS_CHANNEL, JSON.stringify(filter));
  }

  private closeSessions(filter: SessionFilter) {
    for (const conn of this.connections) {
      const auth = conn.auth;
      if (!auth) continue;
      const ended = 'familyId' in filter
        ? auth.familyId === filter.familyId
        : auth.userId === filter.userId && auth.familyId !== filter.exceptFamilyId;
      if (ended) conn.socket.close(REALTIME_CLOSE.authFailed, 'session_ended');
    }
  }

  async presenceCount(channel: string): Promise<PresenceCount> {
    return this.options.presence.count(channel, this.now());
  }

  /** A socket that has just been upgraded; `ticket` from the URL, or else the first frame must bring one. */
  accept(socket: WebSocket, ticket: string | undefined): void {
    this.seq += 1;
    const conn: Connection = {
      id: `${this.nodeId}-${this.seq.toString(36)}`,
      socket,
      auth: null,
      subs: new Map(),
      presences: new Set(),
      lastSeen: this.now(),
      closed: false,
      chain: Promise.resolve(),
      authTimer: null,
    };
    if (this.closing) {
      socket.close(REALTIME_CLOSE.goingAway, 'shutting down');
      return;
    }
    this.connections.add(conn);
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      const text = data.toString('utf8');
      this.enqueue(conn, () => this.onText(conn, text));
    });
    socket.on('close', () => this.drop(conn));
    socket.on('error', () => socket.terminate());
    if (ticket) this.enqueue(conn, () => this.authenticate(conn, ticket));
    else {
      conn.authTimer = setTimeout(() => {
        if (!conn.auth) socket.close(REALTIME_CLOSE.authTimeout, 'authentication timeout');
      }, REALTIME_DEFAULTS.authTimeoutMs);
      conn.authTimer.unref();
    }
  }

  private enqueue(conn: Connection, task: () => Promise<void>) {
    conn.chain = conn.chain.then(task).catch((err: unknown) => {
      if (!conn.closed && !this.closing) this.options.log.error({ err }, 'realtime frame failed');
    });
  }

  private send(conn: Connection, frame: RealtimeServerFrame) {
    if (!conn.closed && conn.socket.readyState === OPEN) conn.socket.send(JSON.stringify(frame));
  }

  private async authenticate(conn: Connection, ticket: string) {
    if (conn.auth || conn.closed) return;
    const auth = await this.options.resolveTicket(ticket);
    if (conn.closed) return;
    if (!auth || auth.expiresAt <= this.now()) {
      conn.socket.close(REALTIME_CLOSE.authFailed, 'realtime_ticket_invalid');
      return;
    }
    if (conn.authTimer) clearTimeout(conn.authTimer);
    conn.auth = auth;
    conn.lastSeen = this.now();
    this.send(conn, { type: 'ready', user_id: auth.userId, heartbeat_ms: this.heartbeatMs });
  }

  private async onText(conn: Connection, text: string) {
    if (conn.closed) return;
    if (text.length > REALTIME_DEFAULTS.maxPayloadBytes) {
      conn.socket.close(1009, 'frame too large');
      return;
    }
    const frame = parseClientFrame(text);
    if (!conn.auth) {
      if (frame?.type === 'auth') await this.authenticate(conn, frame.ticket);
      else conn.socket.close(REALTIME_CLOSE.authFailed, 'not_authenticated');
      return;
    }
    conn.lastSeen = this.now();
    if (!frame) {
      this.send(conn, { type: 'error', code: 'validation_error' });
      return;
    }
    await this.onFrame(conn, conn.auth, frame);
  }

  private async onFrame(conn: Connection, auth: SocketAuth, frame: RealtimeClientFrame) {
    switch (frame.type) {
      case 'ping':
        if (conn.presences.size > 0) {
          await this.options.presence.touch([...conn.presences].map((channel) => ({ channel, member: this.member(conn) })), this.now() + this.ttlMs);
        }
        this.send(conn, { type: 'pong' });
        return;
      case 'auth':
        return;
      case 'subscribe':
        await this.subscribe(conn, auth, frame.channel);
        return;
      case 'unsubscribe':
        this.unsubscribe(conn, frame.channel);
        this.send(conn, { type: 'unsubscribed', channel: frame.channel });
        return;
      case 'presence':
        await this.presence(conn, auth, frame.channel, frame.st === 'on');
        return;
      default:
    }
  }

  /** The definition and params of a channel name, or the code that refuses it. */
  private async resolve(auth: SocketAuth, channel: string): Promise<{ def: ChannelDefinition<never>; params: never } | { code: ErrorCode }> {
    const [kind = '', ...segments] = channel.split('/');
    const def = this.defs.get(kind);
    const params = def?.parse(segments) ?? null;
    if (!def || params === null) return { code: 'invalid_channel' };
    const code = await def.authorize(auth, params);
    return code ? { code } : { def, params };
  }

  private async subscribe(conn: Connection, auth: SocketAuth, channel: string) {
    if (!conn.subs.has(channel) && conn.subs.size >= REALTIME_DEFAULTS.maxSubscriptions) {
      this.send(conn, { type: 'error', channel, code: 'too_many_subscriptions' });
      return;
    }
    const found = await this.resolve(auth, channel);
    if (conn.closed) return;
    if ('code' in found) {
      this.send(conn, { type: 'error', channel, code: found.code });
      return;
    }
    // held from now on: whatever is published while the snapshot is read comes after it
    const sub: Subscription = { held: [], v: 0 };
    conn.subs.set(channel, sub);
    this.addLocal(channel, conn);
    await this.busReady.get(channel);
    let snapshot: unknown = null;
    if (found.def.presence) {
      const count = await this.options.presence.count(channel, this.now());
      sub.v = count.v;
      snapshot = count;
    } else if (found.def.snapshot) {
      snapshot = await found.def.snapshot(auth, found.params);
    }
    if (conn.closed || conn.subs.get(channel) !== sub) return;
    this.send(conn, { type: 'subscribed', channel, snapshot });
    const held = sub.held ?? [];
    sub.held = null;
    for (const frame of held) this.write(conn, frame);
  }

  private unsubscribe(conn: Connection, channel: string) {
    if (!conn.subs.delete(channel)) return;
    this.removeLocal(channel, conn);
  }

  private addLocal(channel: string, conn: Connection) {
    let set = this.local.get(channel);
    if (!set) {
      set = new Set();
      this.local.set(channel, set);
      this.busReady.set(channel, this.options.bus.subscribe(channel).catch((err: unknown) => {
        this.options.log.error({ err, channel }, 'realtime bus subscribe failed');
      }));
    }
    set.add(conn);
  }

  private removeLocal(channel: string, conn: Connection) {
    const set = this.local.get(channel);
    if (!set?.delete(conn) || set.size > 0) return;
    this.local.delete(channel);
    this.busReady.delete(channel);
    this.batcher.drop(channel);
    // commands on the subscriber connection run in order: a later subscribe wins over this
    this.options.bus.unsubscribe(channel).catch((err: unknown) => {
      if (!this.closing) this.options.log.warn({ err, channel }, 'realtime bus unsubscribe failed');
    });
  }

  private member(conn: Connection) {
    return presenceMember(conn.auth?.userId ?? 0, conn.id);
  }

  private async presence(conn: Connection, auth: SocketAuth, channel: string, on: boolean) {
    if (on) {
      const found = await this.resolve(auth, channel);
      if (conn.closed) return;
      if ('code' in found || !found.def.presence) {
        this.send(conn, { type: 'error', channel, code: 'code' in found ? found.code : 'invalid_channel' });
        return;
      }
      const now = this.now();
      const count = await this.options.presence.join(channel, this.member(conn), now + this.ttlMs, now);
      conn.presences.add(channel);
      // a connection that closed meanwhile has already left its other presences: leave this one too
      if (conn.closed) {
        await this.leave(conn, channel);
        return;
      }
      await this.publish(channel, count);
    } else if (conn.presences.has(channel)) {
      await this.leave(conn, channel);
    }
    this.send(conn, { type: 'presence', channel, st: on ? 'on' : 'off' });
  }

  private async leave(conn: Connection, channel: string) {
    conn.presences.delete(channel);
    const count = await this.options.presence.leave(channel, this.member(conn), this.now());
    if (count) await this.publish(channel, count);
  }

  /** A message from the bus: to this node's subscribers, serialised once for all of them, in the channel's batch window (batcher.ts). */
  private deliver(channel: string, json: string) {
    if (channel === SESSIONS_CHANNEL) {
      this.closeSessions(JSON.parse(json) as SessionFilter);
      return;
    }
    const set = this.local.get(channel);
    if (!set || set.size === 0) return;
    const frame = `{"type":"message","channel":${JSON.stringify(channel)},"data":${json}}`;
    if (this.isPresence(channel)) this.deliverCount(set, channel, Buffer.from(frame), (JSON.parse(json) as PresenceCount).v);
    else this.batcher.push(channel, frame);
  }

  private fanOut(channel: string, payload: Buffer) {
    const set = this.local.get(channel);
    if (!set) return;
    for (const conn of set) {
      const sub = conn.subs.get(channel);
      if (!sub) continue;
      if (sub.held) sub.held.push(payload);
      else this.write(conn, payload);
    }
  }

  /** Presence counts go out one by one: counts made on two nodes may cross on the way, and an older one never replaces a newer one. */
  private deliverCount(set: Set<Connection>, channel: string, frame: Buffer, v: number) {
    for (const conn of set) {
      const sub = conn.subs.get(channel);
      if (!sub || v <= sub.v) continue;
      sub.v = v;
      if (sub.held) sub.held.push(frame);
      else this.write(conn, frame);
    }
  }

  private isPresence(channel: string): boolean {
    const kind = channel.slice(0, channel.indexOf('/'));
    return this.defs.get(kind)?.presence === true;
  }

  private write(conn: Connection, frame: Buffer) {
    const socket = conn.socket;
    if (conn.closed || socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > this.maxBuffered) {
      // a reader this far behind would only fall further; it reconnects and starts from a snapshot
      socket.terminate();
      return;
    }
    socket.send(frame, { binary: false });
  }

  private drop(conn: Connection) {
    if (conn.closed) return;
    conn.closed = true;
    if (conn.authTimer) clearTimeout(conn.authTimer);
    this.connections.delete(conn);
    for (const channel of conn.subs.keys()) this.removeLocal(channel, conn);
    conn.subs.clear();
    if (this.closing) return;
    for (const channel of [...conn.presences]) {
      void this.leave(conn, channel).catch((err: unknown) => this.options.log.warn({ err, channel }, 'realtime presence leave failed'));
    }
  }

  /** Closes silent and expired connections, and publishes the counts of presences that went stale. */
  async sweep(): Promise<void> {
    if (this.sweeping || this.closing) return;
    this.sweeping = true;
    try {
      const now = this.now();
      for (const conn of this.connections) {
        if (!conn.auth) continue;
        if (conn.auth.expiresAt <= now) conn.socket.close(REALTIME_CLOSE.authFailed, 'token_expired');
        else if (now - conn.lastSeen > this.ttlMs) conn.socket.close(REALTIME_CLOSE.heartbeatTimeout, 'heartbeat timeout');
      }
      for (const change of await this.options.presence.sweep(now)) await this.publish(change.channel, change.count);
      if (this.options.liveSessions && now - this.lastSessionCheck >= this.heartbeatMs) {
        this.lastSessionCheck = now;
        await this.closeDeadSessions(this.options.liveSessions);
      }
    } catch (err) {
      if (!this.closing) this.options.log.warn({ err }, 'realtime sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  /** The safety net behind endSessions: a login revoked by any path closes its sockets within a heartbeat. */
  private async closeDeadSessions(liveSessions: (ids: string[]) => Promise<Set<string>>) {
    const open = [...this.connections].filter((c) => c.auth && !c.closed);
    if (open.length === 0) return;
    const live = await liveSessions([...new Set(open.map((c) => c.auth!.familyId))]);
    for (const conn of open) {
      if (!live.has(conn.auth!.familyId)) conn.socket.close(REALTIME_CLOSE.authFailed, 'session_ended');
    }
  }

  /** Graceful close: presences are left (other nodes see the counts drop at once), sockets told to go elsewhere. */
  async close(): Promise<void> {
    if (this.closing) return;
    clearInterval(this.sweeper);
    this.batcher.close();
    const conns = [...this.connections];
    await Promise.all(conns.map(async (conn) => {
      for (const channel of [...conn.presences]) {
        await this.leave(conn, channel).catch(() => undefined);
      }
    }));
    this.closing = true;
    for (const conn of conns) {
      if (conn.socket.readyState === OPEN) conn.socket.close(REALTIME_CLOSE.goingAway, 'server shutting down');
      this.drop(conn);
    }
    await this.options.bus.close();
    await this.options.presence.close();
  }
}
