import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createTestDatabase, testAppOptions } from '../helper';

/**
 * Requests any anonymous client can send that cost the server far more than they cost the
 * client (issue 14, finding 6): bodies and headers sent a byte at a time, and idle connections.
 */
describe('slow clients on a listening server', () => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let port: number;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dispose = database.dispose;
    app = await buildApp(
      testAppOptions(database, {
        timeouts: { requestMs: 1000, connectionMs: 1500, keepAliveMs: 500 },
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  /** Resolves with what the server sent and how long until it closed the connection. */
  function watch(socket: Socket): Promise<{ received: string; closedAfterMs: number }> {
    const started = performance.now();
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    return new Promise((resolve) => {
      // Give up well after every configured limit: a server without them never closes.
      const giveUp = setTimeout(() => socket.destroy(), 6000);
      socket.on('close', () => {
        clearTimeout(giveUp);
        resolve({ received, closedAfterMs: performance.now() - started });
      });
      socket.on('error', () => {});
    });
  }

  it('cuts a body sent a byte at a time once the request timeout passes', async () => {
    const socket = connect(port, '127.0.0.1');
    const closed = watch(socket);
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    const { received, closedAfterMs } = await closed;
    clearInterval(trickle);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(3000);
  });

  it('closes a connection that sends part of its headers and then nothing', async () => {
    const socket = connect(port, '127.0.0.1');
    const closed = watch(socket);
    socket.write('GET /api/health/live HTTP/1.1\r\nHost: local');
    const { closedAfterMs } = await closed;
    expect(closedAfterMs).toBeLessThan(3000);
  });

  it('closes an idle keep-alive connection after its timeout', async () => {
    const socket = connect(port, '127.0.0.1');
    const closed = watch(socket);
    socket.write('GET /api/health/live HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const { received, closedAfterMs } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfterMs).toBeLessThan(2000);
  });
});
