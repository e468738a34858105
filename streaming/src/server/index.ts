/**
 * The server part of streaming (DESIGN "Files and media"): WebRTC in with werift, RTP to
 * ffmpeg, live HLS out, the recording saved as a video on demand. Mounted by the API
 * (server/src/routes/webcasts/streaming.ts), which owns the HTTP calls and the database.
 */
export * from './config.ts';
export * from './engine.ts';
export { livePrefix } from './livePlaylists.ts';
export { LoopPressure } from './loopPressure.ts';
export * from './ffmpeg.ts';
export * from './hlsPublisher.ts';
export * from './hlsStore.ts';
export * from './playlist.ts';
export * from './ports.ts';
export * from './sdpAnswer.ts';
export * from './session.ts';
export * from './viewer.ts';
export * from './vod.ts';
export * from './nodePublisher.ts';
export * from './nodeViewer.ts';
// the signalling client is DOM-free: the Node publisher and the API's tests use it too
export { SignallingError, SignallingSession, connectionFailedMessage, type SignallingSocket, type SocketFactory } from '../browser/signalling.ts';
