import { DtlsClient, RTCDtlsTransport, RTCPeerConnection, type DtlsSocket, type RTCPeerConnectionConfig } from 'werift';

const HELLO_VERIFY_REQUEST = 3;

/**
 * werift 0.24's DTLS client fails the handshake when a HelloVerifyRequest arrives twice: its
 * first ClientHello is retransmitted after 500 ms, a server that answered late (a loaded machine)
 * answers both, and the client's flight 3 throws on re-entry, so the connection goes 'failed' two
 * seconds after it started. A repeat is dropped instead: flight 3 keeps retransmitting the
 * ClientHello with the cookie it got, which stays valid (werift's server keeps one cookie per
 * association; RFC 6347 §4.2.1 cookies are a function of the client's parameters).
 */
export function acceptRepeatedHelloVerify(client: DtlsSocket): void {
  const handle = client.onHandleHandshakes;
  client.onHandleHandshakes = (assembled) => {
    const answered = client.dtls.flight >= 3;
    const kept = answered ? assembled.filter((handshake) => handshake.msg_type !== HELLO_VERIFY_REQUEST) : assembled;
    return kept.length ? handle(kept) : Promise.resolve();
  };
}

let installed = false;

/** Every DTLS client werift starts gets the guard above (its transport creates the client inside `start`). */
function guardDtlsClients(): void {
  if (installed) return;
  installed = true;
  const start = RTCDtlsTransport.prototype.start;
  RTCDtlsTransport.prototype.start = function startGuarded(this: RTCDtlsTransport) {
    const started = start.call(this);
    // `start` creates its DTLS socket synchronously and sends the first ClientHello 100 ms later
    if (this.dtls instanceof DtlsClient) acceptRepeatedHelloVerify(this.dtls);
    return started;
  };
}

/** The one way the streaming server (and its test peers) open a werift peer connection. */
export function newPeerConnection(config: RTCPeerConnectionConfig): RTCPeerConnection {
  guardDtlsClients();
  return new RTCPeerConnection(config);
}
