/**
 * The stream studio's test bed, shared by studio.test.ts, studioCapture.test.ts,
 * studioLive.test.ts and studioTimers.test.ts: a fake API, the signalling coordinates, and one
 * studio per test on fake timers and fake media (testFakes.ts). A suite calls useStudioTestBed()
 * in its describe; `env`, `api`, `notices` and `studio` are then the current test's (exported
 * module bindings are live). Nothing here runs in the product.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { StreamingStateAnswer } from '@lp/shared/contract';
import { StreamStudio } from './studio.ts';
import type { StudioApi, StudioNotice } from './studioState.ts';
import { fakeEnv, type FakeEnv } from './testFakes.ts';

export const SDP = { sdp_url: 'ws://127.0.0.1:3000/api/streaming/webrtc-session.json', application_name: 'webcasts', stream_name: 'webcast-7-secret' };

export const state = (s: 'stopped' | 'starting' | 'started', extra: Partial<StreamingStateAnswer> = {}): StreamingStateAnswer => ({
  live_stream: { state: s, publishing: false }, status: 1, transmission_completed: false, transmission_downloaded: false, ...extra,
});

export function fakeApi() {
  return {
    startStreaming: vi.fn<StudioApi['startStreaming']>(async () => state('starting')),
    streamingState: vi.fn<StudioApi['streamingState']>(async () => state('started')),
    streamingIsLive: vi.fn<StudioApi['streamingIsLive']>(async () => ({ is_live: true })),
    stopStreaming: vi.fn<StudioApi['stopStreaming']>(async () => state('stopped', { transmission_completed: true })),
    downloadStreaming: vi.fn<StudioApi['downloadStreaming']>(async () => ({ status: 202, body: { status: 5, transmission_downloaded: false } })),
    configStreaming: vi.fn<StudioApi['configStreaming']>(async () => {}),
    sdp: vi.fn<StudioApi['sdp']>(async () => SDP),
  };
}

/** runs pending promise callbacks (the fake socket answers in microtasks) */
export const flush = () => vi.advanceTimersByTimeAsync(0);

export let env: FakeEnv;
export let api: ReturnType<typeof fakeApi>;
export let notices: StudioNotice[];
export let studio: StreamStudio;

export const make = (webcast = { status: 1, transmission_completed: false, transmission_downloaded: false }, e: FakeEnv = env) => {
  studio = new StreamStudio({ api, env: e, webcast, notify: (n) => notices.push(n) });
  return studio;
};
export const keys = () => notices.map((n) => ('key' in n ? n.key : n.text));
export const s = () => studio.getSnapshot();

/** an opened studio with its server online */
export async function online() {
  make();
  await studio.open();
  api.startStreaming.mockResolvedValueOnce(state('started'));
  await studio.createTransmission();
  expect(s().server).toBe('online');
}

/** Fresh fakes and fake timers for each test; the last studio made is disposed after it. */
export function useStudioTestBed() {
  beforeEach(() => {
    vi.useFakeTimers();
    env = fakeEnv();
    api = fakeApi();
    notices = [];
  });
  afterEach(() => {
    studio?.dispose();
    vi.useRealTimers();
  });
}
