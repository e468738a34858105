import { RtpHeader, RtpPacket } from 'werift';
import { describe, expect, it } from 'vitest';
import { readRelayDatagram, relayDatagram } from './viewerRelayProtocol.ts';

describe('viewer relay datagrams', () => {
  const rtp = new RtpPacket(new RtpHeader({ payloadType: 96, sequenceNumber: 65535, timestamp: 4_000_000_000, ssrc: 0xdeadbeef, marker: true }), Buffer.from('payload bytes')).serialize();

  it('carry the webcast, the kind and the publisher\'s packet unchanged', () => {
    const read = readRelayDatagram(relayDatagram(4_000_000_001, 'audio', rtp));
    expect(read).toMatchObject({ webcastId: 4_000_000_001, kind: 'audio' });
    expect(Buffer.compare(read!.rtp, rtp)).toBe(0);
    const packet = RtpPacket.deSerialize(read!.rtp);
    expect(packet.header).toMatchObject({ payloadType: 96, sequenceNumber: 65535, timestamp: 4_000_000_000, ssrc: 0xdeadbeef, marker: true });
    expect(readRelayDatagram(relayDatagram(7, 'video', rtp))?.kind).toBe('video');
  });

  it('are told from anything else that reaches the port', () => {
    expect(readRelayDatagram(Buffer.alloc(0))).toBeNull();
    expect(readRelayDatagram(relayDatagram(1, 'video', rtp.subarray(0, 8)))).toBeNull();
    const foreignKind = relayDatagram(1, 'video', rtp);
    foreignKind[0] = 9;
    expect(readRelayDatagram(foreignKind)).toBeNull();
    const notRtp = relayDatagram(1, 'video', rtp);
    notRtp[5] = 0;
    expect(readRelayDatagram(notRtp)).toBeNull();
  });
});
