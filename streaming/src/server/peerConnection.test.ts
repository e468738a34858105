import { describe, expect, it } from 'vitest';
import {
  DtlsClient, DtlsServer, HashAlgorithm, NamedCurveAlgorithm, SignatureAlgorithm, createSelfSignedCertificate,
  type DtlsSocket, type Transport,
} from 'werift';
import { acceptRepeatedHelloVerify } from './peerConnection.ts';

const HELLO_VERIFY_REQUEST = 3;

/** One end of an in-memory datagram link; `deliver` is where what it sends goes. */
function endpoint(): Transport & { deliver: (data: Buffer) => void } {
  const end = {
    type: 'memory',
    address: {} as Transport['address'],
    closed: false,
    onData: (_data: Buffer) => undefined as void,
    deliver: (_data: Buffer) => undefined as void,
    send: async (data: Buffer) => {
      setImmediate(() => end.deliver(data));
    },
    close: async () => {
      end.closed = true;
    },
  };
  return end as unknown as Transport & { deliver: (data: Buffer) => void };
}

async function certificate() {
  const { certPem, keyPem, signatureHash } = await createSelfSignedCertificate(
    { signature: SignatureAlgorithm.ecdsa_3, hash: HashAlgorithm.sha256_4 },
    NamedCurveAlgorithm.secp256r1_23,
  );
  return { cert: certPem, key: keyPem, signatureHash };
}

/**
 * A handshake where the server answers the client's first ClientHello twice, as it does when the
 * ClientHello was retransmitted before a late answer.
 */
async function handshake(options: { guard: boolean }): Promise<'connected' | 'failed'> {
  const [clientEnd, serverEnd] = [endpoint(), endpoint()];
  const server = new DtlsServer({ ...(await certificate()), transport: serverEnd, extendedMasterSecret: true, certificateRequest: true });
  const client = new DtlsClient({ ...(await certificate()), transport: clientEnd, extendedMasterSecret: true });
  if (options.guard) acceptRepeatedHelloVerify(client);

  let sent = 0;
  clientEnd.deliver = (data) => {
    serverEnd.onData(data, { port: 0, address: '' } as never);
    // the first ClientHello again: both answers reach the client before its second flight is answered
    if (++sent === 1) serverEnd.onData(data, { port: 0, address: '' } as never);
  };
  serverEnd.deliver = (data) => clientEnd.onData(data, { port: 0, address: '' } as never);

  let helloVerifies = 0;
  const handle = client.onHandleHandshakes;
  client.onHandleHandshakes = (assembled) => {
    helloVerifies += assembled.filter((h) => h.msg_type === HELLO_VERIFY_REQUEST).length;
    return handle(assembled);
  };

  const outcome = new Promise<'connected' | 'failed'>((resolve) => {
    const both = [client, server].map((socket: DtlsSocket) => new Promise<void>((done) => socket.onConnect.once(() => done())));
    void Promise.all(both).then(() => resolve('connected'));
    client.onError.once(() => resolve('failed'));
    setTimeout(() => resolve('failed'), 8000);
  });
  await client.connect().catch(() => undefined);
  const result = await outcome;
  expect(helloVerifies).toBe(2);
  for (const socket of [client, server]) socket.close();
  return result;
}

describe('DTLS client and a repeated HelloVerifyRequest (RFC 6347 §4.2.1)', () => {
  it('fails without the guard: the bug the guard exists for is still in werift', async () => {
    expect(await handshake({ guard: false })).toBe('failed');
  });

  it('completes with the guard', async () => {
    expect(await handshake({ guard: true })).toBe('connected');
  });
});
