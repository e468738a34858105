/** Which player takes a source (kept apart from engine.ts, which loads video.js). */

export const isHlsUrl = (url: string): boolean => /\.m3u8$/i.test(new URL(url, window.location.href).pathname);

/**
 * Who plays an HLS source: hls.js wherever it can (Media Source Extensions), so every such
 * browser gets the same live tuning and retries — Chromium now answers "maybe" for HLS
 * itself (since 156 here) and its own player gave up on our live stream after two segments;
 * the browser's player only where hls.js cannot run (iOS Safari).
 */
export function hlsPlayback(hlsJsSupported: boolean, nativeAnswer: CanPlayTypeResult): 'hls.js' | 'native' | 'unsupported' {
  if (hlsJsSupported) return 'hls.js';
  return nativeAnswer === '' ? 'unsupported' : 'native';
}

/**
 * Who plays a live webcast (streaming/README "Low-latency playback"): WebRTC when the server
 * offers it and the browser has it (sub-second), HLS otherwise — and HLS again whenever WebRTC
 * fails to start or drops.
 */
export function livePlayback(webrtcUrl: string | null | undefined, webrtcAvailable: boolean): 'webrtc' | 'hls' {
  return webrtcUrl && webrtcAvailable ? 'webrtc' : 'hls';
}
