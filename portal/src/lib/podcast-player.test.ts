import { describe, expect, it } from 'vitest';
import { currentAudio, hasNext, hasPrevious, initialPlayerState, playerReducer, type PlayerState } from './podcast-player.ts';

const a = { id: 1, title: 'A', duration: 60 };
const b = { id: 2, title: 'B', duration: 30 };
const c = { id: 3, title: 'C', duration: 45 };

const run = (state: PlayerState, ...actions: Parameters<typeof playerReducer>[1][]) => actions.reduce(playerReducer, state);

describe('podcast player state (spec 3 §3 player state, §4 status)', () => {
  it('starts stopped and plays whenever a non-empty list is loaded', () => {
    const start = initialPlayerState();
    expect(start).toMatchObject({ status: 'stopped', audios: [], type_list: 'single', is_offline: false });
    expect(run(start, { type: 'load', audios: [] }).status).toBe('stopped');
    const loaded = run(start, { type: 'load', audios: [a, b, c], index: 1, playlist: { id: 9, title: 'Semana' } });
    expect(loaded).toMatchObject({ status: 'playing', index: 1, type_list: 'playlist', playlist: { id: 9, title: 'Semana' } });
    expect(currentAudio(loaded)).toBe(b);
    // the status can be set explicitly, but nothing plays without audios
    expect(run(loaded, { type: 'status', status: 'stopped' }).status).toBe('stopped');
    expect(run(start, { type: 'status', status: 'playing' }).status).toBe('stopped');
  });

  it('moves through the playlist with next and previous, within its ends', () => {
    const loaded = run(initialPlayerState(), { type: 'load', audios: [a, b, c] });
    expect(hasPrevious(loaded)).toBe(false);
    const second = run(loaded, { type: 'progress', seconds: 12 }, { type: 'next' });
    expect(second).toMatchObject({ index: 1, progress_audio: 0, status: 'playing' });
    expect(run(second, { type: 'previous' }).index).toBe(0);
    const last = run(second, { type: 'next' }, { type: 'next' });
    expect(last.index).toBe(2);
    expect(hasNext(last)).toBe(false);
    expect(run(loaded, { type: 'select', index: 2 }).index).toBe(2);
    expect(run(loaded, { type: 'select', index: 7 }).index).toBe(0);
  });

  it('goes on to the next audio when one ends, and stops after the last', () => {
    const loaded = run(initialPlayerState(), { type: 'load', audios: [a, b] });
    const next = run(loaded, { type: 'ended' });
    expect(next).toMatchObject({ index: 1, status: 'playing' });
    expect(run(next, { type: 'ended' })).toMatchObject({ index: 1, status: 'stopped' });
  });

  it('tracks being offline', () => {
    expect(run(initialPlayerState(), { type: 'online', online: false }).is_offline).toBe(true);
    expect(initialPlayerState(false).is_offline).toBe(true);
  });
});
