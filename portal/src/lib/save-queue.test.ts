import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@lp/shared/client';
import type { ErrorCode } from '@lp/shared/contract';
import { SaveQueue } from './save-queue.ts';

interface Event { name: string; perishable?: boolean }

const offline = () => new TypeError('Failed to fetch');
const refusal = (code: ErrorCode) => new ApiRequestError(422, { detail: code, code });
const revive = (entry: unknown): [string, Event] | null => (Array.isArray(entry) && typeof entry[0] === 'string' ? [entry[0], entry[1] as Event] : null);

/** A server the test switches on and off: sent items are recorded while it is reachable. */
function server() {
  const state = { reachable: true, sent: [] as string[], refuse: new Set<string>() };
  const send = vi.fn(async (item: Event) => {
    if (!state.reachable) throw offline();
    if (state.refuse.has(item.name)) throw refusal('module_progress_not_consistent');
    state.sent.push(item.name);
    return { ok: item.name };
  });
  return { state, send };
}

describe('SaveQueue: what a learner does offline is kept and sent in order when back (issue 24 item 6)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends one at a time in the order given; offline it keeps everything, in storage too, and sends it when the connection is back', async () => {
    const { state, send } = server();
    state.reachable = false;
    const queue = new SaveQueue<string, Event>({ send, storage: localStorage, storageKey: 'outbox', revive, retryDelays: [1000], online: () => state.reachable });
    void queue.put('a', { name: 'played 1' });
    void queue.put('b', { name: 'played 2' });
    void queue.put('c', { name: 'page 3' });
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.offline).toBe(true);
    expect(queue.state('a')).toBe('retrying');
    expect(JSON.parse(localStorage.getItem('outbox')!)).toEqual([['a', { name: 'played 1' }], ['b', { name: 'played 2' }], ['c', { name: 'page 3' }]]);
    // hours offline: retried, nothing lost, nothing sent twice
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.sent).toEqual([]);

    state.reachable = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    await queue.idle();
    expect(state.sent).toEqual(['played 1', 'played 2', 'page 3']);
    expect(queue.state('c')).toBe('saved');
    expect(localStorage.getItem('outbox')).toBeNull();
    queue.stop();
  });

  it('a page opened later (a reload, offline) resumes what storage kept, before anything new', async () => {
    localStorage.setItem('outbox', JSON.stringify([['a', { name: 'kept 1' }], 'garbage', ['b', { name: 'kept 2' }]]));
    const { state, send } = server();
    const queue = new SaveQueue<string, Event>({ send, storage: localStorage, storageKey: 'outbox', revive });
    queue.resume();
    void queue.put('c', { name: 'new' });
    await queue.idle();
    expect(state.sent).toEqual(['kept 1', 'kept 2', 'new']);
    queue.stop();
  });

  it('a perishable item (a player\'s opening) is sent while online, but never kept nor sent later: made offline, or caught by a failure, it is dropped', async () => {
    const { state, send } = server();
    const queue = new SaveQueue<string, Event>({
      send, storage: localStorage, storageKey: 'outbox', revive, retryDelays: [1000],
      perishable: (item) => item.perishable === true, online: () => state.reachable,
    });
    await queue.put('1', { name: 'opened online', perishable: true });
    expect(state.sent).toEqual(['opened online']);

    // the connection drops: an opening made then is not sent, and it is not kept
    state.reachable = false;
    const dropped = queue.put('2', { name: 'opened, cut off', perishable: true });
    void queue.put('3', { name: 'played offline' });
    await dropped;
    // made while offline: dropped at once, not stored
    await queue.put('4', { name: 'opened offline', perishable: true });
    expect(JSON.parse(localStorage.getItem('outbox')!)).toEqual([['3', { name: 'played offline' }]]);

    state.reachable = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(1000);
    await queue.idle();
    // the server's clock still runs from the opening it received: the played time follows it
    expect(state.sent).toEqual(['opened online', 'played offline']);
    queue.stop();
  });

  it('a refusal is final: the item is dropped and reported, the ones behind it go on', async () => {
    const { state, send } = server();
    state.refuse.add('crafted');
    const refused = vi.fn();
    const saved = vi.fn();
    const queue = new SaveQueue<string, Event>({ send, onRefused: refused, onSaved: saved });
    void queue.put('a', { name: 'crafted' });
    void queue.put('b', { name: 'honest' });
    await queue.idle();
    expect(refused).toHaveBeenCalledWith('a', 'module_progress_not_consistent', { name: 'crafted' });
    expect(saved).toHaveBeenCalledWith('b', { name: 'honest' }, { ok: 'honest' });
    expect(queue.state('a')).toBe('refused');
    expect(state.sent).toEqual(['honest']);
    queue.stop();
  });

  it('an item given again under a key still waiting replaces it in its place (merged as the caller says)', async () => {
    const { state, send } = server();
    state.reachable = false;
    const queue = new SaveQueue<string, Event>({ send, retryDelays: [1000], merge: (before, next) => ({ name: `${before.name}+${next.name}` }) });
    void queue.put('q1', { name: 'x' });
    void queue.put('q2', { name: 'y' });
    void queue.put('q1', { name: 'z' });
    await vi.advanceTimersByTimeAsync(0);
    state.reachable = true;
    await vi.advanceTimersByTimeAsync(1000);
    await queue.idle();
    expect(state.sent).toEqual(['x+z', 'y']);
    queue.stop();
  });
});
