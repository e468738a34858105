/**
 * spec 2 §7.3 "Before sending, the session description is rewritten": the publish offer goes
 * to the streaming server with
 * - the chosen video and audio bitrates written as bandwidth lines (b=AS in kbps, b=TIAS in
 *   bps) and as min and max bitrate parameters (x-google-min-bitrate, x-google-max-bitrate) of
 *   the video codecs vp8, vp9, h264, red, ulpfec and rtx and the audio codecs opus, isac, g722,
 *   pcmu, pcma and cn;
 * - a frame-rate line (a=framerate) when a frame rate is set;
 * - transport-cc, goog-remb and nack feedback removed for VP8 and VP9.
 * Only the copy sent to the server is rewritten; the browser keeps its own description.
 * Pure text in, text out.
 */

export interface SdpMungeOptions {
  /** kbps; absent or 0 leaves the video section's bandwidth alone */
  videoBitrate?: number | null;
  /** kbps */
  audioBitrate?: number | null;
  /** frames per second, e.g. 29.97 */
  videoFrameRate?: number | null;
}

export const VIDEO_BITRATE_CODECS: readonly string[] = ['vp8', 'vp9', 'h264', 'red', 'ulpfec', 'rtx'];
export const AUDIO_BITRATE_CODECS: readonly string[] = ['opus', 'isac', 'g722', 'pcmu', 'pcma', 'cn'];
/** codecs whose congestion-control and retransmission feedback the server does not take */
export const FEEDBACK_STRIPPED_CODECS: readonly string[] = ['vp8', 'vp9'];
export const STRIPPED_FEEDBACK: readonly string[] = ['transport-cc', 'goog-remb', 'nack'];

const MIN_BITRATE = 'x-google-min-bitrate';
const MAX_BITRATE = 'x-google-max-bitrate';

interface Section {
  /** 'audio', 'video', 'application', … or '' for the session part */
  kind: string;
  lines: string[];
}

function splitSections(sdp: string): Section[] {
  const lines = sdp.split(/\r?\n/).filter((line) => line.length > 0);
  const sections: Section[] = [{ kind: '', lines: [] }];
  for (const line of lines) {
    if (line.startsWith('m=')) sections.push({ kind: line.slice(2).split(' ')[0] ?? '', lines: [] });
    sections.at(-1)!.lines.push(line);
  }
  return sections;
}

/** payload type → lower-case encoding name, from the section's a=rtpmap lines */
function codecNames(lines: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const line of lines) {
    const match = /^a=rtpmap:(\d+) ([^/\s]+)/.exec(line);
    if (match) names.set(match[1]!, match[2]!.toLowerCase());
  }
  return names;
}

const positive = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** '29.97' stays as written; integers without a fraction */
const formatRate = (value: number) => String(Math.round(value * 100) / 100);

/** An fmtp parameter list with the bitrate pair set (replacing any earlier pair). */
function withBitrates(parameters: string, kbps: number): string {
  const kept = parameters.split(';').map((p) => p.trim()).filter((p) => p && !p.startsWith(`${MIN_BITRATE}=`) && !p.startsWith(`${MAX_BITRATE}=`));
  return [...kept, `${MIN_BITRATE}=${kbps}`, `${MAX_BITRATE}=${kbps}`].join(';');
}

function rewriteMediaSection(section: Section, options: SdpMungeOptions): string[] {
  const video = section.kind === 'video';
  const audio = section.kind === 'audio';
  if (!video && !audio) return section.lines;
  const bitrate = video ? options.videoBitrate : options.audioBitrate;
  const listed = video ? VIDEO_BITRATE_CODECS : AUDIO_BITRATE_CODECS;
  const names = codecNames(section.lines);
  const stripped = new Set([...names].filter(([, name]) => video && FEEDBACK_STRIPPED_CODECS.includes(name)).map(([pt]) => pt));
  const withFmtp = new Set(section.lines.map((line) => /^a=fmtp:(\d+) /.exec(line)?.[1]).filter((pt): pt is string => !!pt));

  const out: string[] = [];
  // bandwidth lines come after m=, i= and c= and before the attributes (RFC 8866 §5)
  const extra: string[] = [];
  if (positive(bitrate)) extra.push(`b=AS:${Math.round(bitrate)}`, `b=TIAS:${Math.round(bitrate * 1000)}`);
  if (video && positive(options.videoFrameRate)) extra.push(`a=framerate:${formatRate(options.videoFrameRate)}`);
  let placed = extra.length === 0;
  const place = () => {
    if (!placed) out.push(...extra);
    placed = true;
  };

  for (const line of section.lines) {
    if (!placed && !(line.startsWith('m=') || line.startsWith('i=') || line.startsWith('c='))) {
      // the section's own b= lines give way to ours
      if (line.startsWith('b=') && positive(bitrate)) continue;
      if (!line.startsWith('b=')) place();
    }
    if (line.startsWith('b=') && placed && positive(bitrate)) continue;
    if (line.startsWith('a=framerate:') && video && positive(options.videoFrameRate)) continue;

    const feedback = /^a=rtcp-fb:(\d+) (\S+)/.exec(line);
    if (feedback && stripped.has(feedback[1]!) && STRIPPED_FEEDBACK.includes(feedback[2]!.toLowerCase())) continue;

    const fmtp = /^a=fmtp:(\d+) (.*)$/.exec(line);
    if (fmtp && positive(bitrate) && listed.includes(names.get(fmtp[1]!) ?? '')) {
      out.push(`a=fmtp:${fmtp[1]} ${withBitrates(fmtp[2]!, Math.round(bitrate))}`);
      continue;
    }
    out.push(line);

    const rtpmap = /^a=rtpmap:(\d+) /.exec(line);
    if (rtpmap && positive(bitrate) && !withFmtp.has(rtpmap[1]!) && listed.includes(names.get(rtpmap[1]!) ?? '')) {
      out.push(`a=fmtp:${rtpmap[1]} ${withBitrates('', Math.round(bitrate))}`);
    }
  }
  place();
  return out;
}

export function mungePublishSdp(sdp: string, options: SdpMungeOptions): string {
  const lines = splitSections(sdp).flatMap((section) => (section.kind ? rewriteMediaSection(section, options) : section.lines));
  return `${lines.join('\r\n')}\r\n`;
}

/** The payload types of a section kind whose encoding is one of `codecs` (tests and the answer). */
export function payloadTypesOf(sdp: string, kind: 'audio' | 'video', codecs: readonly string[]): string[] {
  return splitSections(sdp)
    .filter((section) => section.kind === kind)
    .flatMap((section) => [...codecNames(section.lines)].filter(([, name]) => codecs.includes(name)).map(([pt]) => pt));
}
