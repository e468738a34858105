import dgram from 'node:dgram';

/**
 * UDP ports for ffmpeg's RTP input. Each media takes an even port and the odd one above it
 * (RTCP). A pair leaves the pool when a session takes it and comes back only after that
 * session's ffmpeg has exited (DESIGN "Files and media": wait for ffmpeg to exit before reusing
 * ports); a pair some other program holds is skipped.
 */
export class UdpPortPool {
  private readonly taken = new Set<number>();
  private cursor: number;

  constructor(private readonly first: number, private readonly last: number, private readonly host = '127.0.0.1') {
    if (first % 2 !== 0) throw new Error(`the RTP port range must start on an even port (${first})`);
    if (last <= first) throw new Error(`empty RTP port range ${first}-${last}`);
    this.cursor = first;
  }

  /** ports in use by live sessions (for logs and tests) */
  get inUse(): number[] {
    return [...this.taken].sort((a, b) => a - b);
  }

  /** `count` RTP ports (each with its RTCP port above), free right now. */
  async acquire(count: number): Promise<number[]> {
    const ports: number[] = [];
    const pairs = Math.floor((this.last - this.first + 1) / 2);
    try {
      for (let tried = 0; ports.length < count && tried < pairs; tried += 1) {
        const port = this.cursor;
        this.cursor = port + 2 > this.last - 1 ? this.first : port + 2;
        if (this.taken.has(port)) continue;
        // reserve before the probe so a concurrent acquire cannot take the same pair
        this.taken.add(port);
        if (await this.free(port) && await this.free(port + 1)) ports.push(port);
        else this.taken.delete(port);
      }
      if (ports.length < count) throw new Error(`no free UDP port pair in ${this.first}-${this.last}`);
      return ports;
    } catch (error) {
      this.release(ports);
      throw error;
    }
  }

  release(ports: readonly number[]): void {
    for (const port of ports) this.taken.delete(port);
  }

  private free(port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = dgram.createSocket('udp4');
      socket.once('error', () => {
        socket.close();
        resolve(false);
      });
      socket.bind(port, this.host, () => socket.close(() => resolve(true)));
    });
  }
}
