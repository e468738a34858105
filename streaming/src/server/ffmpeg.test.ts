import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_OFFER } from '../browser/chromiumOffer.fixture.ts';
import { mungePublishSdp } from '../browser/sdp.ts';
import { streamingSettings } from './config.ts';
import { FFMPEG_PAYLOAD, FfmpegProcess, ffmpegArgs, ffmpegSdp } from './ffmpeg.ts';
import { parseMediaPlaylist } from './playlist.ts';
import { answerWithBandwidth, offeredCodecs } from './sdpAnswer.ts';

const FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg';
const TRANSCODER = { width: 1280, height: 720, bitrate: 5000, profile: 'high' as const };
const OUTPUT = { dir: '/data/media/webcasts/1/live/abc', segmentSeconds: 2, frameRate: 30, x264Preset: 'veryfast' };

describe('ffmpeg side of the ingest', () => {
  it('describes the RTP inputs with the fixed payload types the forwarded packets are rewritten to', () => {
    expect(ffmpegSdp({ video: { port: 20000, codec: 'H264' }, audio: { port: 20002 } }).split('\n')).toEqual([
      'v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=webcast', 'c=IN IP4 127.0.0.1', 't=0 0',
      `m=video 20000 RTP/AVP ${FFMPEG_PAYLOAD.video}`, 'a=rtpmap:96 H264/90000', 'a=fmtp:96 packetization-mode=1',
      `m=audio 20002 RTP/AVP ${FFMPEG_PAYLOAD.audio}`, 'a=rtpmap:97 opus/48000/2', '',
    ]);
    expect(ffmpegSdp({ video: { port: 20004, codec: 'VP8' } })).toContain('a=rtpmap:96 VP8/90000');
    expect(ffmpegSdp({ audio: { port: 20004 } })).not.toContain('m=video');
  });

  it('transcodes to the configured size, bitrate and profile with a keyframe every segment, into live HLS', () => {
    const args = ffmpegArgs('/work/1/abc.sdp', { video: { port: 20000, codec: 'VP8' }, audio: { port: 20002 } }, TRANSCODER, OUTPUT);
    const after = (flag: string) => args[args.indexOf(flag) + 1];
    expect(after('-i')).toBe('/work/1/abc.sdp');
    expect(after('-protocol_whitelist')).toBe('file,udp,rtp');
    expect(after('-vf')).toContain('scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720');
    expect(after('-c:v')).toBe('libx264');
    expect(after('-profile:v')).toBe('high');
    expect(after('-b:v')).toBe('5000k');
    expect(after('-g')).toBe('60');
    expect(after('-force_key_frames')).toBe('expr:gte(t,n_forced*2)');
    expect(after('-c:a')).toBe('aac');
    expect(after('-f')).toBe('sdp');
    expect(args.slice(args.lastIndexOf('-f'))).toEqual(expect.arrayContaining(['hls']));
    expect(after('-hls_time')).toBe('2');
    // ffmpeg keeps every segment: its list is the session's recording
    expect(after('-hls_list_size')).toBe('0');
    expect(after('-hls_segment_filename')).toBe('/data/media/webcasts/1/live/abc/seg_%05d.ts');
    expect(args.at(-1)).toBe('/data/media/webcasts/1/live/abc/stream.m3u8');
  });

  it('maps only the media that was offered', () => {
    const audioOnly = ffmpegArgs('x.sdp', { audio: { port: 20000 } }, TRANSCODER, OUTPUT);
    expect(audioOnly).not.toContain('libx264');
    expect(audioOnly).toContain('0:a:0');
  });

  it('reads the codecs of an offer, skipping rejected sections', () => {
    const codecs = offeredCodecs(CHROMIUM_OFFER);
    expect(codecs.video).toEqual(expect.arrayContaining(['vp8', 'h264', 'vp9', 'av1']));
    expect(codecs.audio[0]).toBe('opus');
    expect(offeredCodecs(CHROMIUM_OFFER.replace('m=video 9 ', 'm=video 0 ')).video).toEqual([]);
  });

  it('reads a WHEP viewer\'s receive-only offer as what it can receive, and a publisher\'s as what it sends', () => {
    const viewerOffer = CHROMIUM_OFFER.replaceAll('a=sendrecv', 'a=recvonly');
    expect(offeredCodecs(viewerOffer, 'receive').video).toContain('h264');
    expect(offeredCodecs(viewerOffer, 'receive').audio[0]).toBe('opus');
    // a receive-only offer sends nothing to ingest
    expect(offeredCodecs(viewerOffer)).toEqual({ audio: [], video: [] });
    // a send-only offer gives a viewer nothing
    expect(offeredCodecs(CHROMIUM_OFFER.replaceAll('a=sendrecv', 'a=sendonly'), 'receive')).toEqual({ audio: [], video: [] });
  });

  it('repeats the bitrates of the rewritten offer in the answer, where the browser reads them', () => {
    const offer = mungePublishSdp(CHROMIUM_OFFER, { videoBitrate: 5000, audioBitrate: 256, videoFrameRate: 29.97 });
    const answer = [
      'v=0', 'o=- 1 0 IN IP4 0.0.0.0', 's=-', 't=0 0',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'c=IN IP4 0.0.0.0', 'a=mid:0', 'a=rtpmap:111 opus/48000/2', 'a=fmtp:111 minptime=10;useinbandfec=1',
      'm=video 9 UDP/TLS/RTP/SAVPF 102', 'c=IN IP4 0.0.0.0', 'b=AS:30', 'a=mid:1', 'a=rtpmap:102 H264/90000',
      'a=fmtp:102 packetization-mode=1;profile-level-id=42001f;x-google-max-bitrate=1',
    ].join('\r\n') + '\r\n';
    const out = answerWithBandwidth(answer, offer).split('\r\n');
    expect(out.slice(out.indexOf('m=video 9 UDP/TLS/RTP/SAVPF 102'), out.indexOf('m=video 9 UDP/TLS/RTP/SAVPF 102') + 4)).toEqual([
      'm=video 9 UDP/TLS/RTP/SAVPF 102', 'c=IN IP4 0.0.0.0', 'b=AS:5000', 'b=TIAS:5000000',
    ]);
    expect(out).toContain('a=fmtp:102 packetization-mode=1;profile-level-id=42001f;x-google-min-bitrate=5000;x-google-max-bitrate=5000');
    expect(out).toContain('b=AS:256');
    // audio codecs keep their parameters (the browser caps audio by b=AS)
    expect(out).toContain('a=fmtp:111 minptime=10;useinbandfec=1');
    // an offer without bitrates leaves the answer as it was
    expect(answerWithBandwidth(answer, CHROMIUM_OFFER)).toBe(answer);
  });

  it('reads its settings from the environment with safe defaults', () => {
    expect(streamingSettings({})).toMatchObject({ ffmpegPath: 'ffmpeg', rtpPorts: [20000, 20999], segmentSeconds: 2, liveWindow: 6, inactivityMs: 8000 });
    const custom = streamingSettings({
      FFMPEG_PATH: '/opt/ffmpeg', STREAMING_RTP_PORTS: '31001-31100', STREAMING_ICE_PORTS: '40000-40100',
      STREAMING_ICE_ADDRESSES: '203.0.113.5, 198.51.100.7', STREAMING_INACTIVITY_SECONDS: '3', STREAMING_SEGMENT_SECONDS: 'x',
    });
    expect(custom).toMatchObject({
      ffmpegPath: '/opt/ffmpeg', rtpPorts: [31002, 31100], icePorts: [40000, 40100], iceAddresses: ['203.0.113.5', '198.51.100.7'],
      inactivityMs: 3000, segmentSeconds: 2,
    });
  });

  it('stops ffmpeg once however often it is asked: the playlist is ended, not cut off by a second SIGINT', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-ffmpeg-'));
    const logs: string[] = [];
    const log = { info: (_: object, m: string) => void logs.push(m), warn: (_: object, m: string) => void logs.push(m) };
    try {
      const ffmpeg = new FfmpegProcess(FFMPEG, [
        '-hide_banner', '-nostdin', '-loglevel', 'warning', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=10',
        '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '0',
        '-hls_playlist_type', 'event', path.join(dir, 'stream.m3u8'),
      ], log, {});
      const playlist = path.join(dir, 'stream.m3u8');
      const until = Date.now() + 20_000;
      while (!(fs.existsSync(playlist) && parseMediaPlaylist(fs.readFileSync(playlist, 'utf8')).segments.length >= 1)) {
        if (Date.now() > until) throw new Error('no segment from ffmpeg');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // the session's teardown and its lost-publisher path may both ask for the stop, a moment
      // apart (two signals sent at once may reach ffmpeg as one)
      const first = ffmpeg.stop();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.all([first, ffmpeg.stop()]);
      expect(ffmpeg.running).toBe(false);
      // ffmpeg exits 255 after a SIGINT it handled; a signal here would mean the SIGKILL fallback
      expect((await ffmpeg.exited).signal).toBeNull();
      expect(parseMediaPlaylist(fs.readFileSync(playlist, 'utf8')).ended).toBe(true);
      await ffmpeg.stop();
      expect(logs).toEqual(['ffmpeg exited']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends one SIGINT however often stop is called while the process is finishing', async () => {
    // a stand-in that reports each SIGINT and takes 300 ms to finish, as ffmpeg writing its last segment
    const script = "process.on('SIGINT', () => { console.error('SIGINT'); setTimeout(() => process.exit(0), 300); }); setInterval(() => {}, 1000); console.error('ready');";
    const ffmpeg = new FfmpegProcess(process.execPath, ['-e', script], { info: () => undefined, warn: () => undefined }, {});
    const until = Date.now() + 10_000;
    while (!ffmpeg.output.includes('ready')) {
      if (Date.now() > until) throw new Error('the stand-in did not start');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const first = ffmpeg.stop(5_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([first, ffmpeg.stop(5_000)]);
    expect(await ffmpeg.exited).toEqual({ code: 0, signal: null });
    expect(ffmpeg.output.filter((line) => line === 'SIGINT')).toHaveLength(1);
  });
});
