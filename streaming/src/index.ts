/**
 * The browser part of streaming (spec 2 §2.6, §4.14, §5.10, §7.3), used by the admin's stream
 * tab. The ingest lives in `@lp/streaming/server`.
 */
export * from './browser/sdp.ts';
export * from './browser/devices.ts';
export * from './browser/signalling.ts';
export * from './browser/publisher.ts';
export * from './browser/studioState.ts';
export * from './browser/studio.ts';
