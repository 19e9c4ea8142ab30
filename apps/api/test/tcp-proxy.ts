import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test puts between the API and a server (PostgreSQL) to play network faults:
 * `cut()` drops every connection and refuses new ones, as a crashed or restarting server does;
 * `stall()` accepts connections but passes nothing on, as a lost network does; `restore()`
 * forwards again on the same port.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private stalled = false;
  private listenPort = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  get port(): number {
    return this.listenPort;
  }

  /** Listens on a free port of 127.0.0.1 (the same one again after a cut). */
  async start(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.listenPort, '127.0.0.1', () => resolve());
    });
    this.listenPort = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Resets every open connection and stops listening: new connections are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : null;
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    await closed;
  }

  /** Keeps accepting connections but lets no byte through either way. */
  stall(): void {
    this.stalled = true;
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  /** Forwards again: listens if cut, lets bytes through if stalled (held connections are dropped). */
  async restore(): Promise<void> {
    if (this.stalled) {
      this.stalled = false;
      for (const socket of this.sockets) socket.resetAndDestroy();
      this.sockets.clear();
    }
    if (!this.server) await this.start();
  }

  async stop(): Promise<void> {
    await this.cut();
  }

  private accept(client: Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    if (this.stalled) {
      client.pause();
      return;
    }
    const upstream = connect(this.target.port, this.target.host);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.resetAndDestroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
