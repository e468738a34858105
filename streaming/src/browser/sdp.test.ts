import { describe, expect, it } from 'vitest';
import { CHROMIUM_OFFER } from './chromiumOffer.fixture.ts';
import { AUDIO_BITRATE_CODECS, VIDEO_BITRATE_CODECS, mungePublishSdp, payloadTypesOf } from './sdp.ts';

const lines = (sdp: string) => sdp.split('\r\n').filter(Boolean);
/** the lines of the m-section of that kind */
function section(sdp: string, kind: 'audio' | 'video'): string[] {
  const all = lines(sdp);
  const start = all.findIndex((l) => l.startsWith(`m=${kind} `));
  const end = all.findIndex((l, i) => i > start && l.startsWith('m='));
  return all.slice(start, end === -1 ? undefined : end);
}
const fmtpOf = (sdp: string, kind: 'audio' | 'video', pt: string) => section(sdp, kind).filter((l) => l.startsWith(`a=fmtp:${pt} `));

const OPTIONS = { videoBitrate: 5000, audioBitrate: 256, videoFrameRate: 29.97 };

/** A small hand-written offer with every codec §7.3 names. */
const EVERY_CODEC = [
  'v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'a=group:BUNDLE 0 1',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 103 9 0 8 13 63',
  'c=IN IP4 0.0.0.0', 'b=AS:64', 'a=mid:0',
  'a=rtpmap:111 opus/48000/2', 'a=rtcp-fb:111 transport-cc', 'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:103 ISAC/16000', 'a=rtpmap:9 G722/8000', 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:8 PCMA/8000',
  'a=rtpmap:13 CN/8000', 'a=rtpmap:63 red/48000/2', 'a=fmtp:63 111/111',
  'm=video 9 UDP/TLS/RTP/SAVPF 96 97 98 102 118 119 120',
  'c=IN IP4 0.0.0.0', 'a=mid:1', 'a=framerate:15',
  'a=rtpmap:96 VP8/90000', 'a=rtcp-fb:96 goog-remb', 'a=rtcp-fb:96 transport-cc', 'a=rtcp-fb:96 ccm fir', 'a=rtcp-fb:96 nack', 'a=rtcp-fb:96 nack pli',
  'a=rtpmap:97 rtx/90000', 'a=fmtp:97 apt=96',
  'a=rtpmap:98 VP9/90000', 'a=rtcp-fb:98 goog-remb', 'a=rtcp-fb:98 transport-cc', 'a=rtcp-fb:98 nack', 'a=fmtp:98 profile-id=0',
  'a=rtpmap:102 H264/90000', 'a=rtcp-fb:102 goog-remb', 'a=rtcp-fb:102 transport-cc', 'a=rtcp-fb:102 nack', 'a=rtcp-fb:102 nack pli',
  'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
  'a=rtpmap:118 red/90000', 'a=rtpmap:119 rtx/90000', 'a=fmtp:119 apt=118', 'a=rtpmap:120 ulpfec/90000',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel', 'c=IN IP4 0.0.0.0', 'a=mid:2', 'a=sctp-port:5000',
].join('\r\n') + '\r\n';

describe('spec 2 §7.3 publish SDP rewriting', () => {
  it('writes the video and audio bitrates as bandwidth lines right after the connection line', () => {
    const out = mungePublishSdp(CHROMIUM_OFFER, OPTIONS);
    const video = section(out, 'video');
    const audio = section(out, 'audio');
    expect(video.slice(1, 4)).toEqual(['c=IN IP4 0.0.0.0', 'b=AS:5000', 'b=TIAS:5000000']);
    expect(audio.slice(1, 4)).toEqual(['c=IN IP4 0.0.0.0', 'b=AS:256', 'b=TIAS:256000']);
    // no bandwidth line at session level
    expect(lines(out).slice(0, lines(out).findIndex((l) => l.startsWith('m='))).some((l) => l.startsWith('b='))).toBe(false);
  });

  it('replaces the bandwidth lines a section already had', () => {
    const audio = section(mungePublishSdp(EVERY_CODEC, OPTIONS), 'audio');
    expect(audio.filter((l) => l.startsWith('b='))).toEqual(['b=AS:256', 'b=TIAS:256000']);
  });

  it('sets the min and max bitrate of every listed video codec to the video bitrate', () => {
    const out = mungePublishSdp(EVERY_CODEC, OPTIONS);
    for (const pt of ['96', '97', '98', '102', '118', '119', '120']) {
      const fmtp = fmtpOf(out, 'video', pt);
      expect(fmtp, pt).toHaveLength(1);
      expect(fmtp[0], pt).toMatch(/x-google-min-bitrate=5000;x-google-max-bitrate=5000$/);
    }
    // existing parameters are kept in front
    expect(fmtpOf(out, 'video', '102')[0]).toBe('a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f;x-google-min-bitrate=5000;x-google-max-bitrate=5000');
    expect(fmtpOf(out, 'video', '97')[0]).toBe('a=fmtp:97 apt=96;x-google-min-bitrate=5000;x-google-max-bitrate=5000');
    // a codec without fmtp gets one right after its rtpmap
    const video = section(out, 'video');
    expect(video[video.indexOf('a=rtpmap:120 ulpfec/90000') + 1]).toBe('a=fmtp:120 x-google-min-bitrate=5000;x-google-max-bitrate=5000');
  });

  it('sets the min and max bitrate of every listed audio codec to the audio bitrate', () => {
    const out = mungePublishSdp(EVERY_CODEC, OPTIONS);
    for (const pt of ['111', '103', '9', '0', '8', '13']) {
      const fmtp = fmtpOf(out, 'audio', pt);
      expect(fmtp, pt).toHaveLength(1);
      expect(fmtp[0], pt).toMatch(/x-google-min-bitrate=256;x-google-max-bitrate=256$/);
    }
    expect(fmtpOf(out, 'audio', '111')[0]).toBe('a=fmtp:111 minptime=10;useinbandfec=1;x-google-min-bitrate=256;x-google-max-bitrate=256');
    // red is listed for video only: audio RED keeps its fmtp as it was
    expect(fmtpOf(out, 'audio', '63')).toEqual(['a=fmtp:63 111/111']);
  });

  it('covers every codec the spec lists, and only those', () => {
    expect([...VIDEO_BITRATE_CODECS]).toEqual(['vp8', 'vp9', 'h264', 'red', 'ulpfec', 'rtx']);
    expect([...AUDIO_BITRATE_CODECS]).toEqual(['opus', 'isac', 'g722', 'pcmu', 'pcma', 'cn']);
    const out = mungePublishSdp(CHROMIUM_OFFER, OPTIONS);
    // AV1 and telephone-event are not listed
    const av1 = payloadTypesOf(CHROMIUM_OFFER, 'video', ['av1']);
    expect(av1.length).toBeGreaterThan(0);
    for (const pt of av1) expect(fmtpOf(out, 'video', pt).join()).not.toContain('x-google');
    for (const pt of payloadTypesOf(CHROMIUM_OFFER, 'audio', ['telephone-event'])) expect(fmtpOf(out, 'audio', pt)).toEqual([]);
    // every listed codec of the real offer carries the pair exactly once
    for (const pt of payloadTypesOf(CHROMIUM_OFFER, 'video', VIDEO_BITRATE_CODECS)) {
      expect(fmtpOf(out, 'video', pt).join('\n').match(/x-google-max-bitrate=5000/g), pt).toHaveLength(1);
    }
    for (const pt of payloadTypesOf(CHROMIUM_OFFER, 'audio', AUDIO_BITRATE_CODECS)) {
      expect(fmtpOf(out, 'audio', pt).join('\n').match(/x-google-min-bitrate=256/g), pt).toHaveLength(1);
    }
  });

  it('adds a frame-rate line to the video section when a frame rate is set', () => {
    const out = mungePublishSdp(CHROMIUM_OFFER, OPTIONS);
    expect(section(out, 'video').filter((l) => l.startsWith('a=framerate:'))).toEqual(['a=framerate:29.97']);
    expect(section(out, 'audio').some((l) => l.startsWith('a=framerate:'))).toBe(false);
    // the offer's own frame rate gives way to the chosen one
    expect(section(mungePublishSdp(EVERY_CODEC, { videoFrameRate: 30 }), 'video').filter((l) => l.startsWith('a=framerate:'))).toEqual(['a=framerate:30']);
    // none without a frame rate
    expect(mungePublishSdp(CHROMIUM_OFFER, { videoBitrate: 5000 })).not.toContain('a=framerate');
  });

  it('removes transport-cc, goog-remb and nack feedback for VP8 and VP9 only', () => {
    const out = mungePublishSdp(CHROMIUM_OFFER, OPTIONS);
    const video = section(out, 'video');
    for (const pt of payloadTypesOf(CHROMIUM_OFFER, 'video', ['vp8', 'vp9'])) {
      expect(video.filter((l) => l.startsWith(`a=rtcp-fb:${pt} `)), pt).toEqual([`a=rtcp-fb:${pt} ccm fir`]);
    }
    for (const pt of payloadTypesOf(CHROMIUM_OFFER, 'video', ['h264', 'av1'])) {
      expect(video.filter((l) => l.startsWith(`a=rtcp-fb:${pt} `)), pt).toEqual([
        `a=rtcp-fb:${pt} goog-remb`, `a=rtcp-fb:${pt} transport-cc`, `a=rtcp-fb:${pt} ccm fir`, `a=rtcp-fb:${pt} nack`, `a=rtcp-fb:${pt} nack pli`,
      ]);
    }
    // audio feedback is untouched
    expect(section(out, 'audio')).toContain('a=rtcp-fb:111 transport-cc');
    // the feedback goes away even without bitrates
    expect(mungePublishSdp(EVERY_CODEC, {})).not.toMatch(/a=rtcp-fb:(96|98) (transport-cc|goog-remb|nack)/);
  });

  it('keeps everything else: session lines, order of sections, ICE and DTLS lines, other sections', () => {
    const out = mungePublishSdp(EVERY_CODEC, OPTIONS);
    expect(lines(out).slice(0, 5)).toEqual(lines(EVERY_CODEC).slice(0, 5));
    expect(lines(out).filter((l) => l.startsWith('m='))).toEqual(lines(EVERY_CODEC).filter((l) => l.startsWith('m=')));
    const application = lines(out).slice(lines(out).findIndex((l) => l.startsWith('m=application')));
    expect(application).toEqual(['m=application 9 UDP/DTLS/SCTP webrtc-datachannel', 'c=IN IP4 0.0.0.0', 'a=mid:2', 'a=sctp-port:5000']);
    const real = mungePublishSdp(CHROMIUM_OFFER, OPTIONS);
    for (const prefix of ['a=ice-ufrag:', 'a=ice-pwd:', 'a=fingerprint:', 'a=ssrc:', 'a=msid:', 'a=extmap:', 'a=rtpmap:']) {
      expect(lines(real).filter((l) => l.startsWith(prefix)), prefix).toEqual(lines(CHROMIUM_OFFER).filter((l) => l.startsWith(prefix)));
    }
    expect(real.endsWith('\r\n')).toBe(true);
    expect(real).not.toMatch(/\r\n\r\n/);
  });

  it('leaves a section without a chosen bitrate as it was (apart from the VP8/VP9 feedback)', () => {
    const out = mungePublishSdp(CHROMIUM_OFFER, { audioBitrate: 128 });
    expect(section(out, 'video').some((l) => l.startsWith('b=') || l.includes('x-google'))).toBe(false);
    expect(section(out, 'audio')).toContain('b=AS:128');
  });

  it('is stable: rewriting twice gives the same text', () => {
    const once = mungePublishSdp(CHROMIUM_OFFER, OPTIONS);
    expect(mungePublishSdp(once, OPTIONS)).toBe(once);
  });

  it('accepts LF line endings and answers CRLF', () => {
    const out = mungePublishSdp(EVERY_CODEC.replace(/\r\n/g, '\n'), OPTIONS);
    expect(out).toBe(mungePublishSdp(EVERY_CODEC, OPTIONS));
  });
});
