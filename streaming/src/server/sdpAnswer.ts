/**
 * The ingest's reading of a publish offer and its touch on the answer. The studio writes the
 * chosen bitrates into the offer (spec 2 §7.3); the browser only honours bandwidth written by
 * the remote side, so the answer repeats them: b=AS/b=TIAS per media and the x-google bitrate
 * parameters on the codec the answer keeps.
 */

interface Section {
  kind: string;
  lines: string[];
}

function sections(sdp: string): Section[] {
  const all: Section[] = [{ kind: '', lines: [] }];
  for (const line of sdp.split(/\r?\n/)) {
    if (!line) continue;
    if (line.startsWith('m=')) all.push({ kind: line.slice(2).split(' ')[0] ?? '', lines: [] });
    all.at(-1)!.lines.push(line);
  }
  return all;
}

/**
 * Lower-case codec names per media kind, in the offer's order. `direction` is what the offerer
 * does with them: a publisher's offer sends (its recvonly sections offer nothing to ingest), a
 * WHEP viewer's offer receives (RFC 9725 §4.2: recvonly; its sendonly sections take nothing).
 */
export function offeredCodecs(sdp: string, direction: 'send' | 'receive' = 'send'): { audio: string[]; video: string[] } {
  const result = { audio: [] as string[], video: [] as string[] };
  const unusable = direction === 'send' ? 'a=recvonly' : 'a=sendonly';
  for (const section of sections(sdp)) {
    if (section.kind !== 'audio' && section.kind !== 'video') continue;
    // a rejected or inactive section offers nothing
    if (/^m=\S+ 0 /.test(section.lines[0] ?? '') || section.lines.includes('a=inactive') || section.lines.includes(unusable)) continue;
    for (const line of section.lines) {
      const match = /^a=rtpmap:\d+ ([^/\s]+)/.exec(line);
      if (match) result[section.kind].push(match[1]!.toLowerCase());
    }
  }
  return result;
}

interface Hints {
  bandwidth: string[];
  /** kbps per parameter name */
  bitrates: Record<string, string>;
}

function hintsOf(section: Section): Hints {
  const bandwidth = section.lines.filter((l) => /^b=(AS|TIAS):\d+$/.test(l));
  const bitrates: Record<string, string> = {};
  for (const line of section.lines) {
    if (!line.startsWith('a=fmtp:')) continue;
    for (const match of line.matchAll(/(x-google-(?:min|max|start)-bitrate)=(\d+)/g)) bitrates[match[1]!] ??= match[2]!;
  }
  return { bandwidth, bitrates };
}

export function answerWithBandwidth(answer: string, offer: string): string {
  const hints = new Map<string, Hints>();
  for (const section of sections(offer)) if (section.kind && !hints.has(section.kind)) hints.set(section.kind, hintsOf(section));
  const out: string[] = [];
  for (const section of sections(answer)) {
    const hint = section.kind ? hints.get(section.kind) : undefined;
    if (!hint) {
      out.push(...section.lines);
      continue;
    }
    const params = Object.entries(hint.bitrates).map(([name, value]) => `${name}=${value}`);
    let placed = hint.bandwidth.length === 0;
    for (const line of section.lines) {
      if (line.startsWith('b=') && hint.bandwidth.length) continue;
      if (!placed && !/^[mic]=/.test(line)) {
        out.push(...hint.bandwidth);
        placed = true;
      }
      const fmtp = /^a=fmtp:(\d+) (.*)$/.exec(line);
      if (fmtp && params.length && section.kind === 'video') {
        const kept = fmtp[2]!.split(';').filter((p) => p && !/^x-google-(min|max|start)-bitrate=/.test(p));
        out.push(`a=fmtp:${fmtp[1]} ${[...kept, ...params].join(';')}`);
        continue;
      }
      out.push(line);
      const rtpmap = /^a=rtpmap:(\d+) (\S+)/.exec(line);
      // a video codec of the answer without fmtp gets the parameters on a line of its own
      if (rtpmap && params.length && section.kind === 'video' && !/^(rtx|red|ulpfec)\//i.test(rtpmap[2]!)
        && !section.lines.some((l) => l.startsWith(`a=fmtp:${rtpmap[1]} `))) {
        out.push(`a=fmtp:${rtpmap[1]} ${params.join(';')}`);
      }
    }
    if (!placed) out.push(...hint.bandwidth);
  }
  return `${out.join('\r\n')}\r\n`;
}
