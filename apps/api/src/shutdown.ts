import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface InFlight {
  /** Requests whose answer is not closed yet, plus route handlers still running. */
  readonly count: number;
  /** Resolves once nothing is in flight. */
  idle(): Promise<void>;
  /** From now on every answer closes its connection (a kept-alive one would hold the server open). */
  drain(): void;
}

/**
 * Counts what a shutdown must wait for: each request from its arrival until its response is
 * closed (sent, or its connection gone), and each route handler until it settles, since a
 * handler goes on using the database after its client went away. The response's 'close'
 * event always comes, unlike onResponse (not run when the client aborted) and onRequestAbort
 * (not run once the body was read). Once draining, a handler whose client went away before it
 * started is not started: it was counted out with its connection, so the pool may be closed by
 * then, and nobody waits for its answer. Install before any route is registered (buildApp does).
 */
export function trackInFlight(app: FastifyInstance): InFlight {
  let count = 0;
  let draining = false;
  let waiters: (() => void)[] = [];
  /** Responses whose connection has closed. */
  const closed = new WeakSet<object>();
  const begin = () => {
    count += 1;
  };
  const end = () => {
    count -= 1;
    if (count > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };

  app.addHook('onRequest', async (_request, reply) => {
    begin();
    reply.raw.once('close', () => {
      closed.add(reply.raw);
      end();
    });
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      if (draining && closed.has(reply.raw)) return reply.code(503).send();
      const result: unknown = handler.call(this, request, reply);
      // Handlers that answer later through reply.send (static files) are left as they are.
      if (!(result instanceof Promise)) return result;
      begin();
      return result.finally(end);
    };
  });

  return {
    get count() {
      return count;
    },
    idle: () =>
      count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
    drain() {
      draining = true;
    },
  };
}

/** Work repeated on a timer (the reconcile sweep), which a shutdown waits for. */
export interface Sweep {
  /** No new run starts; resolves when the current one, if any, has ended. */
  stop(): Promise<void>;
}

export function startSweep(
  work: () => Promise<unknown>,
  everyMs: number,
  log: FastifyBaseLogger,
): Sweep {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'sweep failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** A request still running after this is cut off: a deploy must not wait for ever. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Stops the API without breaking what it is doing: the port closes at once (new connections
 * are refused), requests in flight finish and are answered, including those whose client has
 * gone, the sweep ends its run, and only then does the database pool close. After the
 * deadline the remaining connections are cut and the pool is closed anyway.
 */
export async function shutdown(options: {
  app: FastifyInstance;
  inFlight: InFlight;
  database: { close(): Promise<void> };
  sweeps?: Sweep[];
  deadlineMs?: number;
}): Promise<void> {
  const { app, inFlight, database, sweeps = [], deadlineMs = SHUTDOWN_DEADLINE_MS } = options;
  inFlight.drain();
  // Fastify stops listening, answers 503 on kept-alive connections, and resolves once the
  // last connection has closed.
  const closing = app.close().catch((error: unknown) => {
    // A plugin's onClose failing must not keep the pool open.
    app.log.error({ err: error }, 'closing the app failed');
  });
  const answered = inFlight.idle().then(() => {
    // A connection answered just before the shutdown began may still be kept alive.
    app.server.closeIdleConnections();
  });
  const finished = Promise.all([
    answered.then(() => closing),
    ...sweeps.map((sweep) => sweep.stop()),
  ]);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  const outcome = await Promise.race([finished.then(() => 'finished' as const), deadline]);
  clearTimeout(timer);
  if (outcome === 'deadline') {
    app.log.warn(
      { inFlight: inFlight.count, deadlineMs },
      'shutdown deadline passed: cutting the requests still running',
    );
    app.server.closeAllConnections();
    await closing;
  }
  await database.close();
}
