import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** How many requests each upstream answered, in the order given. */
  served: number[];
  close: () => Promise<void>;
}

/**
 * One port in front of several API processes, as a load balancer would be: each request goes
 * to the next upstream in turn (not each connection, so a keep-alive client reaches them all).
 * It adds X-Forwarded-For and answers which upstream served in `x-upstream`.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const served = upstreams.map(() => 0);
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next++ % upstreams.length;
    served[index]! += 1;
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    const upstream = forward(
      target,
      {
        method: incoming.method,
        headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          'x-upstream': String(index),
        });
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
