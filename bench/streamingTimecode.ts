// The glass-to-glass timecode of bench/streaming.ts, as page script: the publisher draws the
// wall clock into every frame as a row of black and white blocks (24 bits of Date.now() and an
// 8-bit check); a viewer draws the frame it shows onto a canvas, reads the blocks back and
// compares them with its own wall clock (the same machine, the same clock).

/** Page script shared by the publisher and the viewers: encode and decode the block row. */
export const TIMECODE_SCRIPT = `
const TC_BLOCKS = 32, TC_MASK = 0xffffff;
const tcCheck = (v) => ((v & 255) + ((v >> 8) & 255) * 3 + ((v >> 16) & 255) * 7 + 0x5a) & 255;
window.drawTimecode = (ctx, w, band, now) => {
  const value = now & TC_MASK;
  const bits = (value | (tcCheck(value) << 24)) >>> 0;
  const bw = w / TC_BLOCKS;
  for (let i = 0; i < TC_BLOCKS; i += 1) {
    ctx.fillStyle = (bits >>> (31 - i)) & 1 ? '#fff' : '#000';
    ctx.fillRect(Math.round(i * bw), 0, Math.ceil(bw), band);
  }
};
window.readTimecode = (ctx, w, h, band) => {
  const data = ctx.getImageData(0, 0, w, band).data;
  const bw = w / TC_BLOCKS;
  let bits = 0;
  for (let i = 0; i < TC_BLOCKS; i += 1) {
    const x = Math.floor((i + 0.5) * bw), y = Math.floor(band / 2), at = (y * w + x) * 4;
    const luma = 0.299 * data[at] + 0.587 * data[at + 1] + 0.114 * data[at + 2];
    bits = ((bits << 1) | (luma > 128 ? 1 : 0)) >>> 0;
  }
  const value = bits & TC_MASK;
  return (bits >>> 24) === tcCheck(value) ? value : null;
};
window.timecodeAge = (value, now) => (((now & TC_MASK) - value) + TC_MASK + 1) % (TC_MASK + 1);
/** Samples the frames a <video> shows: glass-to-glass delays (ms), and the player clock's error. */
window.watchTimecode = (video, clock) => {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const result = { delays: [], clockErrors: [], unread: 0, on: true };
  const sample = (metadata) => {
    if (!result.on || !video.videoWidth) return;
    const w = video.videoWidth, h = video.videoHeight, band = Math.max(4, Math.round(h * 40 / 720));
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    ctx.drawImage(video, 0, 0, w, h);
    const now = Date.now();
    const value = window.readTimecode(ctx, w, h, band);
    if (value === null) { result.unread += 1; return; }
    result.delays.push(window.timecodeAge(value, now));
    const shown = clock && clock(metadata);
    // the player's idea of the publisher's time of this frame against the frame's own timecode
    if (shown) result.clockErrors.push(window.timecodeAge(value, shown) > TC_MASK / 2 ? window.timecodeAge(value, shown) - TC_MASK - 1 : window.timecodeAge(value, shown));
  };
  if (video.requestVideoFrameCallback) {
    const each = (_now, metadata) => { sample(metadata); if (result.on) video.requestVideoFrameCallback(each); };
    video.requestVideoFrameCallback(each);
  } else {
    const timer = setInterval(() => (result.on ? sample(null) : clearInterval(timer)), 50);
  }
  return result;
};
`;

/**
 * Publisher page script: getUserMedia answers with a canvas (1280×720, 30 fps, moving content
 * under the timecode row) and the fake microphone, so the studio's own code publishes it.
 */
export const CANVAS_CAMERA_SCRIPT = `
(() => {
  const real = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    if (!constraints || !constraints.video) return real(constraints);
    const audio = constraints.audio ? (await real({ audio: constraints.audio })).getAudioTracks() : [];
    const canvas = document.createElement('canvas');
    canvas.width = 1280; canvas.height = 720;
    const ctx = canvas.getContext('2d');
    let frame = 0;
    const draw = () => {
      frame += 1;
      ctx.fillStyle = 'hsl(' + (frame * 3 % 360) + ', 60%, 45%)';
      ctx.fillRect(0, 0, 1280, 720);
      ctx.fillStyle = '#222';
      ctx.fillRect((frame * 8) % 1280, 200, 160, 320);
      ctx.font = '64px sans-serif'; ctx.fillStyle = '#fff';
      ctx.fillText(new Date().toISOString().slice(11, 23), 40, 660);
      window.drawTimecode(ctx, 1280, 40, Date.now());
    };
    draw();
    setInterval(draw, 1000 / 30);
    return new MediaStream([...canvas.captureStream(30).getVideoTracks(), ...audio]);
  };
})();
`;

/** Viewer page script: WHEP playback as the portal does it (webrtcPlayback.ts), without the UI. */
export const WHEP_VIEWER_SCRIPT = `
window.playWhep = async (url) => {
  const video = document.getElementById('v');
  const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  const stream = new MediaStream();
  pc.ontrack = (e) => { stream.addTrack(e.track); video.srcObject = stream; };
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((r) => { if (pc.iceGatheringState === 'complete') r(); pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && r(); setTimeout(r, 1000); });
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: pc.localDescription.sdp });
  if (res.status !== 201) throw new Error('WHEP ' + res.status + ' ' + await res.text());
  await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
  window.pc = pc;
  await new Promise((r) => { video.addEventListener('playing', r, { once: true }); void video.play().catch(() => undefined); });
};
`;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
export const percentile = (values: number[], p: number) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;
export const g2g = (delays: number[]) => delays.length
  ? `p50 ${(percentile(delays, 0.5) / 1000).toFixed(2)} s, p95 ${(percentile(delays, 0.95) / 1000).toFixed(2)} s (${delays.length} frames)`
  : 'no frame read';
